using System.Threading;
using System.Threading.Tasks;
using Orleans;
using Orleans.Concurrency;

namespace Blake2Fast.OrleansSample;

/// <summary>
/// A job's coordinator, one activation per job (keyed by the job's id): it cuts the input into
/// pieces, hands them to <see cref="IHashWorkerGrain"/> activations spread over the silos, retries
/// a piece whose silo fails on another one, and merges the pieces' results into the root.
/// </summary>
/// <remarks>
/// The response timeout is a day: a job takes as long as its input needs, and the caller bounds it
/// with the cancellation token instead (Orleans' default of 30 seconds would cut every large job).
/// </remarks>
public interface IHashJobGrain : IGrainWithGuidKey
{
    /// <summary>
    /// Hashes the file with BLAKE3 in the job's mode: the bytes <see cref="Blake3.HashData(System.ReadOnlySpan{byte}, System.Span{byte})"/>
    /// (or its keyed and key derivation forms) gives for the whole file.
    /// </summary>
    /// <param name="job">The file, mode and output length.</param>
    /// <param name="cancellationToken">Cancels the job and every piece in flight.</param>
    /// <returns>The output, <see cref="Blake3Job.OutputLength"/> bytes.</returns>
    [ResponseTimeout("1.00:00:00")]
    Task<byte[]> HashBlake3Async(Blake3Job job, CancellationToken cancellationToken = default);

    /// <summary>
    /// Hashes the file with BLAKE2b in tree mode with unlimited fanout: the bytes
    /// <see cref="Blake2b.HashTree(System.ReadOnlySpan{byte}, int, System.Span{byte}, int)"/> gives for the whole file.
    /// </summary>
    /// <param name="job">The file, leaf length and digest length.</param>
    /// <param name="cancellationToken">Cancels the job and every piece in flight.</param>
    /// <returns>The digest, <see cref="Blake2TreeJob.DigestLength"/> bytes.</returns>
    [ResponseTimeout("1.00:00:00")]
    Task<byte[]> HashBlake2TreeAsync(Blake2TreeJob job, CancellationToken cancellationToken = default);

    /// <summary>
    /// Whether this activation is running its job: the client's heartbeat. Answered while the job
    /// runs (it interleaves with the job's awaits). A coordinator whose silo died is activated
    /// again elsewhere by this very call, without the job, and answers <see langword="false"/>.
    /// </summary>
    /// <returns><see langword="true"/> while the job runs.</returns>
    [AlwaysInterleave]
    [ResponseTimeout("00:00:05")]
    Task<bool> IsRunningAsync();
}

/// <summary>
/// One attempt at one piece of a job, on the silo the coordinator placed it on: reads its byte
/// range of the file in buffers and returns what the coordinator merges.
/// </summary>
/// <remarks>
/// The response timeout is a day because the coordinator bounds each attempt itself
/// (<see cref="HashJobOptions.PieceTimeout"/>) by cancelling the call.
/// </remarks>
public interface IHashWorkerGrain : IGrainWithStringKey
{
    /// <summary>Computes the BLAKE3 chaining value of the subtree over the piece's bytes.</summary>
    /// <param name="piece">The piece: a subtree of the file's BLAKE3 tree.</param>
    /// <param name="mode">The job's mode.</param>
    /// <param name="cancellationToken">Cancelled by the coordinator on a timeout or when the job is cancelled.</param>
    /// <returns>The 32-byte chaining value.</returns>
    [ResponseTimeout("1.00:00:00")]
    Task<byte[]> HashSubtreeAsync(PieceInfo piece, Blake3ModeSpec mode, CancellationToken cancellationToken = default);

    /// <summary>Computes the BLAKE2b tree-mode digests of the leaves in the piece's bytes.</summary>
    /// <param name="piece">The piece: whole leaves (the file's last leaf may be short; an empty file is one empty leaf).</param>
    /// <param name="leafLength">The job's leaf length.</param>
    /// <param name="digestLength">The job's digest length.</param>
    /// <param name="cancellationToken">Cancelled by the coordinator on a timeout or when the job is cancelled.</param>
    /// <returns>The leaves' digests back to back, <paramref name="digestLength"/> bytes each.</returns>
    [ResponseTimeout("1.00:00:00")]
    Task<byte[]> HashLeavesAsync(PieceInfo piece, int leafLength, int digestLength, CancellationToken cancellationToken = default);
}
