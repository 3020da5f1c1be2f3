using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.OrleansSample;

/// <summary>
/// Called by a worker before it reads its piece, with the worker's cancellation token: a way to
/// watch where pieces run (a log, a metric) or, in tests, to hold or fail pieces on one silo.
/// Register it in a silo's services; a silo without one runs pieces straight away.
/// </summary>
public interface IHashWorkerHook
{
    /// <summary>A piece is about to be hashed on this silo.</summary>
    /// <param name="piece">The piece and attempt.</param>
    /// <param name="cancellationToken">The worker call's token: cancelled on a piece timeout or when the job is cancelled.</param>
    /// <returns>A task the worker waits for before it reads; a fault fails the attempt.</returns>
    ValueTask OnPieceStartingAsync(PieceInfo piece, CancellationToken cancellationToken);
}
