using System;
using Orleans;

namespace Blake2Fast.OrleansSample;

/// <summary>How a job is cut up and how hard it tries; the defaults suit a handful of silos.</summary>
[GenerateSerializer]
[Immutable]
public sealed class HashJobOptions
{
    /// <summary>The default options.</summary>
    public static HashJobOptions Default { get; } = new();

    /// <summary>
    /// The most pieces the input is cut into (at least 2). BLAKE3 pieces are subtrees of 1024 times
    /// a power of two bytes (<see cref="Blake3Subtree.SplitLength"/>), so there may be fewer; a
    /// BLAKE2 tree job may use more when its pieces' leaf digests would not fit one message.
    /// </summary>
    [Id(0)]
    public int MaxPieces { get; init; } = 64;

    /// <summary>Pieces hashed at the same time, over all silos; 0 for two per active silo.</summary>
    [Id(1)]
    public int MaxPiecesInFlight { get; init; }

    /// <summary>
    /// How long one attempt at one piece may take before the coordinator gives it to another silo.
    /// Pick it from the piece size and the slowest silo's speed, with room to spare.
    /// </summary>
    [Id(2)]
    public TimeSpan PieceTimeout { get; init; } = TimeSpan.FromMinutes(10);

    /// <summary>Attempts per piece, each on a new worker activation (at least 1).</summary>
    [Id(3)]
    public int MaxAttempts { get; init; } = 3;

    /// <summary>Bytes a worker reads at a time: what bounds its memory, with the BLAKE2 leaf length.</summary>
    [Id(4)]
    public int ReadBufferLength { get; init; } = 1 << 20;

    /// <summary>Refuses options no job can run with.</summary>
    internal void Validate()
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxPieces, 2, nameof(MaxPieces));
        ArgumentOutOfRangeException.ThrowIfNegative(MaxPiecesInFlight, nameof(MaxPiecesInFlight));
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(PieceTimeout, TimeSpan.Zero, nameof(PieceTimeout));
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxAttempts, 1, nameof(MaxAttempts));
        ArgumentOutOfRangeException.ThrowIfLessThan(ReadBufferLength, 4096, nameof(ReadBufferLength));
    }
}

/// <summary>What every job has: the input file and how the job is cut up.</summary>
[GenerateSerializer]
[Immutable]
public abstract class HashJob
{
    /// <summary>The input: an absolute path that names the same file on every silo (a shared or replicated volume).</summary>
    [Id(0)]
    public required string Path { get; init; }

    /// <summary>How the job is cut up.</summary>
    [Id(1)]
    public HashJobOptions Options { get; init; } = HashJobOptions.Default;
}

/// <summary>A BLAKE3 job: the file every silo can read at <see cref="HashJob.Path"/>, in one mode.</summary>
[GenerateSerializer]
[Immutable]
public sealed class Blake3Job : HashJob
{
    /// <summary>Plain, keyed or key derivation.</summary>
    [Id(0)]
    public Blake3ModeSpec Mode { get; init; } = Blake3ModeSpec.Hash;

    /// <summary>Bytes of output (BLAKE3 is extendable): 32 is the standard hash.</summary>
    [Id(1)]
    public int OutputLength { get; init; } = 32;
}

/// <summary>
/// A BLAKE2b tree job with unlimited fanout (as <see cref="Blake2b.HashTree(System.ReadOnlySpan{byte}, int, System.Span{byte}, int)"/>,
/// <c>b2fast --tree</c>, bt2sum): leaves of <see cref="LeafLength"/> bytes, a root over their digests.
/// </summary>
[GenerateSerializer]
[Immutable]
public sealed class Blake2TreeJob : HashJob
{
    /// <summary>The leaf length in bytes, at least 1.</summary>
    [Id(0)]
    public int LeafLength { get; init; } = 1 << 20;

    /// <summary>The digest length of every node, 1 to 64 bytes.</summary>
    [Id(1)]
    public int DigestLength { get; init; } = 64;
}

/// <summary>One attempt at one piece of a job: what a worker reads, and who it is.</summary>
/// <param name="JobId">The job (its coordinator's key).</param>
/// <param name="Index">The piece's number, from 0 in input order.</param>
/// <param name="Attempt">The attempt, from 0; each attempt runs on its own worker activation.</param>
/// <param name="Path">The input file.</param>
/// <param name="FileLength">The file's length when the job started: a worker that finds another refuses to hash.</param>
/// <param name="Offset">Where the piece starts in the file.</param>
/// <param name="Length">The piece's length in bytes (0 only for the one empty leaf of an empty BLAKE2 tree job).</param>
/// <param name="ReadBufferLength">Bytes the worker reads at a time.</param>
[GenerateSerializer]
[Immutable]
public sealed record PieceInfo(Guid JobId, int Index, int Attempt, string Path, long FileLength, long Offset, long Length, int ReadBufferLength)
{
    /// <summary>The worker grain's key for this attempt: a new activation for every attempt.</summary>
    public string WorkerKey => $"{JobId:N}/{Index}/{Attempt}";

    /// <summary>For logs.</summary>
    /// <returns>The piece, attempt and byte range.</returns>
    public override string ToString() => $"piece {Index} attempt {Attempt} [{Offset}, {Offset + Length})";
}
