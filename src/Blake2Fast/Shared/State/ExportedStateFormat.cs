using System;
using System.Buffers.Binary;
using System.Security.Cryptography;

namespace Blake2Fast.Internal;

/// <summary>
/// The envelope every exported hash state shares (docs/resumable-hashing.md): a 12-byte header
/// (magic "B2FS", format version, algorithm, flags, a reserved zero byte, total length), the
/// algorithm's body, and an 8-byte <see cref="StateChecksum"/> over everything before it.
/// </summary>
internal static class ExportedStateFormat
{
    /// <summary>The format this version writes, and the only one it reads so far; a later version must keep reading it.</summary>
    public const byte Version = 1;

    public const int HeaderLength = 12;

    public const int ChecksumLength = 8;

    /// <summary>Flag bit 0: the export holds a key or key-derived values, and is as secret as the key.</summary>
    public const byte HoldsSecretsFlag = 1;

    /// <summary>"B2FS", Blake2Fast state, as a little-endian word.</summary>
    private const uint Magic = 0x53463242;

    public static int TotalLength(int bodyLength) => HeaderLength + bodyLength + ChecksumLength;

    public static string Name(ExportedAlgorithm algorithm) => algorithm switch
    {
        ExportedAlgorithm.Blake2b => "BLAKE2b",
        ExportedAlgorithm.Blake2s => "BLAKE2s",
        ExportedAlgorithm.Blake2bp => "BLAKE2bp",
        ExportedAlgorithm.Blake2sp => "BLAKE2sp",
        ExportedAlgorithm.Blake2Xb => "BLAKE2Xb",
        ExportedAlgorithm.Blake2Xs => "BLAKE2Xs",
        ExportedAlgorithm.Blake3 => "BLAKE3",
        _ => "unknown",
    };

    /// <summary>
    /// Refuses to export a state that holds secrets unless the caller said it may: an export is as
    /// secret as the key, so leaking one must take a deliberate argument.
    /// </summary>
    public static void ThrowIfSecretsWithheld(bool holdsSecrets, bool includeSecrets, ExportedAlgorithm algorithm)
    {
        if (holdsSecrets && !includeSecrets)
        {
            ThrowSecretsWithheld(algorithm);
        }
    }

    /// <summary>Writes the header into <paramref name="export"/> (exactly the export's length) and returns a writer positioned at the body.</summary>
    public static StateWriter Begin(Span<byte> export, ExportedAlgorithm algorithm, bool holdsSecrets)
    {
        var writer = new StateWriter(export, 0);
        writer.WriteUInt32(Magic);
        writer.WriteByte(Version);
        writer.WriteByte((byte)algorithm);
        writer.WriteByte(holdsSecrets ? HoldsSecretsFlag : (byte)0);
        writer.WriteByte(0);
        writer.WriteUInt32((uint)export.Length);
        return writer;
    }

    /// <summary>Writes the checksum after a body that filled <paramref name="export"/> up to its last 8 bytes.</summary>
    public static void Seal(Span<byte> export, int bodyEnd)
    {
        if (bodyEnd != export.Length - ChecksumLength)
        {
            throw new InvalidOperationException($"Internal error: an exported state's body ended at byte {bodyEnd}, not {export.Length - ChecksumLength}.");
        }

        BinaryPrimitives.WriteUInt64LittleEndian(export[bodyEnd..], StateChecksum.Compute(export[..bodyEnd]));
    }

    /// <summary>
    /// Checks the envelope of <paramref name="exported"/> (length, magic, version, checksum,
    /// algorithm, flags) and returns a reader of its body.
    /// </summary>
    /// <exception cref="CryptographicException">Any check fails.</exception>
    public static StateReader Open(ReadOnlySpan<byte> exported, ExportedAlgorithm expected, out bool holdsSecrets)
    {
        string name = Name(expected);
        if (exported.Length < HeaderLength + ChecksumLength)
        {
            throw Invalid(name, $"it is {exported.Length} bytes long, shorter than any export ({HeaderLength + ChecksumLength} bytes at least)");
        }

        if (BinaryPrimitives.ReadUInt32LittleEndian(exported) != Magic)
        {
            throw Invalid(name, "it does not start with the bytes \"B2FS\" that begin every exported Blake2Fast hash state");
        }

        byte version = exported[4];
        if (version != Version)
        {
            throw Invalid(name, $"it is in format version {version}, and this version of Blake2Fast reads format version {Version}");
        }

        uint declared = BinaryPrimitives.ReadUInt32LittleEndian(exported[8..]);
        if (declared != (uint)exported.Length)
        {
            throw Invalid(name, $"its header says {declared} bytes but {exported.Length} were given (cut short, or with bytes added)");
        }

        int bodyEnd = exported.Length - ChecksumLength;
        if (BinaryPrimitives.ReadUInt64LittleEndian(exported[bodyEnd..]) != StateChecksum.Compute(exported[..bodyEnd]))
        {
            throw Invalid(name, "its checksum does not match its contents (the bytes were changed or damaged)");
        }

        var algorithm = (ExportedAlgorithm)exported[5];
        if (algorithm != expected)
        {
            throw Invalid(name, $"it is the state of {Name(algorithm)} (algorithm {(byte)algorithm}), not of {name}");
        }

        byte flags = exported[6];
        if ((flags & ~HoldsSecretsFlag) != 0 || exported[7] != 0)
        {
            throw Invalid(name, "its header has flags or reserved bits this version does not define");
        }

        holdsSecrets = (flags & HoldsSecretsFlag) != 0;
        return new StateReader(exported[HeaderLength..bodyEnd], name);
    }

    /// <summary>Whether every byte of <paramref name="bytes"/> is zero (padding and reserved fields).</summary>
    public static bool AllZero(ReadOnlySpan<byte> bytes)
    {
        foreach (byte value in bytes)
        {
            if (value != 0)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The refusal of an import.</summary>
    public static CryptographicException Invalid(string algorithm, string reason) =>
        new($"The bytes are not an exported {algorithm} hash state that this version of Blake2Fast can resume: {reason}. Nothing was imported.");

    private static void ThrowSecretsWithheld(ExportedAlgorithm algorithm) =>
        throw new InvalidOperationException(
            $"This {Name(algorithm)} state holds a key or values derived from it (a keyed hash, or BLAKE3's key derivation): its export would be as secret as the key. " +
            "Pass includeSecrets: true to export it anyway, and store the bytes as you would store the key.");
}
