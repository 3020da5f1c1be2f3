using System;
using System.Collections.Generic;
using System.Text;
using CsCheck;

namespace Blake2Fast.Tests;

/// <summary>
/// Model-based test of <see cref="Argon2"/>: random sequences of key derivations (every overload,
/// types, versions, t, m not a multiple of 4p, p, threads, secrets, associated data, tag lengths
/// across H''s 64-byte edge, one fault at a time: a salt, a tag or a memory size too small),
/// stored password hashes (bytes and text, with and without a pepper), verifications (the right
/// password, another, a tampered string, a missing or wrong pepper) and rehash checks, each against
/// the reference libargon2 (the model: a password store that knows which password and settings made
/// each string). Not a kernel-leg test: it needs the x64 reference library, and the kernels under
/// it are held to the scalar one by Argon2VectorTests in every leg.
/// </summary>
public sealed class Argon2ModelTests
{
    [Fact]
    public void Argon2_derivation_hashing_verification_and_rehash_follow_the_reference()
    {
        Assert.SkipWhen(NativeArgon2.Argon2Missing is not null, NativeArgon2.Argon2Missing ?? "");
        Gen<Argon2Type> type = Gen.Int[0, 2].Select(t => (Argon2Type)t);
        Gen<Argon2Model.Costs> costs = Gen.Select(type, Gen.Bool, Gen.Int[1, 2], Gen.Int[1, 4], Gen.Int[0, 13], Gen.Int[-1, 4],
            (y, old, t, p, extra, threads) => new Argon2Model.Costs(y, old ? 0x10 : 0x13, t, p, (8 * p) + extra, threads == 0 ? 1 : threads));
        Gen<int> tag = Gen.Frequency((6, Gen.Int[4, 40]), (3, Gen.Int[63, 66]), (1, Gen.Int[127, 130]), (1, Gen.Int[2, 3]));
        Gen<IModelOp<Argon2Model>> operation = ModelOps.OneOf(new (int, Gen<IModelOp<Argon2Model>>)[]
        {
            (10, Gen.Select(Gen.Select(Gen.Int[0, 2], costs, Gen.Int[0, 70], Gen.Int[8, 24]), Gen.Select(Gen.Int[0, 12], Gen.Int[0, 12], tag, Gen.Int[0, 3]), Gen.Int[0, 255],
                (a, b, seed) => (IModelOp<Argon2Model>)new Argon2Model.DeriveOp(a.Item1, a.Item2, a.Item3, a.Item4, b.Item1, b.Item2, b.Item3, b.Item4, seed))),
            (6, Gen.Select(Gen.Bool, costs, Gen.Int[0, 40], Gen.Int[0, 1], Gen.Int[0, 255],
                (text, c, length, pepper, seed) => (IModelOp<Argon2Model>)new Argon2Model.StoreOp(text, c, length, pepper == 1, seed))),
            (8, Gen.Select(Gen.Int[0, 7], Gen.Int[0, 4], (index, way) => (IModelOp<Argon2Model>)new Argon2Model.VerifyOp(index, way))),
            (4, Gen.Select(Gen.Int[0, 7], Gen.Int[0, 5], (index, change) => (IModelOp<Argon2Model>)new Argon2Model.RehashOp(index, change))),
        });
        ModelRunner.Run("Argon2", 300, Gen.Const(0), operation, 12, _ => new Argon2Model(), (m, o) => ModelOps.Run(m, o, () => { }));
    }
}

/// <summary>A password store beside the reference libargon2: each stored string with the password, pepper and costs that made it.</summary>
internal sealed class Argon2Model
{
    private readonly List<Stored> _stored = [];

    /// <summary>t, p, m (KiB, not always a multiple of 4p), threads (-1 or 1-4), type and version.</summary>
    public sealed record Costs(Argon2Type Type, int Version, int Iterations, int Lanes, int MemorySize, int Threads)
    {
        public Argon2Parameters Parameters(byte[] secret, byte[] associatedData) => new()
        {
            Type = Type, Version = Version, Iterations = Iterations, Parallelism = Lanes, MemorySize = MemorySize,
            MaxDegreeOfParallelism = Threads, Secret = secret, AssociatedData = associatedData,
        };

