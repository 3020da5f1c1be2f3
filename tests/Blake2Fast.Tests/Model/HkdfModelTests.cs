using System;
using System.IO;
using CsCheck;
using Surface = Blake2Fast.Tests.HmacTests.Surface;

namespace Blake2Fast.Tests;

/// <summary>
/// Model-based tests of <see cref="HkdfBlake2b"/> and <see cref="HkdfBlake2s"/> and the static
/// MACs of <see cref="HMACBlake2b"/> and <see cref="HMACBlake2s"/> they build on: random calls of
/// every overload with random key, salt, info and output lengths (the limits and one past them,
/// refused with nothing written), destinations too short, exact and long, and inputs that overlap
/// the output in one buffer; each result compared with the reference HMAC and HKDF.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class HkdfModelTests
{
    [Fact]
    public void HKDF_and_the_static_HMACs_follow_the_model()
    {
        Gen<int> length = ModelData.Length(600, 32, 64, 128);
        Gen<int> seed = Gen.Int[0, 255];
        Gen<int> way = Gen.Int[0, 5];
        // Output lengths: mostly small ones; the largest (255 blocks) now and then.
        Gen<int> output = Gen.Frequency((20, Gen.Const(0)), (10, Gen.Const(1)), (2, Gen.Const(2)), (1, Gen.Const(3)), (2, Gen.Const(4)), (1, Gen.Const(5)));
        Gen<IModelOp<KdfModel>> operation = ModelOps.OneOf(new (int, Gen<IModelOp<KdfModel>>)[]
        {
            (10, Gen.Select(way, length, length, seed, Gen.Int[-2, 2], (w, k, m, p, d) => (IModelOp<KdfModel>)new KdfModel.MacOp(w, k, m, p, d))),
            (6, Gen.Select(Gen.Bool, length, Gen.Int[0, 130], seed, Gen.Int[-2, 2], (a, i, s, p, d) => (IModelOp<KdfModel>)new KdfModel.ExtractOp(a, i, s, p, d))),
            (8, Gen.Select(Gen.Select(Gen.Bool, Gen.Int[-1, 40], output, length), Gen.Select(seed, Gen.Int[0, 2]), (a, b) => (IModelOp<KdfModel>)new KdfModel.ExpandOp(a.Item1, a.Item2, a.Item3, a.Item4, b.Item1, b.Item2))),
            (8, Gen.Select(Gen.Select(Gen.Bool, length, Gen.Int[0, 130], length), Gen.Select(output, seed, Gen.Int[0, 3]), (a, b) => (IModelOp<KdfModel>)new KdfModel.DeriveKeyOp(a.Item1, a.Item2, a.Item3, a.Item4, b.Item1, b.Item2, b.Item3))),
        });
        Gen<string> algorithm = Gen.Bool.Select(s => s ? "blake2s" : "blake2b");
        ModelRunner.Run("HKDF and HMAC one-shots", 5000, algorithm, operation, 20, a => new KdfModel(a), (m, o) => ModelOps.Run(m, o, () => { }));
    }
}

/// <summary>The static RFC 2104 and RFC 5869 methods of one algorithm beside the reference.</summary>
internal sealed class KdfModel(string algorithm)
{
    private readonly HmacTests.Surface _api = HmacTests.Get(algorithm);
    private readonly RefBlake2Spec _spec = algorithm == "blake2b" ? RefBlake2Spec.B : RefBlake2Spec.S;

    private int HashLength => _spec.MaxDigest;

    private int MaxOutput => 255 * HashLength;

    /// <summary>An output length: (0) a small one, (1) whole blocks, (2) 0, (3) the most, (4) one more, (5) the most less one.</summary>
    private int OutputLength(int choice, int length) => choice switch
    {
        0 => length + 1,
        1 => HashLength * (1 + (length % 4)),
        2 => 0,
        3 => MaxOutput,
        4 => MaxOutput + 1,
        _ => MaxOutput - 1,
    };

    /// <summary>
    /// One buffer that holds an input at <paramref name="inputAt"/> and receives an output of
    /// <paramref name="outputLength"/> bytes at <paramref name="outputAt"/>; the two may overlap.
    /// </summary>
    private static (byte[] Buffer, int OutputAt) Shared(byte[] input, int inputAt, int outputLength, int outputAt)
    {
        byte[] buffer = ModelCheck.Sentinel(Math.Max(inputAt + input.Length, outputAt + outputLength) + 2);
        input.CopyTo(buffer, inputAt);
        return (buffer, outputAt);
    }

