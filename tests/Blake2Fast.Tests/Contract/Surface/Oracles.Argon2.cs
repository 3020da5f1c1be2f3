using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text;

namespace Blake2Fast.Tests.Surface;

/// <summary>What an <see cref="Argon2Parameters"/> the test made stands for, written by the test itself (never read back from the object).</summary>
internal sealed record Argon2Spec(Argon2Type Type, int Version, int Iterations, int MemorySize, int Parallelism, byte[] Secret, byte[] AssociatedData, int Threads = 1)
{
    /// <summary>RFC 9106 section 5's inputs other than P and S (K = 8 x 0x03, X = 12 x 0x04), of the given type and version.</summary>
    public static Argon2Spec Rfc9106(Argon2Type type, int version = 0x13) =>
        new(type, version, 3, 32, 4, Argon2KnownAnswers.Secret, Argon2KnownAnswers.AssociatedData);

    /// <summary>The defaults the documentation gives: Argon2id, 0x13, 3 passes over 64 MiB in one lane, one thread.</summary>
    public static Argon2Spec Documented => new(Argon2Type.Argon2id, 0x13, 3, 64 * 1024, 1, [], []);
}

/// <summary>What an <see cref="Argon2VerificationOptions"/> the test made stands for.</summary>
internal sealed record Argon2OptionsSpec(long MaxMemorySize, long MaxIterations, long MaxParallelism, byte[] Secret, int Threads = 1)
{
    /// <summary>The documented defaults: 4 GiB, 64 passes, 256 lanes, no secret, one thread.</summary>
    public static Argon2OptionsSpec Documented => new(4L * 1024 * 1024, 64, 256, []);
}

/// <summary>A PHC string's fields, as the test wrote or read them.</summary>
internal sealed record PhcSpec(Argon2Type Type, int Version, long MemorySize, long Iterations, long Parallelism, byte[] Salt, byte[] Tag)
{
    /// <summary>The string, in the reference's format (unpadded standard base64).</summary>
    public string Format() =>
        $"$argon2{(Type == Argon2Type.Argon2d ? "d" : Type == Argon2Type.Argon2i ? "i" : "id")}$v={Version}$m={MemorySize},t={Iterations},p={Parallelism}${Unpadded(Salt)}${Unpadded(Tag)}";

    /// <summary>
    /// Reads a well-formed PHC string with the test's own split (the strings of the domains, and
    /// what HashPassword returns); null where the string is not of that shape.
    /// </summary>
    public static PhcSpec? Read(string text)
    {
        string[] parts = text.Split('$');
        if (parts.Length != 6 || parts[0].Length != 0 || !parts[2].StartsWith("v=", StringComparison.Ordinal))
        {
            return null;
        }

        Argon2Type? type = parts[1] switch { "argon2d" => Argon2Type.Argon2d, "argon2i" => Argon2Type.Argon2i, "argon2id" => Argon2Type.Argon2id, _ => null };
        string[] costs = parts[3].Split(',');
        if (type is null || costs.Length != 3 || !costs[0].StartsWith("m=", StringComparison.Ordinal) || !costs[1].StartsWith("t=", StringComparison.Ordinal)
            || !costs[2].StartsWith("p=", StringComparison.Ordinal))
        {
            return null;
        }

        static long Number(string field) => long.Parse(field.AsSpan(2), System.Globalization.CultureInfo.InvariantCulture);
        static byte[] Base64(string s) => Convert.FromBase64String(s + new string('=', (4 - (s.Length % 4)) % 4));
        return new PhcSpec(type.Value, (int)Number(parts[2]), Number(costs[0]), Number(costs[1]), Number(costs[2]), Base64(parts[4]), Base64(parts[5]));
    }

    private static string Unpadded(byte[] bytes) => Convert.ToBase64String(bytes).TrimEnd('=');
}

/// <summary>
/// Argon2's and F's answers, computed without the library: RFC 9106's vectors and the reference
/// KATs (Argon2KnownAnswers) where the inputs are theirs, otherwise the reference libargon2
/// (NativeArgon2, whose absence makes the Argon2 driver test skip); EIP-152's vectors where the
/// input is one of them, otherwise the tests' transcription of RFC 7693's F
/// (<see cref="Blake2bCompressionTests.Reference"/>), which must agree with the vectors.
/// </summary>
internal static partial class Oracles
{
    private static readonly ConditionalWeakTable<object, object> Made = new();

