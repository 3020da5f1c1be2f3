using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests.Surface;

internal enum FamilyKind
{
    /// <summary>BLAKE2b, BLAKE2s: digests of 1..max bytes, keys, parameters, HashMany, HashTree.</summary>
    Blake2,

    /// <summary>BLAKE2bp, BLAKE2sp.</summary>
    Blake2P,

    /// <summary>BLAKE2Xb, BLAKE2Xs: output of a declared or unknown length.</summary>
    Blake2X,

    /// <summary>BLAKE3: output of any length, 32-byte keys, key derivation.</summary>
    Blake3,

    /// <summary>RFC 2104 HMAC-BLAKE2b/-BLAKE2s.</summary>
    Hmac,

    /// <summary>RFC 5869 HKDF over those HMACs.</summary>
    Hkdf,

    /// <summary>Bao, BLAKE3 verified streaming: encodings, slices and decoders, checked against the reference Bao of the tests.</summary>
    Bao,

    /// <summary>Argon2 (RFC 9106): tags, PHC strings, their verification; small costs, answers from RFC 9106's vectors or the reference libargon2.</summary>
    Argon2,

    /// <summary>BLAKE2b's compression F with a round count (EIP-152), answered by EIP-152's vectors and the tests' transcription of RFC 7693.</summary>
    Compression,
}

/// <summary>
/// What the contract test knows of one algorithm: its limits (read from the public constants) and
/// how to compute the right answer of a <see cref="Request"/> (see <see cref="Expected"/>).
/// </summary>
internal sealed class Family
{
    public required string Name { get; init; }
    public required FamilyKind Kind { get; init; }

    /// <summary>BLAKE2b-based (64-bit words) rather than BLAKE2s-based; unused for BLAKE3.</summary>
    public required bool Wide { get; init; }

    /// <summary>The digest or output length of the forms that take none.</summary>
    public required int DefaultLength { get; init; }

    /// <summary>The longest digest (BLAKE2), declared output (BLAKE2X), or output (HKDF); long.MaxValue for BLAKE3.</summary>
    public required long MaxLength { get; init; }

    /// <summary>Keys from <see cref="MinKey"/> to <see cref="MaxKey"/> bytes are accepted (int.MaxValue: any length).</summary>
    public int MinKey { get; init; }

    public required int MaxKey { get; init; }
    public int SaltLength { get; init; }
    public int PersonalizationLength { get; init; }

    /// <summary>BLAKE2X: the most bytes a hasher of unknown length gives.</summary>
    public long MaxUnknownLength { get; init; }

    public override string ToString() => Name;