    /// <summary>
    /// HashData(byte[], byte[]) (<see cref="Way"/> 0), span to array (1), into a span of the MAC length
    /// + <see cref="Delta"/> (2), TryHashData (3), from a stream into a span (4), with the message and the
    /// destination overlapping in one buffer (5).
    /// </summary>
    public sealed record MacOp(int Way, int KeyLength, int Length, int Seed, int Delta) : IModelOp<KdfModel>
    {
        public void Run(KdfModel m)
        {
            byte[] key = ModelData.Bytes(KeyLength, Seed + 1);
            byte[] message = ModelData.Bytes(Length, Seed);
            byte[] expected = RefHmac.Mac(m._spec, key, message);
            int size = Math.Max(0, m.HashLength + Delta);
            byte[] destination = ModelCheck.Sentinel(size);
            bool tooShort = size < m.HashLength && Way is 2 or 3 or 4;
            switch (Way)
            {
                case 0:
                    ModelCheck.Bytes(expected, m._api.ArrayHash(key, message), "HashData(byte[], byte[])");
                    return;
                case 1:
                    ModelCheck.Bytes(expected, m._api.SpanToArray(key, message), "HashData(ReadOnlySpan<byte>, ReadOnlySpan<byte>)");
                    return;
                case 2 when tooShort:
                    ModelCheck.Throws<ArgumentException>(() => m._api.SpanHash(key, message, destination), "destination");
                    break;
                case 2:
                    ModelCheck.Equal(m.HashLength, m._api.SpanHash(key, message, destination), "bytes written");
                    break;
                case 3:
                    bool done = m._api.TryHash(key, message, destination, out int written);
                    ModelCheck.Equal((!tooShort, tooShort ? 0 : m.HashLength), (done, written), "TryHashData (result, bytesWritten)");
                    break;
                case 4 when tooShort:
                    ModelCheck.Throws<ArgumentException>(() => m._api.StreamHash(key, new MemoryStream(message), destination), "destination");
                    break;
                case 4:
                    ModelCheck.Equal(m.HashLength, m._api.StreamHash(key, new MemoryStream(message), destination), "bytes written");
                    break;
                default:
                    (byte[] buffer, int at) = Shared(message, Delta + 2, m.HashLength, 2);
                    m._api.SpanHash(key, buffer.AsSpan(Delta + 2, Length), buffer.AsSpan(at));
                    ModelCheck.Bytes(expected, buffer.AsSpan(at, m.HashLength), "MAC written over its own message");
                    return;
            }

            if (tooShort)
            {
                ModelCheck.Untouched(destination, 0, "short destination");
            }
            else
            {
                ModelCheck.Bytes(expected, destination.AsSpan(0, m.HashLength), "MAC");
                ModelCheck.Untouched(destination, m.HashLength, "bytes past the MAC");
            }
        }

        public override string ToString() =>
            $"HMAC {new[] { "HashData(byte[], byte[])", "HashData(span, span)", "HashData(span, span, span)", "TryHashData", "HashData(span, Stream, span)", "HashData(span, span, span) over its own message" }[Way]}: key {KeyLength} bytes, message {Length} bytes (pattern {Seed}), destination MAC length {Delta:+0;-0;+0}";
    }

    /// <summary>Extract into a span of the hash length + <see cref="Delta"/> bytes, or into an array (salt null when empty and the seed is even).</summary>
    public sealed record ExtractOp(bool Array, int IkmLength, int SaltLength, int Seed, int Delta) : IModelOp<KdfModel>
    {
        public void Run(KdfModel m)
        {
            byte[] ikm = ModelData.Bytes(IkmLength, Seed);
            byte[] salt = ModelData.Bytes(SaltLength, Seed + 7);
            byte[] expected = RefHkdf.Extract(m._spec, salt, ikm);
            if (Array)
            {
                ModelCheck.Bytes(expected, m._api.ExtractArray(ikm, SaltLength == 0 && Seed % 2 == 0 ? null : salt), "Extract(byte[], byte[]?)");
                return;
            }

            byte[] prk = ModelCheck.Sentinel(Math.Max(0, m.HashLength + Delta));
            if (prk.Length < m.HashLength)
            {
                ModelCheck.Throws<ArgumentException>(() => m._api.Extract(ikm, salt, prk), "prk");
                ModelCheck.Untouched(prk, 0, "short prk");
                return;
            }

            ModelCheck.Equal(m.HashLength, m._api.Extract(ikm, salt, prk), "bytes written");
            ModelCheck.Bytes(expected, prk.AsSpan(0, m.HashLength), "PRK");
            ModelCheck.Untouched(prk, m.HashLength, "bytes past the PRK");
        }

        public override string ToString() => $"HKDF Extract({(Array ? "byte[]" : $"span, into hash length {Delta:+0;-0;+0}")}): ikm {IkmLength} bytes, salt {SaltLength} bytes (pattern {Seed})";
    }

