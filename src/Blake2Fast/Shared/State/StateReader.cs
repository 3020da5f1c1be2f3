using System;
using System.Buffers.Binary;

namespace Blake2Fast.Internal;

/// <summary>
/// Reads the fields of an exported hash state in the order <see cref="StateWriter"/> wrote them.
/// Every read is bounds-checked and refuses with <see cref="System.Security.Cryptography.CryptographicException"/>:
/// the checksum has already passed, but it proves no author, so a body is never trusted to be the
/// length its fields claim.
/// </summary>
internal ref struct StateReader
{
    private readonly ReadOnlySpan<byte> _source;
    private readonly string _algorithm;
    private int _position;

    public StateReader(ReadOnlySpan<byte> source, string algorithm)
    {
        _source = source;
        _algorithm = algorithm;
        _position = 0;
    }

    /// <summary>The algorithm's name, for refusals.</summary>
    public readonly string Algorithm => _algorithm;

    public byte ReadByte() => Take(1)[0];

    public ushort ReadUInt16() => BinaryPrimitives.ReadUInt16LittleEndian(Take(2));

    public uint ReadUInt32() => BinaryPrimitives.ReadUInt32LittleEndian(Take(4));

    public ulong ReadUInt64() => BinaryPrimitives.ReadUInt64LittleEndian(Take(8));

    /// <summary>Reads one word of <paramref name="length"/> (4 or 8) bytes.</summary>
    public ulong ReadWord(int length) => length == 8 ? ReadUInt64() : ReadUInt32();

    public ReadOnlySpan<byte> ReadBytes(int count) => Take(count);

    /// <summary>Refuses a body with bytes left over after its last field.</summary>
    public readonly void EnsureEnd()
    {
        if (_position != _source.Length)
        {
            throw ExportedStateFormat.Invalid(_algorithm, $"{_source.Length - _position} bytes follow the last field of the state");
        }
    }

    /// <summary>Refuses the import when <paramref name="condition"/> is false: the state says something no hash can reach.</summary>
    public readonly void Require(bool condition, string whatCannotOccur)
    {
        if (!condition)
        {
            throw ExportedStateFormat.Invalid(_algorithm, whatCannotOccur);
        }
    }

    private ReadOnlySpan<byte> Take(int count)
    {
        if (count < 0 || count > _source.Length - _position)
        {
            throw ExportedStateFormat.Invalid(_algorithm, "its fields run past the end of the export");
        }

        ReadOnlySpan<byte> taken = _source.Slice(_position, count);
        _position += count;
        return taken;
    }
}