        public byte[] Reference(byte[] password, byte[] salt, byte[] secret, byte[] associatedData, int tagLength) =>
            NativeArgon2.Hash(Type, Version, Iterations, MemorySize, Lanes, Lanes, password, salt, secret, associatedData, tagLength);
    }

    private sealed record Stored(string Encoded, byte[] Password, string? Text, byte[] Secret, Costs Costs);

    /// <summary>
    /// DeriveKey into a new array (<see cref="Way"/> 0), into a span inside a larger buffer (1), or into
    /// a span that overlaps the password in one buffer (2); <see cref="Fault"/> 1 makes the salt 7
    /// bytes, 2 the tag 3 bytes, 3 the memory one KiB under 8 per lane: refused, naming the parameter,
    /// nothing written.
    /// </summary>
    public sealed record DeriveOp(int Way, Costs Costs, int PasswordLength, int SaltLength, int SecretLength, int DataLength, int TagLength, int Fault, int Seed) : IModelOp<Argon2Model>
    {
        public void Run(Argon2Model m)
        {
            byte[] password = ModelData.Bytes(PasswordLength, Seed);
            byte[] salt = ModelData.Bytes(Fault == 1 ? 7 : SaltLength, Seed + 1);
            byte[] secret = ModelData.Bytes(SecretLength, Seed + 2);
            byte[] data = ModelData.Bytes(DataLength, Seed + 3);
            int tagLength = Fault == 2 ? 3 : Math.Max(4, TagLength);
            Costs costs = Fault == 3 ? Costs with { MemorySize = (8 * Costs.Lanes) - 1 } : Costs;
            if (costs.MemorySize < 8)
            {
                costs = costs with { Lanes = 2, MemorySize = 15 };
            }

            Argon2Parameters parameters = costs.Parameters(secret, data);
            string? refusedParameter = Fault switch
            {
                1 => "salt",
                2 => Way == 0 ? "outputLength" : "destination",
                3 => "parameters",
                _ => null,
            };

            byte[] buffer = ModelCheck.Sentinel(password.Length + tagLength + 8);
            byte[] before = (byte[])buffer.Clone();
            int passwordAt = 4;
            int tagAt = Way == 2 ? passwordAt + (password.Length / 2) : password.Length + 6;
            password.CopyTo(buffer, passwordAt);
            before = (byte[])buffer.Clone();
            byte[] result = [];
            void Call()
            {
                if (Way == 0)
                {
                    result = Argon2.DeriveKey(password, salt, tagLength, parameters);
                }
                else
                {
                    Argon2.DeriveKey(buffer.AsSpan(passwordAt, password.Length), salt, buffer.AsSpan(tagAt, tagLength), parameters);
                    result = buffer.AsSpan(tagAt, tagLength).ToArray();
                }
            }

            if (refusedParameter is not null)
            {
                ModelCheck.Throws<ArgumentException>(Call, refusedParameter);
                ModelCheck.Bytes(before, buffer, "the buffer after a refusal");
                return;
            }

            Call();
            ModelCheck.Bytes(costs.Reference(password, salt, secret, data, tagLength), result, "the tag");
            if (Way != 0)
            {
                ModelCheck.Bytes(before.AsSpan(0, Math.Min(passwordAt, tagAt)), buffer.AsSpan(0, Math.Min(passwordAt, tagAt)), "the bytes before the destination");
                ModelCheck.Bytes(before.AsSpan(tagAt + tagLength), buffer.AsSpan(tagAt + tagLength), "the bytes after the destination");
            }
        }
    }

