using System;
using Orleans;

namespace Blake2Fast.OrleansSample;

/// <summary>
/// A piece failed on every attempt (<see cref="HashJobOptions.MaxAttempts"/>), each time for a
/// reason that another silo might not have had (a silo lost, a timeout, an I/O error): the job
/// gives up. The last attempt's failure is the inner exception.
/// </summary>
[GenerateSerializer]
public sealed class PieceFailedException : Exception
{
    /// <summary>Creates the exception.</summary>
    public PieceFailedException()
    {
    }

    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">What failed.</param>
    public PieceFailedException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with a message and the last attempt's failure.</summary>
    /// <param name="message">What failed.</param>
    /// <param name="innerException">The last attempt's failure.</param>
    public PieceFailedException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    /// <summary>The piece that failed.</summary>
    [Id(0)]
    public int PieceIndex { get; init; }

    /// <summary>How many attempts were made.</summary>
    [Id(1)]
    public int Attempts { get; init; }
}
