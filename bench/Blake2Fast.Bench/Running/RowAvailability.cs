using System.Security.Cryptography;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using Blake2Fast.Bench.Benchmarks;
using Blake2Fast.Bench.Native;

namespace Blake2Fast.Bench.Running;

/// <summary>
/// Drops the rows this machine cannot run (a native library that does not load, SHA3 without
/// platform support) so that they are skipped with a note instead of failing in a child process.
/// </summary>
internal sealed class RowAvailability : IFilter
{
    /// <summary>Why the row cannot run here, or null when it can.</summary>
    public static string? WhyUnavailable(RowAttribute row) => row switch
    {
        { Library: Libraries.Libsodium } when !Libsodium.IsAvailable =>
            "libsodium cannot be loaded (Debian/Ubuntu: apt-get install libsodium23)",
        { Library: Libraries.Libb2 } when !Libb2.IsAvailable =>
            "libb2 cannot be loaded (Debian/Ubuntu: apt-get install libb2-1)",
        { Library: Libraries.Blake3C } when !Blake3C.IsAvailable =>
            "official C BLAKE3 unavailable: libblake3.so cannot be loaded (bench/run.sh builds artifacts/native/libblake3.so " +
            "with bench/native/build-blake3-c.sh, which needs gcc and Debian's librust-blake3-dev; BLAKE2FAST_BLAKE3C names another file)",
        { Algorithm: Algorithms.Sha3_256 } when !SHA3_256.IsSupported =>
            "SHA3-256 is not supported by this platform's cryptography library",
        _ => null,
    };

    /// <inheritdoc/>
    public bool Predicate(BenchmarkCase benchmarkCase) =>
        RowAttribute.Of(benchmarkCase.Descriptor.Type, benchmarkCase.Descriptor.WorkloadMethod) is not { } row || WhyUnavailable(row) is null;
}
