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

    /// <summary>The Blake3 NuGet package 3.0.2: the official BLAKE3 (Rust, native code) through P/Invoke.</summary>
    public const string Blake3Native = "BLAKE3 (Rust)";

    /// <summary>The in-box System.Security.Cryptography classes.</summary>
    public const string DotNet = ".NET";
}