    /// <summary>
    /// Expand with a PRK of the hash length + <see cref="PrkExtra"/> bytes, into a span or an array,
    /// with info (<see cref="Overlap"/> 1) or the PRK (2) inside the output's buffer.
    /// </summary>
    public sealed record ExpandOp(bool Array, int PrkExtra, int OutputChoice, int Length, int Seed, int Overlap) : IModelOp<KdfModel>
    {
        public void Run(KdfModel m)
        {
            byte[] prk = ModelData.Bytes(m.HashLength + PrkExtra, Seed);
            byte[] info = ModelData.Bytes(Length, Seed + 3);
            int outputLength = m.OutputLength(OutputChoice, Length);
            bool valid = outputLength >= 1 && outputLength <= m.MaxOutput;
            if (Array)
            {
                if (PrkExtra < 0)
                {
                    ModelCheck.Throws<ArgumentException>(() => m._api.ExpandArray(prk, outputLength, info), valid ? "prk" : null);
                }
                else if (!valid)
                {
                    ModelCheck.Throws<ArgumentOutOfRangeException>(() => m._api.ExpandArray(prk, outputLength, info), "outputLength");
                }
                else
                {
                    ModelCheck.Bytes(RefHkdf.Expand(m._spec, prk, info, outputLength), m._api.ExpandArray(prk, outputLength, Length == 0 && Seed % 2 == 0 ? null : info), "Expand(byte[], int, byte[]?)");
                }

                return;
            }

            int size = Math.Max(0, outputLength);
            int infoAt = Overlap == 0 ? size + 3 : 1;
            (byte[] buffer, int at) = Shared(Overlap == 2 ? prk : info, infoAt, size, Overlap == 0 ? 0 : 1 + (Seed % 5));
            void Call() => m._api.Expand(Overlap == 2 ? buffer.AsSpan(1, prk.Length) : prk, buffer.AsSpan(at, size), Overlap == 2 ? info : buffer.AsSpan(infoAt, info.Length));
            if (PrkExtra < 0 || !valid)
            {
                byte[] before = (byte[])buffer.Clone();
                ModelCheck.Throws<ArgumentException>(Call, PrkExtra < 0 ? "prk" : "output");
                ModelCheck.Bytes(before, buffer, "buffer of a refused Expand");
                return;
            }

            byte[] expected = RefHkdf.Expand(m._spec, prk, info, outputLength);
            Call();
            ModelCheck.Bytes(expected, buffer.AsSpan(at, size), "OKM");
        }

        public override string ToString() =>
            $"HKDF Expand({(Array ? "byte[]" : "span")}): prk hash length {PrkExtra:+0;-0;+0}, output choice {OutputChoice} ({Length}), info {Length} bytes (pattern {Seed}){(Overlap == 1 ? ", info inside the output" : Overlap == 2 ? ", prk inside the output" : "")}";
    }

    /// <summary>DeriveKey into a span or an array; with info (<see cref="Overlap"/> 1), ikm (2) or salt (3) inside the output's buffer.</summary>
    public sealed record DeriveKeyOp(bool Array, int IkmLength, int SaltLength, int Length, int OutputChoice, int Seed, int Overlap) : IModelOp<KdfModel>
    {
        public void Run(KdfModel m)
        {
            byte[] ikm = ModelData.Bytes(IkmLength, Seed);
            byte[] salt = ModelData.Bytes(SaltLength, Seed + 5);
            byte[] info = ModelData.Bytes(Length, Seed + 9);
            int outputLength = m.OutputLength(OutputChoice, Length);
            bool valid = outputLength >= 1 && outputLength <= m.MaxOutput;
            if (Array)
            {
                if (!valid)
                {
                    ModelCheck.Throws<ArgumentOutOfRangeException>(() => m._api.DeriveKeyArray(ikm, outputLength, salt, info), "outputLength");
                    return;
                }

                byte[] expectedArray = RefHkdf.Expand(m._spec, RefHkdf.Extract(m._spec, salt, ikm), info, outputLength);
                ModelCheck.Bytes(expectedArray, m._api.DeriveKeyArray(ikm, outputLength, SaltLength == 0 && Seed % 2 == 0 ? null : salt, info), "DeriveKey(byte[], int, byte[]?, byte[]?)");
                return;
            }

            int size = Math.Max(0, outputLength);
            (byte[] buffer, int at) = Shared(Overlap switch { 2 => ikm, 3 => salt, _ => info }, Overlap == 0 ? size + 3 : 1, size, Overlap == 0 ? 0 : 1 + (Seed % 5));
            ReadOnlySpan<byte> Part(int overlap, byte[] own) => Overlap == overlap ? buffer.AsSpan(1, own.Length) : own;
            void Call() => m._api.DeriveKey(Part(2, ikm), buffer.AsSpan(at, size), Part(3, salt), Part(1, info));
            if (!valid)
            {
                byte[] before = (byte[])buffer.Clone();
                ModelCheck.Throws<ArgumentException>(Call, "output");
                ModelCheck.Bytes(before, buffer, "buffer of a refused DeriveKey");
                return;
            }

            byte[] expected = RefHkdf.Expand(m._spec, RefHkdf.Extract(m._spec, salt, ikm), info, outputLength);
            Call();
            ModelCheck.Bytes(expected, buffer.AsSpan(at, size), "OKM");
        }

        public override string ToString() =>
            $"HKDF DeriveKey({(Array ? "byte[]" : "span")}): ikm {IkmLength}, salt {SaltLength}, info {Length} bytes (pattern {Seed}), output choice {OutputChoice}{Overlap switch { 1 => ", info inside the output", 2 => ", ikm inside the output", 3 => ", salt inside the output", _ => "" }}";
    }
}
