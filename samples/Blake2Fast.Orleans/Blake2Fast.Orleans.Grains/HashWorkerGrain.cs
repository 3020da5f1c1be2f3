using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;
using Orleans;
using Orleans.Placement;

namespace Blake2Fast.OrleansSample;

/// <summary>
/// Hashes one attempt at one piece (its key is <see cref="PieceInfo.WorkerKey"/>), streaming the
/// piece's byte range through a buffer of <see cref="HashJobOptions.ReadBufferLength"/> bytes, and
/// deactivates when done.
/// </summary>
/// <remarks>
/// <para>Placement: the coordinator names the silo of each new activation with a placement hint
/// (pieces dealt round the active silos; a retry skips the silos that failed). Random placement is
/// only what happens without a hint, or when the hinted silo has left. Not a stateless worker: a
/// stateless worker is activated on the calling silo, so every piece would run beside the
/// coordinator, and its activations are reused, so a retry could queue behind a hung attempt.</para>
/// <para>Each block is hashed in its own short turn between reads, so a worker never holds its
/// silo's scheduler for long and notices cancellation between blocks.</para>
/// </remarks>
[RandomPlacement]
public sealed partial class HashWorkerGrain(IEnumerable<IHashWorkerHook> hooks, ILogger<HashWorkerGrain> logger) : Grain, IHashWorkerGrain
{
    /// <inheritdoc/>
    public async Task<byte[]> HashSubtreeAsync(PieceInfo piece, Blake3ModeSpec mode, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(piece);
        ArgumentNullException.ThrowIfNull(mode);
        await StartAsync(piece, cancellationToken);

        // The hasher checks the subtree rules (offset a multiple of 1024, no more than
        // MaxSubtreeLength bytes); FinishSubtree erases it, and so does Clear on any failure.
        Blake3HashState hasher = Blake3Subtree.CreateHasher(mode.ToMode(), piece.Offset);
        try
        {
            await foreach (ReadOnlyMemory<byte> block in FileRange.ReadBlocksAsync(piece, piece.ReadBufferLength, cancellationToken))
            {
                hasher.Update(block.Span);
            }

            byte[] chainingValue = new byte[Blake3Subtree.ChainingValueLength];
            hasher.FinishSubtree(chainingValue);
            return chainingValue;
        }
        finally
        {
            hasher.Clear();
            DeactivateOnIdle();
        }
    }

    /// <inheritdoc/>
    public async Task<byte[]> HashLeavesAsync(PieceInfo piece, int leafLength, int digestLength, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(piece);
        await StartAsync(piece, cancellationToken);
        try
        {
            return await Blake2Leaves.HashAsync(piece, leafLength, digestLength, cancellationToken);
        }
        finally
        {
            DeactivateOnIdle();
        }
    }

    private async Task StartAsync(PieceInfo piece, CancellationToken cancellationToken)
    {
        LogPiece(piece.JobId, piece, RuntimeIdentity);
        foreach (IHashWorkerHook hook in hooks)
        {
            await hook.OnPieceStartingAsync(piece, cancellationToken);
        }
    }

    [LoggerMessage(Level = LogLevel.Information, Message = "Job {JobId}: hashing {Piece} on silo {Silo}")]
    private partial void LogPiece(Guid jobId, PieceInfo piece, string silo);
}
