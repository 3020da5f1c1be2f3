using System;
using System.Buffers.Binary;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>What the resumable-hashing tests know of the export format (docs/resumable-hashing.md).</summary>
public static class ResumableFormat
{
    public const int HeaderLength = 12;

    public const int ChecksumLength = 8;

    /// <summary>A BLAKE3 export's length: header, 87 fixed body bytes, the block bytes in use, 32 per stack entry, checksum.</summary>
    public static int Blake3Length(int blockLength, int stackEntries) => HeaderLength + 87 + blockLength + (32 * stackEntries) + ChecksumLength;

    /// <summary>Writes a fresh checksum after a deliberate change, so that the field checks behind it are reached.</summary>
    public static byte[] Reseal(byte[] export)
    {
        int end = export.Length - ChecksumLength;
        BinaryPrimitives.WriteUInt64LittleEndian(export.AsSpan(end), StateChecksum.Compute(export.AsSpan(0, end)));
        return export;
    }

    /// <summary>The family a subject's exports belong to (its algorithm byte).</summary>
    public static string Family(ResumableSubject subject) => subject.Name.Split(' ', '-')[0];
}
