using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;

namespace Blake2Fast.Tests.Surface;

/// <summary>
/// The table the contract test drives parameters from: for each parameter, by the method it
/// belongs to (<see cref="Overrides"/>, where reflection cannot guess), then by its name, then by
/// its type, how to make a valid value and which edge values to try, each with what it must do.
/// A parameter no entry matches stops the test with its method's name: a new parameter must be
/// described here.
/// </summary>
internal static partial class Domains
{
    /// <summary>HashMany's fixed-stride form: 12 messages of 97 bytes (more than any kernel's lanes).</summary>
    public const int PackedMessageLength = 97;
    public const int PackedSourceLength = 12 * PackedMessageLength;

    /// <summary>The valid leaf length of HashTree: the default message makes 5 leaves, the last one short.</summary>
    public const int LeafLength = 256;

    private delegate Domain Maker(Site site, Slot slot, Request draft, Instance? receiver);

    /// <summary>
    /// "This method's valid inputs are X": parameters whose valid values depend on the method
    /// rather than on their name and type.
    /// </summary>
    private static readonly (string Why, Func<Site, Slot, bool> Applies, Maker Make)[] Overrides =
    [
        ("HashMany's fixed-stride source must be whole messages", (site, slot) => site.Name == "HashMany" && site.Has("messageLength") && slot.Name == "source",
            (site, slot, _, _) => Bytes(slot, Arguments.Pattern(PackedSourceLength),
                ("default", null, Expect.Valid), ("empty (no messages)", 0, Expect.Valid), ("1 byte", 1, Expect.Invalid),
                ("one message", PackedMessageLength, Expect.Valid), ("one message and a byte", PackedMessageLength + 1, Expect.Invalid))),
        ("HashMany's message length must divide the source", (site, slot) => site.Name == "HashMany" && slot.Name == "messageLength",
            (_, slot, _, _) => Integer(slot, PackedMessageLength, v => v >= 1 && PackedSourceLength % v == 0 ? Expect.Valid : Expect.Invalid,
                v => v >= 1 ? "source" : null, 0, -1, 1, PackedMessageLength, PackedSourceLength, 5, PackedSourceLength + 1, int.MaxValue, int.MinValue)),
        ("HKDF-Expand's pseudorandom key is at least a hash long", (site, slot) => site.Family.Kind == FamilyKind.Hkdf && slot.Name == "prk" && !slot.IsDestination,
            (site, slot, _, _) => Bytes(slot, Arguments.Pattern(site.Family.DefaultLength, 9),
                ("null", null, slot.Type == typeof(byte[]) ? Expect.Invalid : Expect.Invalid), ("empty", 0, Expect.Invalid),
                ("a hash less 1", site.Family.DefaultLength - 1, Expect.Invalid), ("a hash and 1", site.Family.DefaultLength + 1, Expect.Valid), ("300 bytes", 300, Expect.Valid))),
        ("BLAKE3's Position takes any 64-bit value", (site, slot) => site.Name == "set_Position" && site.Receiver?.Kind.Type == typeof(Blake3OutputReader),
            (_, slot, _, _) => Integer(slot, 1000, _ => Expect.Valid, null, 0, 1, 1000, 1L << 62, long.MaxValue, -1 /* as ulong: 2^64 - 1 */)),
        ("a HashAlgorithm's key setter takes what its object's key takes", (site, slot) => site.Name == "set_Key" && slot.Type == typeof(byte[]),
            (site, slot, _, receiver) => KeyValue(site, slot, receiver!)),
        .. TreeOverrides(),
        // (Before Bao's: F's message is words, not an exception's text.)
        .. Argon2Overrides(),
        .. BaoOverrides(),
        .. ResumableOverrides(),
    ];

    public static Domain For(Site site, Slot slot, Request draft, Instance? receiver)
    {
        if (slot.IsOut)
        {
            return new Domain(() => null);
        }

        foreach ((_, Func<Site, Slot, bool> applies, Maker make) in Overrides)
        {
            if (applies(site, slot))
            {
                return make(site, slot, draft, receiver);
            }
        }

        if (slot.Name == "outputBuffer")
        {
            // TransformBlock copies its input there (null: no copy).
            return new Domain(
                () => Arguments.Destination(Arguments.MessageLength).ToArray(),
                new Edge("null", () => null, Expect.Valid),
                new Edge("1 short", () => Arguments.Destination(Arguments.MessageLength - 1).ToArray(), Expect.Invalid),
                new Edge("empty", () => Array.Empty<byte>(), Expect.Invalid));
        }

        return Standard(site, slot, draft, receiver);
    }

