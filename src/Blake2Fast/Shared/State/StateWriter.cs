using System;
using System.Buffers.Binary;

namespace Blake2Fast.Internal;

/// <summary>
/// Writes the fields of an exported hash state one after another, little-endian, into a span the
/// caller has already sized (<see cref="ExportedStateFormat"/>): the export never depends on how a
/// build lays the state out in memory.
/// </summary>
internal ref struct StateWriter
{
    private readonly Span<byte> _destination;
    private int _position;

    public StateWriter(Span<byte> destination, int position)
    {
        _destination = destination;
        _position = position;
    }

    public readonly int Position => _position;

    public void WriteByte(byte value) => _destination[_position++] = value;

    public void WriteUInt16(ushort value)
    {
        BinaryPrimitives.WriteUInt16LittleEndian(_destination[_position..], value);
        _position += 2;
    }

    public void WriteUInt32(uint value)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(_destination[_position..], value);
        _position += 4;
    }

    public void WriteUInt64(ulong value)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(_destination[_position..], value);
        _position += 8;
    }

    /// <summary>Writes the low <paramref name="length"/> (4 or 8) bytes of <paramref name="value"/>: one BLAKE2s or BLAKE2b word.</summary>
    public void WriteWord(ulong value, int length)
    {
        if (length == 8)
        {
            WriteUInt64(value);
        }
        else
        {
            WriteUInt32((uint)value);
        }
    }

    public void WriteBytes(scoped ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(_destination[_position..]);
        _position += bytes.Length;
    }
}