    /// <summary>An <see cref="Argon2Parameters"/> built from <paramref name="spec"/>, remembered with it.</summary>
    public static Argon2Parameters Argon2Parameters(Argon2Spec spec) => Remember(new Argon2Parameters
    {
        Type = spec.Type, Version = spec.Version, Iterations = spec.Iterations, MemorySize = spec.MemorySize, Parallelism = spec.Parallelism,
        Secret = spec.Secret, AssociatedData = spec.AssociatedData, MaxDegreeOfParallelism = spec.Threads,
    }, spec);

    /// <summary>An <see cref="Argon2VerificationOptions"/> built from <paramref name="spec"/>, remembered with it.</summary>
    public static Argon2VerificationOptions Argon2Options(Argon2OptionsSpec spec) => Remember(new Argon2VerificationOptions
    {
        MaxMemorySize = spec.MaxMemorySize, MaxIterations = spec.MaxIterations, MaxParallelism = spec.MaxParallelism, Secret = spec.Secret,
        MaxDegreeOfParallelism = spec.Threads,
    }, spec);

    /// <summary>An object the test did not build (a preset, a default) with what its documentation says it is.</summary>
    public static T Remember<T>(T made, object spec)
        where T : class
    {
        Made.AddOrUpdate(made, spec);
        return made;
    }

    /// <summary>What the test says an Argon2 object it passed stands for.</summary>
    public static T SpecOf<T>(object? made)
        where T : class =>
        made is not null && Made.TryGetValue(made, out object? spec) && spec is T t ? t
            : throw new InvalidOperationException($"An Argon2 object the contract test did not make ({made?.GetType().Name ?? "null"}): it cannot know its answer.");

    /// <summary>The Argon2 tag of these inputs: the known answer where they are RFC 9106's, otherwise the reference library's.</summary>
    public static byte[] Argon2Tag(Argon2Spec spec, byte[] password, byte[] salt, byte[] secret, byte[] associatedData, int tagLength)
    {
        if (tagLength == 32 && spec.Iterations == 3 && spec.MemorySize == 32 && spec.Parallelism == 4 && password.AsSpan().SequenceEqual(Argon2KnownAnswers.Password)
            && salt.AsSpan().SequenceEqual(Argon2KnownAnswers.Salt) && secret.AsSpan().SequenceEqual(Argon2KnownAnswers.Secret)
            && associatedData.AsSpan().SequenceEqual(Argon2KnownAnswers.AssociatedData))
        {
            var known = Argon2KnownAnswers.Cases.Single(c => c.Type == spec.Type && c.Version == spec.Version);
            return Convert.FromHexString(known.Tag);
        }

        if (NativeArgon2.Argon2Missing is { } missing)
        {
            throw new InvalidOperationException(missing);
        }

        return NativeArgon2.Hash(spec.Type, spec.Version, spec.Iterations, spec.MemorySize, spec.Parallelism, spec.Parallelism, password, salt, secret, associatedData, tagLength);
    }

    /// <summary>Whether <paramref name="password"/> with <paramref name="secret"/> gives the tag a PHC string holds, by the reference.</summary>
    public static bool Argon2Verifies(PhcSpec phc, byte[] password, byte[] secret)
    {
        var spec = new Argon2Spec(phc.Type, phc.Version, checked((int)phc.Iterations), checked((int)phc.MemorySize), checked((int)phc.Parallelism), secret, []);
        return Argon2Tag(spec, password, phc.Salt, secret, [], phc.Tag.Length).AsSpan().SequenceEqual(phc.Tag);
    }

    /// <summary>A PHC string made by the reference library (argon2_hash: version 0x13, no secret), for the domains.</summary>
    public static string ReferencePhc(Argon2Type type, int t, int m, int p, byte[] password, byte[] salt, int tagLength = 32)
    {
        if (NativeArgon2.Argon2Missing is { } missing)
        {
            throw new InvalidOperationException(missing);
        }

        return NativeArgon2.Encode(type, t, m, p, password, salt, tagLength);
    }