    /// <summary>The domain by the parameter's name and type alone, as no override has it.</summary>
    private static Domain Standard(Site site, Slot slot, Request draft, Instance? receiver)
    {
        if (slot.IsDestination)
        {
            return Destination(site, slot, draft, receiver);
        }

        Family f = site.Family;
        return (slot.Name, slot.Type) switch
        {
            (_, Type t) when t == typeof(Stream) => Streams(slot),
            (_, Type t) when t == typeof(CancellationToken) => new Domain(() => CancellationToken.None, new Edge("canceled", () => Arguments.Canceled(), Expect.Either)),
            ("key", _) => Key(site, slot),
            ("source" or "input" or "keyMaterial" or "ikm" or "info" or "buffer" or "inputBuffer" or "keyOrSource" or "sourceOrDestination", Type t) when t == typeof(byte) =>
                new Domain(() => (byte)0x61, new Edge("0", () => (byte)0, Expect.Valid), new Edge("255", () => (byte)255, Expect.Valid)),
            ("buffer" or "inputBuffer", _) when site.Has("offset") || site.Has("inputOffset") =>
                // HashAlgorithm's (buffer, offset, count) forms: the count's valid value is the default message's length.
                Bytes(slot, Arguments.Pattern(Arguments.MessageLength), ("null", null, Expect.Invalid), ("longer than offset + count", Arguments.MessageLength + 100, Expect.Valid)),
            ("source" or "input" or "keyMaterial" or "ikm" or "info" or "buffer" or "inputBuffer" or "keyOrSource" or "sourceOrDestination", _) when slot.IsByteInput =>
                Bytes(slot, Arguments.Pattern(Arguments.MessageLength),
                    ("null", null, slot.Type == typeof(byte[]) && !slot.IsNullable ? Expect.Invalid : Expect.Valid),
                    ("empty", 0, Expect.Valid), ("1 byte", 1, Expect.Valid), ("a block", 128, Expect.Valid), ("2 chunks and 1", 2049, Expect.Valid)),
            ("salt", _) when f.Kind == FamilyKind.Hkdf =>
                Bytes(slot, Arguments.Pattern(20, 3), ("null", null, Expect.Valid), ("empty", 0, Expect.Valid), ("1 byte", 1, Expect.Valid), ("a block and 1", 129, Expect.Valid)),
            ("sources", _) => Sources(),
            ("parameters", _) => ParametersObject(f),
            ("context", _) => Context(),
            ("digestLength", _) => Integer(slot, 20, v => v >= 1 && v <= f.MaxLength ? Expect.Valid : Expect.Invalid, null,
                0, -1, 1, f.MaxLength, f.MaxLength + 1, int.MaxValue, int.MinValue),
            ("outputLength", _) => OutputLength(site, slot, receiver),
            ("leafLength", _) => Integer(slot, LeafLength, v => v >= 1 ? Expect.Valid : Expect.Invalid, null, 0, -1, 1, 64, Arguments.MessageLength, int.MaxValue, int.MinValue),
            ("maxDegreeOfParallelism", _) => Parallelism(site, slot),
            ("count", _) when site.Name == "Read" && !site.Has("offset") => ReadCount(slot, receiver!),
            ("offset" or "inputOffset" or "outputOffset", _) => Integer(slot, 0, v => v == 0 ? Expect.Valid : Expect.Invalid, null, -1, 1, int.MaxValue, int.MinValue),
            ("count" or "inputCount", _) => Integer(slot, Arguments.MessageLength, v => v >= 0 && v <= Arguments.MessageLength ? Expect.Valid : Expect.Invalid, null,
                -1, 0, 1, Arguments.MessageLength + 1, int.MaxValue, int.MinValue),
            ("inputStream", _) => Streams(slot),
            ("value", _) when site.Name.StartsWith("set_", StringComparison.Ordinal) => Property(site, slot),
            _ => throw new UnhandledException($"no domain for parameter '{slot.Name}' of type {slot.Type}: describe it in Domains"),
        };
    }

    /// <summary>A method, parameter or type the driver does not know: the test fails naming it, so that new API is described before it ships.</summary>
    public sealed class UnhandledException(string message) : Exception(message);