    public static readonly Family B = new() { Name = "BLAKE2b", Kind = FamilyKind.Blake2, Wide = true, DefaultLength = Blake2b.DefaultDigestLength, MaxLength = Blake2b.MaxDigestLength, MaxKey = Blake2b.MaxKeyLength, SaltLength = Blake2b.SaltLength, PersonalizationLength = Blake2b.PersonalizationLength };
    public static readonly Family S = new() { Name = "BLAKE2s", Kind = FamilyKind.Blake2, Wide = false, DefaultLength = Blake2s.DefaultDigestLength, MaxLength = Blake2s.MaxDigestLength, MaxKey = Blake2s.MaxKeyLength, SaltLength = Blake2s.SaltLength, PersonalizationLength = Blake2s.PersonalizationLength };
    public static readonly Family BP = new() { Name = "BLAKE2bp", Kind = FamilyKind.Blake2P, Wide = true, DefaultLength = Blake2bp.DefaultDigestLength, MaxLength = Blake2bp.MaxDigestLength, MaxKey = Blake2bp.MaxKeyLength };
    public static readonly Family SP = new() { Name = "BLAKE2sp", Kind = FamilyKind.Blake2P, Wide = false, DefaultLength = Blake2sp.DefaultDigestLength, MaxLength = Blake2sp.MaxDigestLength, MaxKey = Blake2sp.MaxKeyLength };
    public static readonly Family XB = new() { Name = "BLAKE2Xb", Kind = FamilyKind.Blake2X, Wide = true, DefaultLength = 64, MaxLength = Blake2Xb.MaxOutputLength, MaxKey = Blake2Xb.MaxKeyLength, SaltLength = Blake2Xb.SaltLength, PersonalizationLength = Blake2Xb.PersonalizationLength, MaxUnknownLength = Blake2Xb.MaxUnknownOutputLength };
    public static readonly Family XS = new() { Name = "BLAKE2Xs", Kind = FamilyKind.Blake2X, Wide = false, DefaultLength = 32, MaxLength = Blake2Xs.MaxOutputLength, MaxKey = Blake2Xs.MaxKeyLength, SaltLength = Blake2Xs.SaltLength, PersonalizationLength = Blake2Xs.PersonalizationLength, MaxUnknownLength = Blake2Xs.MaxUnknownOutputLength };
    public static readonly Family B3 = new() { Name = "BLAKE3", Kind = FamilyKind.Blake3, Wide = false, DefaultLength = Blake3.DefaultOutputLength, MaxLength = long.MaxValue, MinKey = Blake3.KeyLength, MaxKey = Blake3.KeyLength };
    public static readonly Family HmacB = new() { Name = "HMAC-BLAKE2b", Kind = FamilyKind.Hmac, Wide = true, DefaultLength = HMACBlake2b.HashSizeInBytes, MaxLength = HMACBlake2b.HashSizeInBytes, MaxKey = int.MaxValue };
    public static readonly Family HmacS = new() { Name = "HMAC-BLAKE2s", Kind = FamilyKind.Hmac, Wide = false, DefaultLength = HMACBlake2s.HashSizeInBytes, MaxLength = HMACBlake2s.HashSizeInBytes, MaxKey = int.MaxValue };
    public static readonly Family HkdfB = new() { Name = "HKDF-BLAKE2b", Kind = FamilyKind.Hkdf, Wide = true, DefaultLength = HkdfBlake2b.HashLength, MaxLength = HkdfBlake2b.MaxOutputLength, MaxKey = int.MaxValue };
    public static readonly Family Bao = new() { Name = "Bao", Kind = FamilyKind.Bao, Wide = false, DefaultLength = Blake2Fast.Bao.HashLength, MaxLength = Blake2Fast.Bao.HashLength, MaxKey = 0 };
    public static readonly Family A2 = new() { Name = "Argon2", Kind = FamilyKind.Argon2, Wide = true, DefaultLength = Blake2Fast.Argon2.TagLength, MaxLength = Array.MaxLength, MaxKey = 0 };
    public static readonly Family F = new() { Name = "BLAKE2b F", Kind = FamilyKind.Compression, Wide = true, DefaultLength = Blake2bCompression.Eip152OutputLength, MaxLength = Blake2bCompression.Eip152OutputLength, MaxKey = 0 };
    public static readonly Family HkdfS = new() { Name = "HKDF-BLAKE2s", Kind = FamilyKind.Hkdf, Wide = false, DefaultLength = HkdfBlake2s.HashLength, MaxLength = HkdfBlake2s.MaxOutputLength, MaxKey = int.MaxValue };

    /// <summary>
    /// The family of each public type; a public type missing here stops the contract test, which
    /// must be told what the new type computes.
    /// </summary>
    public static readonly IReadOnlyDictionary<Type, Family> OfType = new Dictionary<Type, Family>
    {
        [typeof(Argon2)] = A2,
        [typeof(Argon2Parameters)] = A2,
        [typeof(Argon2Type)] = A2,
        [typeof(Argon2VerificationOptions)] = A2,
        [typeof(Bao)] = Bao,
        [typeof(BaoVerificationException)] = Bao,
        [typeof(Blake2b)] = B,
        [typeof(Blake2bHashState)] = B,
        [typeof(Blake2bParameters)] = B,
        [typeof(Blake2bCompression)] = F,
        [typeof(Blake2s)] = S,
        [typeof(Blake2sHashState)] = S,
        [typeof(Blake2sParameters)] = S,

        // One type serves both trees; its receivers (SubjectKind) carry their own family.
        [typeof(Blake2TreeRootHasher)] = B,
        [typeof(Blake2bp)] = BP,
        [typeof(Blake2bpHashState)] = BP,
        [typeof(Blake2sp)] = SP,
        [typeof(Blake2spHashState)] = SP,
        [typeof(Blake2Xb)] = XB,
        [typeof(Blake2XbHashState)] = XB,
        [typeof(Blake2XbReader)] = XB,
        [typeof(Blake2Xs)] = XS,
        [typeof(Blake2XsHashState)] = XS,
        [typeof(Blake2XsReader)] = XS,
        [typeof(Blake3)] = B3,
        [typeof(Blake3HashState)] = B3,
        [typeof(Blake3OutputReader)] = B3,
        [typeof(Blake3Mode)] = B3,
        [typeof(Blake3Subtree)] = B3,
        [typeof(HMACBlake2b)] = HmacB,
        [typeof(HMACBlake2s)] = HmacS,
        [typeof(HkdfBlake2b)] = HkdfB,
        [typeof(HkdfBlake2s)] = HkdfS,
    };

    /// <summary>
    /// Whether the answers of <paramref name="type"/>'s methods need the reference library
    /// (libargon2): the contract test drives such types in a test of their own, which skips,
    /// saying why, where the library is missing, instead of passing without an oracle.
    /// </summary>
    public static bool NeedsReferenceLibrary(Type type) => type == typeof(Argon2);

