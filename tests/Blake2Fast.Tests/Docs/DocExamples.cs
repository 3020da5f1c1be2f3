using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>
/// What the documentation's examples share: the sample message and key, and known answers from
/// Python's hashlib, b2sum, b3sum and the RFCs. Each page's snippets run in a class of their own
/// (readme.md: <see cref="ReadmeExamples"/>; docs/NAME.md: NameExamples), verbatim (DocSnippetTests checks that).
/// </summary>
#pragma warning disable CA1051, CA1707, IDE1006 // the snippets use these names as they appear in the docs
public abstract class DocExamples
{
    protected const string Fox512 = "a8add4bdddfd93e4877d2746e62817b116364a1fa7bc148d95090bc7333b3673f82401cf7aa2e4cb1ecd90296e3f14cb5413f8ed77be73045b13914cdcd6a918";
    protected const string Fox256 = "01718cec35cd3d796dd00020e0bfecb473ad23457d063b75eff29c0ffa2e58a9";
    protected const string FoxS256 = "606beeec743ccbeff6cbcdf5d5302aa855c256c29b88c8ed331ea1a6bf3c8812";
    protected const string Blake3Fox = "2f1514181aadccd913abd94cfa592701a5686ab23f8df1dff1b74710febc6d4a";
    protected const string Blake3FoxKeyed = "8243fa46b05dbbf045844c186bed1d591853b046f4f272d1c5d4ca5881d5e99c";
    protected const string Blake3FoxDerived = "a2b536e9a04d5cc06e3db70b942f68b4c3a60e18b18ee99e4b8f173f45f8cdcb";
    protected const string Blake3FoxAt1000000 = "37165de3544af67d46a4def51b9703cd";
    protected const string Blake3Zeros64MiB = "ea7b156fc9a810c181984f9e2da433feeeb2bf88ffa4d1f0dc1a92154b5bdc8b";
    protected const string FoxKeyed256 = "157e3fa0aa92c8e88af23b0a302aaf271f28198ac5daafc1aca6933229f711a0";

    protected static readonly byte[] data = "The quick brown fox jumps over the lazy dog"u8.ToArray();
    protected static readonly byte[] key = "my secret key"u8.ToArray();

    protected static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);
}
