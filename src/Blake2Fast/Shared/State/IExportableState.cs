namespace Blake2Fast.Internal;

/// <summary>
/// An engine state that <see cref="StateExport"/> writes into the exported-state envelope
/// (docs/resumable-hashing.md): the BLAKE2 cores behind the six BLAKE2 hash-state types, and <see cref="Blake3HashState"/>.
/// </summary>
internal interface IExportableState
{
    /// <summary>Whether the state holds a key or values derived from one.</summary>
    bool HoldsSecrets { get; }

    /// <summary>The length of the state's body, after checking that it can be exported (active, secrets allowed if it holds any).</summary>
    int ExportBodyLength(bool includeSecrets, ExportedAlgorithm algorithm);

    /// <summary>Writes the body; <see cref="ExportBodyLength"/> was called first.</summary>
    void WriteBody(ref StateWriter writer);
}