    /// <summary>Bytes of the given lengths (null: a null array or the default span), passed as the parameter's type expects them.</summary>
    public static Domain Bytes(Slot slot, byte[] valid, params (string Label, int? Length, Expect Expect)[] edges)
    {
        int seed = slot.Name.Length;
        return new Domain(
            () => AsArgument(slot, valid.ToArray()),
            edges.Select(e => new Edge(e.Label, () => AsArgument(slot, e.Length is { } n ? Arguments.Pattern(n, seed) : null), e.Expect)).ToArray());
    }

    /// <summary>Bytes as a parameter of <paramref name="slot"/>'s type takes them: an array, or a view inside a larger array for a span or memory.</summary>
    public static object? AsArgument(Slot slot, byte[]? content)
    {
        if (slot.Type == typeof(byte[]))
        {
            return content;
        }

        if (content is null)
        {
            return slot.Type == typeof(ArraySegment<byte>) ? default(ArraySegment<byte>) : (object?)null;
        }

        return Arguments.View(content);
    }

    /// <summary>Whole numbers, converted to the parameter's type (values it cannot hold are left out, but -1 becomes all ones for unsigned types).</summary>
    public static Domain Integer(Slot slot, long valid, Func<long, Expect> verdict, Func<long, string?>? blame, params long[] values)
    {
        object? Convert(long v) => slot.Type == typeof(int) ? (v is >= int.MinValue and <= int.MaxValue ? (object)(int)v : null)
            : slot.Type == typeof(long) ? (object)v
            : slot.Type == typeof(uint) ? (object)unchecked((uint)v)
            : slot.Type == typeof(ulong) ? (object)unchecked((ulong)v)
            : throw new UnhandledException($"parameter '{slot.Name}' is a {slot.Type}, not an integer type the table converts to");

        var edges = new List<Edge>();
        foreach (long v in values.Distinct())
        {
            if (Convert(v) is { } boxed)
            {
                edges.Add(new Edge(boxed.ToString()!, () => boxed, verdict(v), blame?.Invoke(v)));
            }
        }

        object validValue = Convert(valid)!;
        return new Domain(() => validValue, [.. edges]);
    }

    /// <summary>
    /// Threads: -1 or at least 1. BLAKE3 (and Bao's encoders, which hash as it does) splits only
    /// inputs of 128 KiB or more across threads, so there each value is tried with such an input
    /// as well. (Bao's decoders get a large encoding from their own domain instead: a large input
    /// beside the usual outboard encoding would only fail to verify.)
    /// </summary>
    private static Domain Parallelism(Site site, Slot slot)
    {
        Domain plain = Integer(slot, 2, v => v == -1 || v >= 1 ? Expect.Valid : Expect.Invalid, null, 0, -1, -2, 1, 2, 3, int.MaxValue, int.MinValue);
        Slot? input = site.Slots.FirstOrDefault(s => s.Name is "source" or "input" && s.IsByteInput);
        bool hashesInput = site.Family.Kind == FamilyKind.Blake3 || (site.Family.Kind == FamilyKind.Bao && site.Name.StartsWith("Encode", StringComparison.Ordinal));
        if (!hashesInput || input is null)
        {
            return plain;
        }

        byte[] large = Arguments.Pattern(Arguments.ParallelMessageLength, 6);
        IEnumerable<Edge> withLarge = plain.Edges.Select(e => e with
        {
            Label = e.Label + $", {large.Length}-byte {input.Name}",
            With = [(input.Name, () => AsArgument(input, large))],
        });
        return new Domain(plain.Valid, [.. plain.Edges, .. withLarge]);
    }

    private static Domain Key(Site site, Slot slot)
    {
        Family f = site.Family;
        Expect For(int? length) => length is null && slot.Type == typeof(byte[]) ? Expect.Invalid
            : (length ?? 0) >= f.MinKey && (length ?? 0) <= f.MaxKey ? Expect.Valid : Expect.Invalid;

        int[] lengths = f.Kind switch
        {
            FamilyKind.Blake3 => [0, 1, 31, 32, 33],
            FamilyKind.Hmac => [0, 1, 64, 65, 128, 129, 1000],
            _ => [0, 1, f.MaxKey, f.MaxKey + 1],
        };

        byte[] valid = Arguments.Pattern(f.Kind == FamilyKind.Blake3 ? 32 : 3, 11);
        return Bytes(slot, valid, [("null", null, For(null)), .. lengths.Select(n => ($"{n} bytes", (int?)n, For(n)))]);
    }

