using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Conformance;
using Blake2Fast.Internal;

namespace Blake2Fast.Browser;

/// <summary>
/// Every multi-core API in a page without threads: asked for -1, 2 or 4 threads, each must return
/// the answer it gives on one thread, throw nothing, and run every worker on the calling thread
/// (the library's worker hooks record each worker's thread).
/// </summary>
internal static class ThreadsChecks
{
    private static readonly int[] Degrees = [-1, 2, 4];

    /// <summary>The synchronous APIs; <see cref="RunAsync"/> adds the asynchronous ones.</summary>
    public static void Run(Report report)
    {
        report.Begin("multi-core APIs on the page's one thread");
        byte[] input = Suites.Sequence((3 << 20) + 1234, 17);
        byte[] key = Suites.Sequence(32, 5);
        Same(report, "Blake3.HashData", d =>
        {
            byte[] hash = new byte[32];
            Blake3.HashData(input, hash, d);
            return hash;
        });
        Same(report, "Blake3.HashData keyed", d =>
        {
            byte[] hash = new byte[32];
            Blake3.HashData(key, input, hash, d);
            return hash;
        });
        Same(report, "Blake3HashState.Update", d =>
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher();
            state.Update(input, d);
            return state.Finish();
        });
        Same(report, "Blake3Subtree.Hash", d =>
        {
            byte[] chainingValue = new byte[32];
            Blake3Subtree.Hash(Blake3Mode.Hash, input.AsSpan(0, 1 << 20), 0, chainingValue, d);
            return chainingValue;
        });
        byte[] hashOfInput = new byte[32];
        Same(report, "Bao.Encode", d => Bao.Encode(input, hashOfInput, d));
        byte[] encoded = Bao.Encode(input, hashOfInput, 1);
        Same(report, "Bao.Decode", d => Bao.Decode(encoded, hashOfInput, d));
        byte[] outboard = Bao.EncodeOutboard(input, hashOfInput, 1);
        Same(report, "Bao.DecodeOutboard", d => Bao.DecodeOutboard(input, outboard, hashOfInput, d));
        Same(report, "Blake2b.HashTree", d => Blake2b.HashTree(input, 65536, maxDegreeOfParallelism: d));
        Same(report, "Blake2s.HashTree", d => Blake2s.HashTree(input, 65536, maxDegreeOfParallelism: d));
        Same(report, "Blake2b.HashTree (stream)", d => Blake2b.HashTree(new MemoryStream(input), 65536, maxDegreeOfParallelism: d));
    }

    /// <summary>The asynchronous stream APIs, awaited on the page's thread.</summary>
    public static async Task RunAsync(Report report)
    {
        report.Begin("multi-core async APIs on the page's one thread");
        byte[] input = Suites.Sequence((2 << 20) + 77, 23);
        byte[] expected = Blake2b.HashTree(input, 65536, maxDegreeOfParallelism: 1);
        foreach (int degree in Degrees)
        {
            var threads = new List<int>();
            byte[]? actual = null;
            Exception? failure = null;
            ParallelPieces.Hooks.Value = new ParallelPieces.WorkerHooks(() => threads.Add(Environment.CurrentManagedThreadId), null);
            try
            {
                actual = await Blake2b.HashTreeAsync(new MemoryStream(input), 65536, maxDegreeOfParallelism: degree).ConfigureAwait(true);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                failure = e;
            }
            finally
            {
                ParallelPieces.Hooks.Value = null;
            }

            Record(report, "Blake2b.HashTreeAsync", degree, expected, actual, failure, threads);
        }
    }

    /// <summary>The call at each of <see cref="Degrees"/> against the same call on one thread.</summary>
    private static void Same(Report report, string what, Func<int, byte[]> call)
    {
        byte[] expected = call(1);
        foreach (int degree in Degrees)
        {
            var threads = new List<int>();
            byte[]? actual = null;
            Exception? failure = null;
            ParallelPieces.Hooks.Value = new ParallelPieces.WorkerHooks(() => threads.Add(Environment.CurrentManagedThreadId), null);
            try
            {
                actual = call(degree);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                failure = e;
            }
            finally
            {
                ParallelPieces.Hooks.Value = null;
            }

            Record(report, what, degree, expected, actual, failure, threads);
        }
    }

    private static void Record(Report report, string what, int degree, byte[] expected, byte[]? actual, Exception? failure, List<int> threads)
    {
        string label = $"{what}, maxDegreeOfParallelism {degree}";
        report.Check(failure is null, $"{label}: threw {failure}");
        report.Equal(expected, actual ?? [], label);
        int caller = Environment.CurrentManagedThreadId;
        report.Check(threads.TrueForAll(id => id == caller), $"{label}: workers ran on threads {string.Join(",", threads)}, the caller is {caller}");
    }
}