    /// <summary>
    /// Bytes [<paramref name="from"/>, from + <paramref name="count"/>) of the right answer to
    /// <paramref name="r"/>: the one-shots and the oracles, never the overload under test's own path
    /// (but where the overload is the one-shot itself, whose answers <see cref="OracleAnchorTests"/>
    /// checks against hashlib and b3sum).
    /// </summary>
    public byte[] Expected(Request r, long from, int count)
    {
        byte[] all = Kind switch
        {
            FamilyKind.Blake2 when r.Messages is not null => r.Messages.SelectMany(m => Blake2One(r, m)).ToArray(),
            FamilyKind.Blake2 when r.LeafDigests is not null => Oracles.TreeRoot(Wide, r.LeafDigests, r.LeafLength!.Value, (int)r.OutputLength),
            FamilyKind.Blake2 when r.LeafIndex is { } index => Oracles.TreeLeaf(Wide, r.Message, r.LeafLength!.Value, (int)r.OutputLength, index, r.IsLastLeaf),
            FamilyKind.Blake2 when r.LeafLength is { } leaf => Oracles.Tree(Wide, r.Message, leaf, (int)r.OutputLength),
            FamilyKind.Blake2 => Blake2One(r, r.Message),
            FamilyKind.Blake2P => Wide ? Blake2bp.HashData(r.Key, r.Message, (int)r.OutputLength) : Blake2sp.HashData(r.Key, r.Message, (int)r.OutputLength),
            FamilyKind.Blake2X => Blake2X(r, from + count),
            // HashMany: each message's own output, back to back, as the one-shot gives it.
            FamilyKind.Blake3 when r.Messages is not null => r.Messages.SelectMany(m => Blake3Output(r.WithMessage(m), r.OutputLength)).ToArray(),
            FamilyKind.Blake3 => Blake3Output(r, from + count),

            // What a decoder stream yields: the verified data.
            FamilyKind.Bao => r.Message,
            FamilyKind.Hmac => Oracles.Hmac(Wide, r.Key, r.Message),
            FamilyKind.Argon2 => Oracles.Argon2Tag(r),
            FamilyKind.Compression => Oracles.Eip152(r.Message),
            FamilyKind.Hkdf => r.Operation switch
            {
                "Extract" => Oracles.HkdfExtract(Wide, r.Salt ?? [], r.Message),
                "Expand" => Oracles.HkdfExpand(Wide, r.Prk!, r.Info ?? [], (int)r.OutputLength),
                "DeriveKey" => Oracles.HkdfExpand(Wide, Oracles.HkdfExtract(Wide, r.Salt ?? [], r.Message), r.Info ?? [], (int)r.OutputLength),
                _ => throw new InvalidOperationException("HKDF operation " + r.Operation),
            },
            _ => throw new InvalidOperationException(Name),
        };
        return all.AsSpan((int)from, count).ToArray();
    }

    private byte[] Blake2One(Request r, byte[] message) => r.Parameters switch
    {
        Blake2bParameters p => Blake2b.HashData(p, message),
        Blake2sParameters p => Blake2s.HashData(p, message),
        _ => Wide
            ? Blake2b.HashData(new Blake2bParameters { DigestLength = (int)r.OutputLength, Key = r.Key }, message)
            : Blake2s.HashData(new Blake2sParameters { DigestLength = (int)r.OutputLength, Key = r.Key }, message),
    };

    private byte[] Blake2X(Request r, long end)
    {
        (byte[] key, byte[] salt, byte[] person) = r.Parameters switch
        {
            Blake2bParameters p => (p.Key.ToArray(), p.Salt.ToArray(), p.Personalization.ToArray()),
            Blake2sParameters p => (p.Key.ToArray(), p.Salt.ToArray(), p.Personalization.ToArray()),
            _ => (r.Key, Array.Empty<byte>(), Array.Empty<byte>()),
        };

        byte[] output = new byte[end];
        if (Wide)
        {
            var p = new Blake2bParameters { Key = key, Salt = salt, Personalization = person };
            if (!r.UnknownLength && r.OutputLength <= 1 << 20)
            {
                Blake2Xb.HashData(p, r.Message, (int)r.OutputLength).AsSpan(0, (int)end).CopyTo(output);
                return output;
            }

            Blake2XbHashState h = r.UnknownLength ? Blake2Xb.CreateIncrementalHasherForUnknownLength(p) : Blake2Xb.CreateIncrementalHasher(r.OutputLength, p);
            h.Update(r.Message);
            using Blake2XbReader reader = r.UnknownLength && r.OutputLength != MaxUnknownLength ? h.Finish(r.OutputLength) : h.Finish();
            reader.Read(output);
        }
        else
        {
            var p = new Blake2sParameters { Key = key, Salt = salt, Personalization = person };
            if (!r.UnknownLength)
            {
                Blake2Xs.HashData(p, r.Message, (int)r.OutputLength).AsSpan(0, (int)end).CopyTo(output);
                return output;
            }

            Blake2XsHashState h = Blake2Xs.CreateIncrementalHasherForUnknownLength(p);
            h.Update(r.Message);
            using Blake2XsReader reader = r.OutputLength != MaxUnknownLength ? h.Finish(r.OutputLength) : h.Finish();
            reader.Read(output);
        }

        return output;
    }