    private static Domain KeyValue(Site site, Slot slot, Instance receiver)
    {
        // RFC 2104 HMAC takes keys of any length; BLAKE2's keyed mode up to its largest key.
        int max = site.Family.Kind == FamilyKind.Hmac ? int.MaxValue : site.Family.MaxKey;
        int[] lengths = [0, 1, 32, 64, 65, 129];
        return Bytes(slot, [7, 7, 7], [("null", null, Expect.Invalid), .. lengths.Select(n => ($"{n} bytes", (int?)n, n <= max ? Expect.Valid : Expect.Invalid))]);
    }

    private static Domain Streams(Slot slot)
    {
        static Stream Seekable(byte[] data) => Arguments.Remember(new MemoryStream(data, writable: false), data);
        byte[] trickle = Arguments.Pattern(Arguments.MessageLength + 300, 4);
        return new(
            () => Seekable(Arguments.Pattern(Arguments.MessageLength)),
            new Edge("null", () => null, Expect.Invalid),
            new Edge("empty", () => Seekable([]), Expect.Valid),
            new Edge("not seekable, short reads", () => Arguments.Remember(new ShortReadStream(trickle), trickle), Expect.Valid),
            new Edge("write-only", () => new UnreadableStream(), Expect.Invalid));
    }

    private static Domain Sources()
    {
        static ReadOnlyMemory<byte>[] Messages(params int[] lengths) =>
            lengths.Select((n, i) => (ReadOnlyMemory<byte>)Arguments.View(Arguments.Pattern(n, i + 1)).AsMemory()).ToArray();

        return new Domain(
            () => Messages(1, 129),
            new Edge("none", () => Array.Empty<ReadOnlyMemory<byte>>(), Expect.Valid),
            new Edge("default", () => null, Expect.Valid),
            new Edge("one empty message", () => Messages(0), Expect.Valid),
            new Edge("17 messages", () => Messages(Enumerable.Range(0, 17).Select(i => i * 37).ToArray()), Expect.Valid),
            new Edge("default memories", () => new ReadOnlyMemory<byte>[3], Expect.Valid));
    }

    private static Domain ParametersObject(Family f)
    {
        bool onlyKeySaltPersonalization = f.Kind == FamilyKind.Blake2X;
        object KeyedSalted() => f.Wide
            ? new Blake2bParameters { DigestLength = onlyKeySaltPersonalization ? 64 : 20, Key = new byte[] { 1, 2, 3 }, Salt = Arguments.Pattern(f.SaltLength, 2), Personalization = Arguments.Pattern(3, 5) }
            : new Blake2sParameters { DigestLength = onlyKeySaltPersonalization ? 32 : 20, Key = new byte[] { 1, 2, 3 }, Salt = Arguments.Pattern(f.SaltLength, 2), Personalization = Arguments.Pattern(3, 5) };
        object Tree() => f.Wide
            ? new Blake2bParameters { DigestLength = 33, FanOut = 0, MaxDepth = 2, LeafLength = 4096, NodeOffset = 3, NodeDepth = 1, InnerLength = 64, IsLastNode = true }
            : new Blake2sParameters { DigestLength = 17, FanOut = 0, MaxDepth = 2, LeafLength = 4096, NodeOffset = 3, NodeDepth = 1, InnerLength = 32, IsLastNode = true };
        object Default() => f.Wide ? new Blake2bParameters() : new Blake2sParameters();

        return new Domain(
            KeyedSalted,
            new Edge("null", () => null, Expect.Invalid),
            new Edge("new()", Default, Expect.Valid),
            new Edge("tree fields", Tree, onlyKeySaltPersonalization ? Expect.Invalid : Expect.Valid),
            new Edge("largest key, salt, personalization", () => f.Wide
                ? new Blake2bParameters { Key = Arguments.Pattern(64), Salt = Arguments.Pattern(16), Personalization = Arguments.Pattern(16) }
                : new Blake2sParameters { Key = Arguments.Pattern(32), Salt = Arguments.Pattern(8), Personalization = Arguments.Pattern(8) }, Expect.Valid));
    }

    private static Domain Context() => new(
        () => "Blake2Fast contract test 2025-01-01 v1",
        new Edge("null", () => null, Expect.Invalid),
        new Edge("empty", () => "", Expect.Valid),
        new Edge("non-ASCII", () => "é ☃ \U0001F600", Expect.Valid),
        new Edge("a lone surrogate", () => "\uD800x", Expect.Valid),
        new Edge("600 characters", () => new string('c', 600), Expect.Valid));