    /// <summary>HashPassword of bytes or of text (with characters outside ASCII), with or without a pepper; the string is checked field by field and its tag against the reference.</summary>
    public sealed record StoreOp(bool Text, Costs Costs, int Length, bool Pepper, int Seed) : IModelOp<Argon2Model>
    {
        public void Run(Argon2Model m)
        {
            string? text = Text ? ModelText(Length, Seed) : null;
            byte[] password = text is null ? ModelData.Bytes(Length, Seed) : Encoding.UTF8.GetBytes(text);
            byte[] secret = Pepper ? ModelData.Bytes(16, Seed + 5) : [];
            Argon2Parameters parameters = Costs.Parameters(secret, []);
            string encoded = text is null ? Argon2.HashPassword(password, parameters) : Argon2.HashPassword(text, parameters);

            string name = Costs.Type switch { Argon2Type.Argon2d => "argon2d", Argon2Type.Argon2i => "argon2i", _ => "argon2id" };
            string[] fields = encoded.Split('$');
            ModelCheck.Equal(6, fields.Length, $"the fields of {encoded}");
            ModelCheck.Equal(name, fields[1], "the type field");
            ModelCheck.Equal($"v={Costs.Version}", fields[2], "the version field");
            ModelCheck.Equal($"m={Costs.MemorySize},t={Costs.Iterations},p={Costs.Lanes}", fields[3], "the cost fields");
            byte[] salt = Unpadded(fields[4]);
            byte[] tag = Unpadded(fields[5]);
            ModelCheck.Equal(Argon2.SaltLength, salt.Length, "the salt's length");
            ModelCheck.Bytes(Costs.Reference(password, salt, secret, [], Argon2.TagLength), tag, "the stored tag");
            m._stored.Add(new Stored(encoded, password, text, secret, Costs));
        }
    }

    /// <summary>
    /// VerifyPassword of a stored string (index modulo the count; nothing when the store is empty):
    /// (0) the right password, as bytes and as text when it was text; (1) another password; (2) the
    /// string with its tag's last character changed; (3) the pepper left out, or one given where none
    /// was used; (4) the right password with threads.
    /// </summary>
    public sealed record VerifyOp(int Index, int Way) : IModelOp<Argon2Model>
    {
        public void Run(Argon2Model m)
        {
            if (m._stored.Count == 0)
            {
                return;
            }

            Stored s = m._stored[Index % m._stored.Count];
            var options = new Argon2VerificationOptions { Secret = s.Secret };
            switch (Way)
            {
                case 0:
                    ModelCheck.Equal(true, Argon2.VerifyPassword(s.Password, s.Encoded, options), "the right password");
                    if (s.Text is not null)
                    {
                        ModelCheck.Equal(true, Argon2.VerifyPassword(s.Text.AsSpan(), s.Encoded, options), "the right password as text");
                    }

                    if (s.Secret.Length == 0)
                    {
                        ModelCheck.Equal(true, Argon2.VerifyPassword(s.Password, s.Encoded), "the right password with the default options");
                        if (s.Costs.Version == 0x13)
                        {
                            ModelCheck.Equal(0, NativeArgon2.Verify(s.Encoded, s.Password, s.Costs.Type), "the reference's verification of our string");
                        }
                    }

                    break;
                case 1:
                    byte[] other = [.. s.Password, 0x2A];
                    ModelCheck.Equal(false, Argon2.VerifyPassword(other, s.Encoded, options), "another password");
                    break;
                case 2:
                    char last = s.Encoded[^1];
                    string tampered = s.Encoded[..^1] + (last == 'A' ? 'Q' : 'A');
                    ModelCheck.Equal(false, Argon2.VerifyPassword(s.Password, tampered, options), "a tampered tag");
                    break;
                case 3:
                    var wrongPepper = new Argon2VerificationOptions { Secret = s.Secret.Length == 0 ? new byte[] { 1, 2, 3, 4 } : Array.Empty<byte>() };
                    ModelCheck.Equal(false, Argon2.VerifyPassword(s.Password, s.Encoded, wrongPepper), "the wrong pepper");
                    break;
                default:
                    var threaded = new Argon2VerificationOptions { Secret = s.Secret, MaxDegreeOfParallelism = -1 };
                    ModelCheck.Equal(true, Argon2.VerifyPassword(s.Password, s.Encoded, threaded), "the right password with threads");
                    break;
            }
        }
    }

