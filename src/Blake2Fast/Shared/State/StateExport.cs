using System;

namespace Blake2Fast.Internal;

/// <summary>
/// <c>ExportState</c> and <c>TryExportState</c> of the BLAKE2 and BLAKE3 hash-state types, written once: the
/// envelope (<see cref="ExportedStateFormat"/>) around an engine's body. The public methods of
/// each state type are one call here, with the type's own documentation.
/// </summary>
internal static class StateExport
{
    /// <summary>The export of <paramref name="state"/> in a new array.</summary>
    public static byte[] ToArray<TState>(ref TState state, bool includeSecrets, ExportedAlgorithm algorithm)
        where TState : struct, IExportableState
    {
        byte[] export = new byte[ExportedStateFormat.TotalLength(state.ExportBodyLength(includeSecrets, algorithm))];
        Write(ref state, export, algorithm);
        return export;
    }

    /// <summary>The export of <paramref name="state"/> into <paramref name="destination"/> if it is long enough; nothing written otherwise.</summary>
    public static bool TryWrite<TState>(ref TState state, Span<byte> destination, out int bytesWritten, bool includeSecrets, ExportedAlgorithm algorithm)
        where TState : struct, IExportableState
    {
        int length = ExportedStateFormat.TotalLength(state.ExportBodyLength(includeSecrets, algorithm));
        if (destination.Length < length)
        {
            bytesWritten = 0;
            return false;
        }

        Write(ref state, destination[..length], algorithm);
        bytesWritten = length;
        return true;
    }

    private static void Write<TState>(ref TState state, Span<byte> export, ExportedAlgorithm algorithm)
        where TState : struct, IExportableState
    {
        StateWriter writer = ExportedStateFormat.Begin(export, algorithm, state.HoldsSecrets);
        state.WriteBody(ref writer);
        ExportedStateFormat.Seal(export, writer.Position);
    }
}