    private static Domain OutputLength(Site site, Slot slot, Instance? receiver)
    {
        Family f = site.Family;
        if (site.Name == "Finish" && receiver is not null)
        {
            // Fixing the length of a BLAKE2X hasher: its declared length, or any up to the most an unknown length gives.
            Request r = receiver.Request;
            return Integer(slot, r.UnknownLength ? 100 : r.OutputLength,
                v => (r.UnknownLength ? v >= 1 && v <= f.MaxUnknownLength : v == r.OutputLength) ? Expect.Valid : Expect.Invalid, null,
                0, -1, 1, 99, 100, 101, f.MaxUnknownLength, f.MaxUnknownLength + 1, long.MaxValue, long.MinValue);
        }

        if (site.Name == "HashMany")
        {
            // Any length of 1 or more, but the destination holds one output per message: past what
            // a destination can hold for the valid messages, the destination is at fault.
            return Integer(slot, 100, v => v >= 1 && v <= 1 << 16 ? Expect.Valid : Expect.Invalid, v => v >= 1 ? "destination" : null,
                0, -1, 1, 65, f.DefaultLength, 1 << 16, int.MaxValue, int.MinValue);
        }

        // A length the method returns as an array cannot pass an array's largest length.
        long max = slot.Type == typeof(int) ? Math.Min(f.MaxLength, Array.MaxLength) : f.MaxLength;
        return Integer(slot, 100, v => v >= 1 && v <= max ? Expect.Valid : Expect.Invalid, null,
            0, -1, 1, 65, f.DefaultLength, f.MaxLength <= 1 << 16 ? f.MaxLength : 1, f.MaxLength + 1, f.MaxLength * 255, int.MaxValue, int.MinValue, long.MaxValue, long.MinValue);
    }

    private static Domain ReadCount(Slot slot, Instance receiver)
    {
        long remaining = receiver.Remaining;
        long most = Math.Min(remaining, Array.MaxLength);
        return Integer(slot, Math.Min(remaining, 50), v => v >= 0 && v <= most ? Expect.Valid : Expect.Invalid, null,
            0, -1, 1, remaining <= 1 << 16 ? remaining : 0, remaining < 1 << 16 ? remaining + 1 : 0, int.MaxValue, int.MinValue);
    }

    private static Domain Destination(Site site, Slot slot, Request draft, Instance? receiver)
    {
        Family f = site.Family;
        var edges = new List<(string Label, int Length, Expect Expect)>();
        int valid;
        switch (site.Rule)
        {
            case OutputRule.Exact:
            {
                long max = f.MaxLength;
                valid = (int)Math.Clamp(draft.OutputLength, 1, 1 << 16);
                edges.Add(("empty", 0, Expect.Invalid));
                edges.Add(("1 byte", 1, Expect.Valid));
                foreach (int n in new[] { 65, 1000, 5000 })
                {
                    edges.Add(($"{n} bytes", n, n <= max ? Expect.Valid : Expect.Invalid));
                }

                if (max <= 1 << 16)
                {
                    edges.Add(($"{max} bytes, the most", (int)max, Expect.Valid));
                    edges.Add(($"{max + 1} bytes", (int)max + 1, Expect.Invalid));
                }

                break;
            }

            case OutputRule.AtLeast or OutputRule.AtLeastOrFalse:
            {
                // (Up to 256 KiB: a Bao decoder of the large input needs its 129 KiB.)
                Expect tooShort = site.Rule == OutputRule.AtLeastOrFalse ? Expect.Declined : Expect.Invalid;
                int n = (int)Math.Clamp(draft.OutputLength, 0, 1 << 18);
                valid = n;
                edges.Add(("empty", 0, n == 0 ? Expect.Valid : tooShort));
                if (n >= 2)
                {
                    edges.Add(($"{n - 1} bytes, 1 short", n - 1, tooShort));
                }

                edges.Add(($"{n + 16} bytes, 16 over", n + 16, Expect.Valid));
                break;
            }

            case OutputRule.Exactly:
            {
                int count = draft.Messages?.Count ?? 0;
                valid = (int)Math.Clamp((long)count * draft.OutputLength, 0, 1 << 20);
                edges.Add(("empty", 0, valid == 0 ? Expect.Valid : Expect.Invalid));
                if (valid >= 1)
                {
                    edges.Add(("1 short", valid - 1, Expect.Invalid));
                }

                edges.Add(("1 over", valid + 1, Expect.Invalid));
                break;
            }

            case OutputRule.Readable:
            {
                long remaining = receiver!.Remaining;
                valid = (int)Math.Min(remaining, 50);
                edges.Add(("empty", 0, Expect.Valid));
                edges.Add(("1 byte", 1, remaining >= 1 ? Expect.Valid : Expect.Invalid));
                if (remaining <= 1 << 16)
                {
                    edges.Add(("all that remains", (int)remaining, Expect.Valid));
                    edges.Add(("1 past the end", (int)remaining + 1, Expect.Invalid));
                }

                break;
            }

            case OutputRule.StreamRead:
            {
                // A stream's read takes a buffer of any length, and fills what it has.
                valid = 100;
                edges.Add(("empty", 0, Expect.Valid));
                edges.Add(("1 byte", 1, Expect.Valid));
                edges.Add(("5000 bytes, more than the data", 5000, Expect.Valid));
                break;
            }

            default:
                throw new UnhandledException($"destination '{slot.Name}' of a method whose output rule is {site.Rule}");
        }

        return new Domain(
            () => AsDestination(slot, valid),
            edges.Where(e => e.Length != valid).DistinctBy(e => e.Length).Select(e => new Edge(e.Label, () => AsDestination(slot, e.Length), e.Expect)).ToArray());
    }