    private static byte[] Blake3Output(Request r, long end)
    {
        if (r.ChainingValue)
        {
            // A subtree's or a parent's chaining value (Blake3Subtree): 32 bytes, never root output.
            byte[] cv = r.Children is { } pair ? Oracles.Blake3ParentChainingValue(r.Key, r.Context, pair.Left, pair.Right) : Oracles.Blake3SubtreeChainingValue(r.Key, r.Context, r.Message, r.SubtreeOffset ?? 0);
            return cv.AsSpan(0, (int)end).ToArray();
        }

        if (r.Children is { } children)
        {
            return Oracles.Blake3Root(r.Key, r.Context, children.Left, children.Right, end);
        }

        if (r.Subtrees is { } subtrees)
        {
            return Oracles.Blake3MergeRoot(r.Key, r.Context, subtrees.Lengths, subtrees.ChainingValues, end);
        }

        byte[] output = new byte[Math.Max(end, 1)];
        if (r.Context is not null)
        {
            Blake3.DeriveKey(r.Context, r.Message, output);
        }
        else if (r.Key.Length != 0)
        {
            Blake3.HashData(r.Key, r.Message, output);
        }
        else
        {
            Blake3.HashData(r.Message, output);
        }

        return output.AsSpan(0, (int)end).ToArray();
    }
}

/// <summary>
/// One computation, as the arguments of a call describe it: the family's key, parameters, context,
/// message(s) and output length. Built from the arguments by their names (and from a hash state's
/// or reader's own request for instance methods), before the call, so that a destination over the
/// input does not change what the answer should be.
/// </summary>
internal sealed class Request
{
    public required Family Family { get; init; }
    public byte[] Key { get; set; } = [];
    public object? Parameters { get; set; }
    public string? Context { get; set; }
    public byte[] Message { get; set; } = [];
    public IReadOnlyList<byte[]>? Messages { get; set; }
    public long? LeafLength { get; set; }

    /// <summary>BLAKE2 tree nodes: the root over these leaf digests (HashTreeRoot, a root hasher).</summary>
    public byte[]? LeafDigests { get; set; }

    /// <summary>BLAKE2 tree nodes: the message is this leaf (HashTreeLeaf).</summary>
    public long? LeafIndex { get; set; }

    public bool IsLastLeaf { get; set; }

    /// <summary>BLAKE3: where a subtree hasher's input starts in the whole input (Blake3Subtree); null for an ordinary hasher.</summary>
    public long? SubtreeOffset { get; set; }

    /// <summary>BLAKE3: the answer is the chaining value of the message as a subtree at <see cref="SubtreeOffset"/>, or of <see cref="Children"/>'s parent.</summary>
    public bool ChainingValue { get; set; }

    /// <summary>BLAKE3: the tree's node over two children's chaining values (Merge, MergeRoot, CreateRootReader).</summary>
    public (byte[] Left, byte[] Right)? Children { get; set; }

    /// <summary>BLAKE3: the root over consecutive subtrees given by their lengths and chaining values.</summary>
    public (long[] Lengths, byte[] ChainingValues)? Subtrees { get; set; }

    /// <summary>Bao: the arguments as they were before the call (bytes copied, streams' contents), by parameter name.</summary>
    public Dictionary<string, object?> Arguments { get; set; } = [];
    public long OutputLength { get; set; }
    public bool UnknownLength { get; set; }
    public byte[]? Salt { get; set; }
    public byte[]? Info { get; set; }
    public byte[]? Prk { get; set; }
    public string Operation { get; set; } = "";

    public Request Clone() => (Request)MemberwiseClone();

    /// <summary>This request for one message of a HashMany call.</summary>
    public Request WithMessage(byte[] message)
    {
        Request r = Clone();
        r.Messages = null;
        r.Message = message;
        return r;
    }

    /// <summary>This request with <paramref name="more"/> after its message.</summary>
    public Request Fed(byte[] more)
    {
        Request r = Clone();
        r.Message = [.. Message, .. more];
        return r;
    }

    public byte[] Expected(long from, int count) => Family.Expected(this, from, count);

    public byte[] Expected() => Family.Expected(this, 0, checked((int)OutputLength));
}
