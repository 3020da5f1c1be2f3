using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>
/// The library's incremental hashers as <see cref="IIncrementalHash"/>, one factory per row of
/// <see cref="HashAlgorithms"/>: the only place that knows which library type implements a row.
/// </summary>
internal static class LibraryHashes
{
    // BLAKE2b, BLAKE2s, BLAKE2bp and BLAKE2sp update and finish through the interface they share;
    // only clearing is theirs alone.
    private static readonly StateHash<Blake2bHashState>.Calls Blake2bCalls = Blake2Calls((ref Blake2bHashState s) => s.Clear());
    private static readonly StateHash<Blake2sHashState>.Calls Blake2sCalls = Blake2Calls((ref Blake2sHashState s) => s.Clear());
    private static readonly StateHash<Blake2bpHashState>.Calls Blake2bpCalls = Blake2Calls((ref Blake2bpHashState s) => s.Clear());
    private static readonly StateHash<Blake2spHashState>.Calls Blake2spCalls = Blake2Calls((ref Blake2spHashState s) => s.Clear());

    // The XOFs' output is read from the reader their Finish returns; -l is its length.
    private static readonly StateHash<Blake2XbHashState>.Calls Blake2XbCalls = new(
        (ref Blake2XbHashState s, ReadOnlySpan<byte> data) => s.Update(data),
        (ref Blake2XbHashState s, Span<byte> destination) => { using Blake2XbReader reader = s.Finish(); reader.Read(destination); },
        (ref Blake2XbHashState s) => s.Clear(),
        (ref Blake2XbHashState s, long length) => { Blake2XbReader reader = s.Finish(); return new DigestOutput(length, reader.Read, reader); });

    private static readonly StateHash<Blake2XsHashState>.Calls Blake2XsCalls = new(
        (ref Blake2XsHashState s, ReadOnlySpan<byte> data) => s.Update(data),
        (ref Blake2XsHashState s, Span<byte> destination) => { using Blake2XsReader reader = s.Finish(); reader.Read(destination); },
        (ref Blake2XsHashState s) => s.Clear(),
        (ref Blake2XsHashState s, long length) => { Blake2XsReader reader = s.Finish(); return new DigestOutput(length, reader.Read, reader); });

    public static IIncrementalHash Blake2b(HashParameters p) => new StateHash<Blake2bHashState>(
        Blake2Fast.Blake2b.CreateIncrementalHasher(new Blake2bParameters { DigestLength = (int)p.DigestBytes, Key = p.Key, Salt = p.Salt, Personalization = p.Personalization }),
        Blake2bCalls);

    public static IIncrementalHash Blake2s(HashParameters p) => new StateHash<Blake2sHashState>(
        Blake2Fast.Blake2s.CreateIncrementalHasher(new Blake2sParameters { DigestLength = (int)p.DigestBytes, Key = p.Key, Salt = p.Salt, Personalization = p.Personalization }),
        Blake2sCalls);

    /// <summary>BLAKE2bp and BLAKE2sp take a key only: the mode fixes its own tree.</summary>
    public static IIncrementalHash Blake2bp(HashParameters p) =>
        new StateHash<Blake2bpHashState>(Blake2Fast.Blake2bp.CreateIncrementalHasher((int)p.DigestBytes, p.Key), Blake2bpCalls);

    public static IIncrementalHash Blake2sp(HashParameters p) =>
        new StateHash<Blake2spHashState>(Blake2Fast.Blake2sp.CreateIncrementalHasher((int)p.DigestBytes, p.Key), Blake2spCalls);

    public static IIncrementalHash Blake2xb(HashParameters p) => new StateHash<Blake2XbHashState>(
        Blake2Fast.Blake2Xb.CreateIncrementalHasher(p.DigestBytes, new Blake2bParameters { Key = p.Key, Salt = p.Salt, Personalization = p.Personalization }),
        Blake2XbCalls);

    public static IIncrementalHash Blake2xs(HashParameters p) => new StateHash<Blake2XsHashState>(
        Blake2Fast.Blake2Xs.CreateIncrementalHasher((int)p.DigestBytes, new Blake2sParameters { Key = p.Key, Salt = p.Salt, Personalization = p.Personalization }),
        Blake2XsCalls);

    private static StateHash<T>.Calls Blake2Calls<T>(StateHash<T>.Eraser clear)
        where T : struct, IBlake2Incremental =>
        new((ref T s, ReadOnlySpan<byte> data) => s.Update(data), (ref T s, Span<byte> destination) => s.Finish(destination), clear);
}