    /// <summary>A destination of <paramref name="length"/> bytes of the sentinel, as the parameter's type takes it.</summary>
    public static object AsDestination(Slot slot, int length) =>
        slot.Type == typeof(byte[]) ? Arguments.Destination(length).ToArray() : Arguments.Destination(length);

    /// <summary>The value of a parameters object's setter, by the property's name and the family's limits.</summary>
    private static Domain Property(Site site, Slot slot)
    {
        Family f = site.Family;
        string property = site.Name[4..];
        Func<long, Expect> Range(long min, long max) => v => v >= min && v <= max ? Expect.Valid : Expect.Invalid;
        ulong maxNodeOffset = f.Wide ? ulong.MaxValue : (ulong)Blake2sParameters.MaxNodeOffset;
        return property switch
        {
            "DigestLength" => Integer(slot, 20, Range(1, f.MaxLength), null, 0, -1, 1, f.MaxLength, f.MaxLength + 1, int.MaxValue, int.MinValue),
            "FanOut" => Integer(slot, 2, Range(0, 255), null, -1, 0, 1, 255, 256, int.MaxValue, int.MinValue),
            "MaxDepth" => Integer(slot, 2, Range(1, 255), null, -1, 0, 1, 255, 256, int.MaxValue, int.MinValue),
            "NodeDepth" => Integer(slot, 2, Range(0, 255), null, -1, 0, 1, 255, 256, int.MaxValue, int.MinValue),
            "InnerLength" => Integer(slot, 20, Range(0, f.MaxLength), null, -1, 0, 1, f.MaxLength, f.MaxLength + 1, int.MaxValue, int.MinValue),
            "LeafLength" => Integer(slot, 4096, _ => Expect.Valid, null, 0, 1, uint.MaxValue),
            "NodeOffset" => new Domain(() => 5UL, new[] { 0UL, 1UL, maxNodeOffset, maxNodeOffset + 1, 1UL << 63, ulong.MaxValue }.Distinct()
                .Select(v => new Edge(v.ToString(System.Globalization.CultureInfo.InvariantCulture), () => v, v <= maxNodeOffset ? Expect.Valid : Expect.Invalid)).ToArray()),
            "IsLastNode" => new Domain(() => true, new Edge("false", () => false, Expect.Valid)),
            "Key" => Bytes(slot, [1, 2, 3], ("default", null, Expect.Valid), ("empty", 0, Expect.Valid), ("1 byte", 1, Expect.Valid), ("the most", f.MaxKey, Expect.Valid), ("1 over", f.MaxKey + 1, Expect.Invalid)),
            "Salt" => Bytes(slot, [1, 2, 3], ("default", null, Expect.Valid), ("empty", 0, Expect.Valid), ("the most", f.SaltLength, Expect.Valid), ("1 over", f.SaltLength + 1, Expect.Invalid)),
            "Personalization" => Bytes(slot, [1, 2, 3], ("default", null, Expect.Valid), ("empty", 0, Expect.Valid), ("the most", f.PersonalizationLength, Expect.Valid), ("1 over", f.PersonalizationLength + 1, Expect.Invalid)),
            _ => throw new UnhandledException($"no domain for the setter of {property}: describe it in Domains.Property"),
        };
    }
}