    /// <summary>NeedsRehash against the settings that made the string (0: false) or with one changed: type, version, m, t, p (1-5: true).</summary>
    public sealed record RehashOp(int Index, int Change) : IModelOp<Argon2Model>
    {
        public void Run(Argon2Model m)
        {
            if (m._stored.Count == 0)
            {
                return;
            }

            Stored s = m._stored[Index % m._stored.Count];
            Costs c = s.Costs;
            Costs changed = Change switch
            {
                1 => c with { Type = (Argon2Type)(((int)c.Type + 1) % 3) },
                2 => c with { Version = c.Version == 0x13 ? 0x10 : 0x13 },
                3 => c with { MemorySize = c.MemorySize + 8 },
                4 => c with { Iterations = c.Iterations + 1 },
                5 => c with { Lanes = c.Lanes + 1, MemorySize = Math.Max(c.MemorySize, 8 * (c.Lanes + 1)) },
                _ => c,
            };
            ModelCheck.Equal(Change != 0, Argon2.NeedsRehash(s.Encoded, changed.Parameters([], [])), $"NeedsRehash with change {Change}");
        }
    }

    /// <summary>Text of <paramref name="length"/> characters from ASCII, Latin-1, CJK and a surrogate pair.</summary>
    private static string ModelText(int length, int seed)
    {
        string alphabet = "aZ9 é€中😀";
        var text = new StringBuilder();
        var random = new Random(seed);
        while (text.Length < length)
        {
            int pick = random.Next(alphabet.Length - 1);
            text.Append(char.IsHighSurrogate(alphabet[pick]) ? alphabet.Substring(pick, 2) : alphabet[pick].ToString());
        }

        return text.ToString();
    }

    private static byte[] Unpadded(string base64) => Convert.FromBase64String(base64.PadRight((base64.Length + 3) / 4 * 4, '='));
}

/// <summary>
/// Model-based test of <see cref="Blake2bCompression"/>: random F calls (rounds 0-1000, state,
/// message, counters, flag, through both entry points; a wrong length or flag refused, nothing
/// written) against the test's own scalar F, in every kernel leg.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class Blake2bCompressionModelTests
{
    [Fact]
    public void Blake2b_F_follows_the_scalar_model()
    {
        Gen<uint> rounds = Gen.Frequency((6, Gen.UInt[0, 30]), (2, Gen.UInt[0, 1000]), (1, Gen.Const(12u)));
        Gen<IModelOp<CompressionModel>> operation = ModelOps.OneOf(new (int, Gen<IModelOp<CompressionModel>>)[]
        {
            (8, Gen.Select(rounds, Gen.ULong, Gen.ULong, Gen.Bool, Gen.Int[0, 255], Gen.Int[-1, 1],
                (r, t0, t1, final, seed, delta) => (IModelOp<CompressionModel>)new CompressionModel.WordsOp(r, t0, t1, final, seed, delta))),
            (8, Gen.Select(rounds, Gen.ULong, Gen.ULong, Gen.Int[0, 3], Gen.Int[0, 255], Gen.Int[-1, 1],
                (r, t0, t1, flag, seed, delta) => (IModelOp<CompressionModel>)new CompressionModel.Eip152Op(r, t0, t1, flag, seed, delta))),
        });
        ModelRunner.Run("BLAKE2b F", 1000, Gen.Const(0), operation, 8, _ => new CompressionModel(), (m, o) => ModelOps.Run(m, o, () => { }));
    }
}

/// <summary>BLAKE2b's F beside the tests' plain transcription of RFC 7693's F with a round count.</summary>
internal sealed class CompressionModel
{
    /// <summary>F(h, m, t, f) with <paramref name="rounds"/> rounds, by <see cref="Blake2bCompressionTests.Reference"/>.</summary>
    private static ulong[] F(uint rounds, ulong[] h, ulong[] m, ulong t0, ulong t1, bool final)
    {
        ulong[] result = (ulong[])h.Clone();
        Blake2bCompressionTests.Reference(rounds, result, m, t0, t1, final);
        return result;
    }