    /// <summary>The arguments of an Argon2 or F call, by parameter name, as they were before it: bytes copied, text as UTF-8, words copied.</summary>
    public static void DescribeArgon2(Site site, object?[] args, Request r)
    {
        foreach (Slot slot in site.Slots)
        {
            object? v = args[slot.Index];
            r.Arguments[slot.Name] = v switch
            {
                ArraySegment<char> chars => Encoding.UTF8.GetBytes(chars.ToArray()),
                char[] chars => Encoding.UTF8.GetBytes(chars),
                ArraySegment<ulong> words => words.ToArray(),
                ulong[] words => words.ToArray(),
                _ when slot.IsByteInput => Arguments.BytesOf(v),
                null when SurfaceInvoker.SpanElement(slot.Type) == typeof(char) => Array.Empty<byte>(),
                null when SurfaceInvoker.SpanElement(slot.Type) == typeof(ulong) => Array.Empty<ulong>(),
                _ => v,
            };
        }
    }

    /// <summary>The tag a DeriveKey call must give (its length is the request's output length).</summary>
    public static byte[] Argon2Tag(Request r)
    {
        Argon2Spec spec = SpecOf<Argon2Spec>(r.Parameters);
        return Argon2Tag(spec, (byte[])r.Arguments["password"]!, (byte[])r.Arguments["salt"]!, spec.Secret, spec.AssociatedData, checked((int)r.OutputLength));
    }

    /// <summary>F with a round count over words: EIP-152's answer where the inputs are one of its vectors, and the transcription, which must agree.</summary>
    public static ulong[] Compression(uint rounds, ulong[] state, ulong[] message, ulong t0, ulong t1, bool final)
    {
        ulong[] h = state.ToArray();
        Blake2bCompressionTests.Reference(rounds, h, message, t0, t1, final);
        byte[] input = Eip152Input(rounds, state, message, t0, t1, final);
        if (Eip152Vector(input) is { } known && !known.AsSpan().SequenceEqual(System.Runtime.InteropServices.MemoryMarshal.AsBytes(h.AsSpan())))
        {
            throw new InvalidOperationException("The tests' transcription of F disagrees with EIP-152's vector: the oracle itself is wrong.");
        }

        return h;
    }

    /// <summary>EIP-152's output for a 213-byte input (rounds big-endian; h, m, t little-endian; flag 0 or 1).</summary>
    public static byte[] Eip152(byte[] input)
    {
        uint rounds = System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(input);
        ulong Word(int at) => System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(input.AsSpan(at));
        ulong[] h = Enumerable.Range(0, 8).Select(i => Word(4 + (8 * i))).ToArray();
        ulong[] m = Enumerable.Range(0, 16).Select(i => Word(68 + (8 * i))).ToArray();
        ulong[] result = Compression(rounds, h, m, Word(196), Word(204), input[212] == 1);
        return result.SelectMany(BitConverter.GetBytes).ToArray();
    }

    /// <summary>The EIP's input of these words.</summary>
    public static byte[] Eip152Input(uint rounds, ulong[] state, ulong[] message, ulong t0, ulong t1, bool final)
    {
        byte[] input = new byte[213];
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(input, rounds);
        for (int i = 0; i < 8; i++)
        {
            System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(input.AsSpan(4 + (8 * i)), state[i]);
        }

        for (int i = 0; i < 16; i++)
        {
            System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(input.AsSpan(68 + (8 * i)), message[i]);
        }

        System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(input.AsSpan(196), t0);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(input.AsSpan(204), t1);
        input[212] = final ? (byte)1 : (byte)0;
        return input;
    }

    /// <summary>EIP-152's vectors 4 to 7 (Blake2bCompressionTests' copy): the input of each, with its output.</summary>
    public static IEnumerable<(byte[] Input, byte[] Output)> Eip152Vectors() =>
        Blake2bCompressionTests.Eip152Vectors.Select(v =>
            (Convert.FromHexString(v.Rounds + Blake2bCompressionTests.H + Blake2bCompressionTests.M + Blake2bCompressionTests.T + v.Flag), Convert.FromHexString(v.Output)));

    private static byte[]? Eip152Vector(byte[] input) =>
        Eip152Vectors().FirstOrDefault(v => v.Input.AsSpan().SequenceEqual(input)).Output;
}
