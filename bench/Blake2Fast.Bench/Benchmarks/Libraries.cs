namespace Blake2Fast.Bench.Benchmarks;

/// <summary>Library labels of <see cref="RowAttribute"/>. The report compares every row with the <see cref="Blake2Fast"/> row.</summary>
internal static class Libraries
{
    /// <summary>This repository's library.</summary>
    public const string Blake2Fast = "Blake2Fast";

    /// <summary>Portable.BouncyCastle 1.8.10, managed code.</summary>
    public const string BouncyCastle = "BouncyCastle";

    /// <summary>libsodium through P/Invoke (what NSec.Cryptography runs).</summary>
    public const string Libsodium = "libsodium";

    /// <summary>The BLAKE2 reference library libb2 through P/Invoke.</summary>
    public const string Libb2 = "libb2";

    /// <summary>
    /// The official BLAKE3 C implementation with its SSE2..AVX-512 assembly, built from Debian's
    /// librust-blake3-dev sources by bench/native/build-blake3-c.sh, through P/Invoke: the native peer.
    /// </summary>
    public const string Blake3C = "official C BLAKE3 (native)";

    /// <summary>
    /// Blake3.NET 3.0.2, the <c>Blake3</c> NuGet package: managed C# with SIMD intrinsics. From 3.0 on
    /// the package no longer wraps the Rust crate (that moved to <c>Blake3.Native</c>), so it is not a
    /// native peer.
    /// </summary>
    public const string Blake3Net = "Blake3.NET (managed)";

    /// <summary>The in-box System.Security.Cryptography classes.</summary>
    public const string DotNet = ".NET";
}