    private static ulong[] Words(int count, int seed)
    {
        byte[] bytes = ModelData.Bytes(count * 8, seed);
        ulong[] words = new ulong[count];
        for (int i = 0; i < count; i++)
        {
            words[i] = BitConverter.ToUInt64(bytes, i * 8);
        }

        return words;
    }

    /// <summary>Compress on words; a state or message one word short or long (<see cref="Delta"/>) is refused naming it, nothing written.</summary>
    public sealed record WordsOp(uint Rounds, ulong T0, ulong T1, bool Final, int Seed, int Delta) : IModelOp<CompressionModel>
    {
        public void Run(CompressionModel model)
        {
            ulong[] h = Words(8, Seed);
            ulong[] m = Words(16, Seed + 1);
            if (Delta != 0)
            {
                bool state = Seed % 2 == 0;
                ulong[] wrong = Words((state ? 8 : 16) + Delta, Seed + 2);
                ulong[] before = (ulong[])wrong.Clone();
                ulong[] hBefore = (ulong[])h.Clone();
                ModelCheck.Throws<ArgumentException>(
                    () => Blake2bCompression.Compress(Rounds, state ? wrong : h, state ? m : wrong, T0, T1, Final),
                    state ? "state" : "message");
                ModelCheck.Equal(true, before.AsSpan().SequenceEqual(wrong) && hBefore.AsSpan().SequenceEqual(h), "nothing written on a refusal");
                return;
            }

            ulong[] expected = F(Rounds, h, m, T0, T1, Final);
            Blake2bCompression.Compress(Rounds, h, m, T0, T1, Final);
            ModelCheck.Equal(string.Join(",", expected), string.Join(",", h), $"F with {Rounds} rounds");
        }
    }

    /// <summary>
    /// ComputeEip152 on the precompile's 213 bytes; a flag byte of 2 or 3, an input a byte short or
    /// long (<see cref="Delta"/>) or a destination a byte short is refused naming it, nothing written.
    /// </summary>
    public sealed record Eip152Op(uint Rounds, ulong T0, ulong T1, int Flag, int Seed, int Delta) : IModelOp<CompressionModel>
    {
        public void Run(CompressionModel model)
        {
            ulong[] h = Words(8, Seed);
            ulong[] m = Words(16, Seed + 1);
            byte[] input = new byte[213 + (Seed % 3 == 0 ? Delta : 0)];
            input[0] = (byte)(Rounds >> 24);
            input[1] = (byte)(Rounds >> 16);
            input[2] = (byte)(Rounds >> 8);
            input[3] = (byte)Rounds;
            Buffer.BlockCopy(h, 0, input, 4, 64);
            Buffer.BlockCopy(m, 0, input, 68, 128);
            BitConverter.GetBytes(T0).CopyTo(input, 196);
            BitConverter.GetBytes(T1).CopyTo(input, 204);
            input[^1] = (byte)Flag;
            byte[] destination = ModelCheck.Sentinel(64 + (Seed % 3 == 1 ? Delta : 0));
            byte[] before = (byte[])destination.Clone();

            string? refused = input.Length != 213 || Flag > 1 ? "input" : destination.Length < 64 ? "destination" : null;
            if (refused is not null)
            {
                ModelCheck.Throws<ArgumentException>(() => Blake2bCompression.ComputeEip152(input, destination), refused);
                ModelCheck.Bytes(before, destination, "the destination after a refusal");
                return;
            }

            ulong[] expected = F(Rounds, h, m, T0, T1, Flag == 1);
            byte[] expectedBytes = new byte[64];
            Buffer.BlockCopy(expected, 0, expectedBytes, 0, 64);
            Blake2bCompression.ComputeEip152(input, destination);
            ModelCheck.Bytes(expectedBytes, destination.AsSpan(0, 64), $"EIP-152 with {Rounds} rounds");
            ModelCheck.Bytes(before.AsSpan(64), destination.AsSpan(64), "the bytes past the output");
        }
    }
}
