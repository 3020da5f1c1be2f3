using System;

namespace Blake2Fast.Tests;

/// <summary>
/// Measures what an operation allocates on the calling thread (GC.GetAllocatedBytesForCurrentThread),
/// as the least over a few rounds of calls.
/// </summary>
/// <remarks>
/// The runtime itself sometimes allocates on the test's thread once, in the middle of a measured
/// loop: tiered compilation finishing a method's call counting, coverage instrumentation. A CI
/// leg at b043725 saw 4,152 bytes in 1,000 calls of Blake2s.HashData that allocates nothing, once,
/// in one leg of eleven. An operation that allocates does so on every call, so it allocates in
/// every round and the least round still shows it; one-off work of the runtime shows in one round.
/// </remarks>
internal static class AllocationMeter
{
    /// <summary>The fewest bytes allocated by <paramref name="calls"/> calls of <paramref name="run"/>, over <paramref name="rounds"/> rounds.</summary>
    public static long LeastAllocated(Action run, int calls, int rounds = 3)
    {
        long least = long.MaxValue;
        for (int round = 0; round < rounds; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < calls; i++)
            {
                run();
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return least;
    }
}
