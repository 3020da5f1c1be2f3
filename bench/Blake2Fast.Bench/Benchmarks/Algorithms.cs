namespace Blake2Fast.Bench.Benchmarks;

/// <summary>Algorithm labels of <see cref="RowAttribute"/>: equal labels promise equal digests.</summary>
internal static class Algorithms
{
    public const string Blake2b512 = "BLAKE2b-512";
    public const string Blake2b256 = "BLAKE2b-256";
    public const string Blake2b40 = "BLAKE2b-40";
    public const string Blake2b256Keyed = "BLAKE2b-256 keyed";
    public const string Blake2bp512 = "BLAKE2bp-512";
    public const string Blake2s256 = "BLAKE2s-256";
    public const string Blake2s40 = "BLAKE2s-40";
    public const string Blake2sp256 = "BLAKE2sp-256";
    public const string Md5 = "MD5";
    public const string Sha256 = "SHA-256";
    public const string Sha512 = "SHA-512";
    public const string Sha3_256 = "SHA3-256";
    public const string HmacSha256 = "HMAC-SHA256";
    public const string HmacBlake2b = "HMAC-BLAKE2b";
    public const string Blake3_256 = "BLAKE3-256";
    public const string HmacBlake2s = "HMAC-BLAKE2s";
    public const string Blake2s256Keyed = "BLAKE2s-256 keyed";
}
