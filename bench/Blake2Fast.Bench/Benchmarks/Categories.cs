namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Benchmark categories, for <c>--anyCategories</c> / <c>--allCategories</c>. Every class carries the
/// family it measures and the kind of workload.
/// </summary>
internal static class Categories
{
    public const string Blake2b = "Blake2b";
    public const string Blake2s = "Blake2s";
    public const string Unkeyed = "Unkeyed";
    public const string Keyed = "Keyed";
    public const string Hmac = "Hmac";
    public const string Blake3 = "Blake3";
    public const string ShortDigest = "ShortDigest";
    public const string Streaming = "Streaming";
    public const string Peers = "Peers";
    public const string Kernels = "Kernels";
    public const string Files = "Files";
    public const string PortableBuild = "PortableBuild";
    public const string Argon2 = "Argon2";
}
