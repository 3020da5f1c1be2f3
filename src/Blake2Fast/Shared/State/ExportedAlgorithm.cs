namespace Blake2Fast.Internal;

/// <summary>
/// Byte 5 of an exported hash state: which algorithm's state follows. The values are part of the
/// format (docs/resumable-hashing.md) and never change or get reused.
/// </summary>
internal enum ExportedAlgorithm : byte
{
    Blake2b = 1,
    Blake2s = 2,
    Blake2bp = 3,
    Blake2sp = 4,
    Blake2Xb = 5,
    Blake2Xs = 6,
    Blake3 = 7,
}
