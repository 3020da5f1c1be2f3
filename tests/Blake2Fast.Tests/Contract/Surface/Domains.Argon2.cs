using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Blake2Fast.Tests.Surface;

// Argon2 (small costs: m = 8p to 64 KiB, t = 1 to 3) and BLAKE2b's F. Every Argon2Parameters and
// Argon2VerificationOptions passed is made here from a spec the test writes down (Oracles.Remember),
// so that the answers come from the spec, not from the object under test; the presets and the
// defaults are remembered with what their documentation says they are.
internal static partial class Domains
{
    /// <summary>The password of the text overloads.</summary>
    public const string TextPassword = "correct horse battery staple";

    /// <summary>The salt of the PHC strings the domains make.</summary>
    private static readonly byte[] PhcSalt = Arguments.Pattern(16, 21);

    /// <summary>The costs of the PHC strings the domains make, and of NeedsRehash's valid parameters.</summary>
    private static readonly Argon2Spec PhcCosts = new(Argon2Type.Argon2id, 0x13, 2, 32, 2, [], []);

    /// <summary>A pepper (K) for the PHC strings and options that use one.</summary>
    private static readonly byte[] Pepper = Encoding.ASCII.GetBytes("kept in a key vault");

    private static IEnumerable<(string Why, Func<Site, Slot, bool> Applies, Maker Make)> Argon2Overrides() =>
    [
        ("Argon2's password is any bytes or any text", (site, slot) => site.Family.Kind == FamilyKind.Argon2 && slot.Name == "password", (_, slot, _, _) => Password(slot)),
        ("Argon2's salt is 8 bytes or more", (site, slot) => site.Family.Kind == FamilyKind.Argon2 && slot.Name == "salt",
            (_, slot, _, _) => Bytes(slot, Argon2KnownAnswers.Salt, ("default", null, Expect.Invalid), ("empty", 0, Expect.Invalid), ("7 bytes", 7, Expect.Invalid),
                ("8 bytes", 8, Expect.Valid), ("64 bytes", 64, Expect.Valid))),
        ("an Argon2 tag is 4 bytes or more, the destination's length", (site, slot) => site.Family.Kind == FamilyKind.Argon2 && slot.IsDestination,
            (_, slot, _, _) => new Domain(() => AsDestination(slot, 32),
                new[] { 0, 1, 3, 4, 31, 33, 64, 65, 1000 }.Select(n => new Edge($"{n} bytes", () => AsDestination(slot, n), n >= 4 ? Expect.Valid : Expect.Invalid)).ToArray())),
        ("an Argon2 tag is 4 bytes up to the longest array", (site, slot) => site.Family.Kind == FamilyKind.Argon2 && slot.Name == "outputLength",
            (_, slot, _, _) => Integer(slot, 32, v => v >= 4 && v <= Array.MaxLength ? Expect.Valid : Expect.Invalid, null, 3, 0, -1, 4, 31, 33, 65, 1000, int.MaxValue, int.MinValue)),
        ("Argon2's parameters, by what the method does with them", (site, slot) => site.Family.Kind == FamilyKind.Argon2 && slot.Name == "parameters",
            (site, _, _, _) => Argon2ParameterObjects(site)),
        ("a PHC string: the reference's, malformed, or over the limits", (site, slot) => site.Family.Kind == FamilyKind.Argon2 && slot.Name == "encodedHash",
            (site, _, _, _) => EncodedHashes(site)),
        ("verification's limits, pepper and threads", (site, slot) => site.Family.Kind == FamilyKind.Argon2 && slot.Name == "options", (site, _, _, _) => VerificationOptions(site)),
        ("Argon2's settings check each value as it is set", (site, slot) => site.Family.Kind == FamilyKind.Argon2 && site.Name.StartsWith("set_", StringComparison.Ordinal),
            (site, slot, _, _) => Argon2Property(site, slot)),
        ("F takes any number of rounds (up to 2^32 - 1, too slow to try here)", (site, slot) => site.Family.Kind == FamilyKind.Compression && slot.Name == "rounds",
            (_, slot, _, _) => Integer(slot, 12, _ => Expect.Valid, null, 0, 1, 9, 10, 11, 13, 20, 1001)),
        ("F's state is 8 words", (site, slot) => site.Family.Kind == FamilyKind.Compression && slot.Name == "state",
            (_, slot, _, _) => Words(Eip152Words(4, 8), 8, 7, 9)),
        ("F's message block is 16 words", (site, slot) => site.Family.Kind == FamilyKind.Compression && slot.Name == "message",
            (_, slot, _, _) => Words(Eip152Words(68, 16), 16, 15, 17)),
        ("F's counter words take any value", (site, slot) => site.Family.Kind == FamilyKind.Compression && slot.Name is "t0" or "t1",
            (_, slot, _, _) => Integer(slot, slot.Name == "t0" ? 3 : 0, _ => Expect.Valid, null, 0, 1, -1, long.MinValue)),
        ("F's final-block flag", (site, slot) => site.Family.Kind == FamilyKind.Compression && slot.Name == "finalBlock",
            (_, _, _, _) => new Domain(() => true, new Edge("false", () => false, Expect.Valid))),
        ("EIP-152's input is 213 bytes ending in a flag of 0 or 1", (site, slot) => site.Family.Kind == FamilyKind.Compression && slot.Name == "input",
            (_, slot, _, _) => Eip152Inputs(slot)),
    ];

    /// <summary>A password as bytes (RFC 9106's by default) or as text (lone surrogates included: they are hashed as U+FFFD).</summary>
    private static Domain Password(Slot slot)
    {
        if (SurfaceInvoker.SpanElement(slot.Type) == typeof(char))
        {
            string[] texts = ["", "pässwörd €", "\uD800x", new string('p', 300)];
            return new Domain(
                () => Arguments.View(TextPassword),
                [new Edge("default", () => null, Expect.Valid), .. texts.Select(t => new Edge(t.Length > 20 ? $"{t.Length} characters" : $"\"{t}\"", () => Arguments.View(t), Expect.Valid))]);
        }

        return Bytes(slot, Argon2KnownAnswers.Password, ("default", null, Expect.Valid), ("empty", 0, Expect.Valid), ("1 byte", 1, Expect.Valid), ("200 bytes", 200, Expect.Valid));
    }

    /// <summary>The password bytes the valid PHC strings of <paramref name="site"/> were made with: its valid password, as it hashes it.</summary>
    private static byte[] PhcPassword(Site site) =>
        site.Slots.FirstOrDefault(s => s.Name == "password") is { } slot && SurfaceInvoker.SpanElement(slot.Type) == typeof(char)
            ? Encoding.UTF8.GetBytes(TextPassword)
            : Argon2KnownAnswers.Password;

    private static Domain Argon2ParameterObjects(Site site)
    {
        static Edge Made(string label, Argon2Spec spec, Expect expect = Expect.Valid) => new(label, () => Oracles.Argon2Parameters(spec), expect);
        Edge none = new("null", () => null, Expect.Invalid);
        Argon2Spec rfc = Argon2Spec.Rfc9106(Argon2Type.Argon2id);
        switch (site.Name)
        {
            case "DeriveKey":
                return new Domain(
                    () => Oracles.Argon2Parameters(rfc),
                    none,
                    Made("m = 31, under 8 KiB per lane (p = 4)", rfc with { MemorySize = 31 }, Expect.Invalid),
                    Made("RFC 9106's Argon2d", Argon2Spec.Rfc9106(Argon2Type.Argon2d)),
                    Made("RFC 9106's Argon2i", Argon2Spec.Rfc9106(Argon2Type.Argon2i)),
                    Made("version 0x10 (the reference's KAT)", Argon2Spec.Rfc9106(Argon2Type.Argon2id, 0x10)),
                    Made("t = 1, m = 8, p = 1, no secret or associated data", new Argon2Spec(Argon2Type.Argon2id, 0x13, 1, 8, 1, [], [])),
                    Made("Argon2i, t = 2, m = 37 (not a multiple of 4p), p = 3, 3 threads", new Argon2Spec(Argon2Type.Argon2i, 0x13, 2, 37, 3, [7], [], 3)),
                    Made("Argon2d 0x10, m = 64 = 8p, p = 8, a thread per lane", new Argon2Spec(Argon2Type.Argon2d, 0x10, 1, 64, 8, [], [9, 9], -1)));

            case "HashPassword":
            {
                Argon2Spec valid = rfc with { AssociatedData = [] };
                return new Domain(
                    () => Oracles.Argon2Parameters(valid),
                    none,
                    Made("m = 31, under 8 KiB per lane (p = 4)", valid with { MemorySize = 31 }, Expect.Invalid),
                    Made("associated data, which a PHC string cannot carry", rfc, Expect.Invalid),
                    Made("Argon2i 0x10, t = 1, m = 8, p = 1", new Argon2Spec(Argon2Type.Argon2i, 0x10, 1, 8, 1, [], [])),
                    Made("Argon2d, t = 2, m = 24, p = 3, 2 threads", new Argon2Spec(Argon2Type.Argon2d, 0x13, 2, 24, 3, [], [], 2)));
            }

            case "NeedsRehash":
            {
                Edge Preset(string label, Argon2Parameters preset, Argon2Spec documented) => new(label, () => Oracles.Remember(preset, documented), Expect.Valid);
                return new Domain(
                    () => Oracles.Argon2Parameters(PhcCosts),
                    none,
                    new Edge("new(), the documented defaults", () => Oracles.Remember(new Argon2Parameters(), Argon2Spec.Documented), Expect.Valid),
                    Preset("RFC 9106's first recommendation", Argon2Parameters.Rfc9106FirstRecommendation, new(Argon2Type.Argon2id, 0x13, 1, 2 * 1024 * 1024, 4, [], [])),
                    Preset("RFC 9106's second recommendation", Argon2Parameters.Rfc9106SecondRecommendation, new(Argon2Type.Argon2id, 0x13, 3, 64 * 1024, 4, [], [])),
                    Preset("OWASP's minimum", Argon2Parameters.OwaspMinimum, new(Argon2Type.Argon2id, 0x13, 2, 19 * 1024, 1, [], [])),
                    Made("another type", PhcCosts with { Type = Argon2Type.Argon2i }),
                    Made("another version", PhcCosts with { Version = 0x10 }),
                    Made("another t", PhcCosts with { Iterations = 3 }),
                    Made("another m", PhcCosts with { MemorySize = 40 }),
                    Made("another p", PhcCosts with { Parallelism = 1 }),
                    Made("other threads and a secret (neither in the string)", PhcCosts with { Threads = 2, Secret = Pepper }));
            }

            default:
                throw new UnhandledException($"no domain for the Argon2 parameters of {site.Name}: describe them in Domains.Argon2");
        }
    }

    /// <summary>
    /// PHC strings: the reference's (argon2_hash), ones the test writes around the reference's tags
    /// (version 0x10, a pepper), malformed ones (FormatException, whatever the method), and costs over
    /// the default limits, which verification refuses before it takes any memory (one asks for 4 TiB)
    /// and NeedsRehash reads like any other.
    /// </summary>
    private static Domain EncodedHashes(Site site)
    {
        byte[] password = PhcPassword(site);
        bool verifies = site.Name == "VerifyPassword";
        string valid = Oracles.ReferencePhc(PhcCosts.Type, PhcCosts.Iterations, PhcCosts.MemorySize, PhcCosts.Parallelism, password, PhcSalt);
        string[] parts = valid.Split('$');
        string Costs(string costs) => string.Join('$', parts[..3]) + "$" + costs + "$" + parts[4] + "$" + parts[5];
        byte[] tag32 = Arguments.Pattern(32, 8);
        Edge Malformed(string label, string text) => new(label, () => text, Expect.Invalid) { Throws = [typeof(FormatException)] };
        Edge OverLimit(string label, long m, long t, long p) =>
            new(label, () => new PhcSpec(Argon2Type.Argon2id, 0x13, m, t, p, PhcSalt, tag32).Format(), verifies ? Expect.Invalid : Expect.Valid)
            {
                Throws = verifies ? [typeof(ArgumentException)] : null,
            };

        return new Domain(
            () => valid,
            new Edge("null", () => null, Expect.Invalid),
            Malformed("empty", ""),
            Malformed("another algorithm", valid.Replace("$argon2id$", "$argon2x$", StringComparison.Ordinal)),
            Malformed("version 18", valid.Replace("$v=19$", "$v=18$", StringComparison.Ordinal)),
            Malformed("m = 15, under 8p (p = 2)", Costs("m=15,t=2,p=2")),
            Malformed("t = 0", Costs("m=32,t=0,p=2")),
            Malformed("t before m", Costs("t=2,m=32,p=2")),
            Malformed("characters after the hash", valid + "$AAAA"),
            Malformed("a 7-byte salt", new PhcSpec(Argon2Type.Argon2id, 0x13, 32, 2, 2, Arguments.Pattern(7), tag32).Format()),
            Malformed("a 3-byte tag", new PhcSpec(Argon2Type.Argon2id, 0x13, 32, 2, 2, PhcSalt, [1, 2, 3]).Format()),
            Malformed("padded base64", Costs("m=32,t=2,p=2").Replace("$" + parts[4] + "$", "$" + Convert.ToBase64String(PhcSalt) + "$", StringComparison.Ordinal)),
            new Edge("the reference's Argon2i", () => Oracles.ReferencePhc(Argon2Type.Argon2i, 1, 16, 1, password, PhcSalt), Expect.Valid),
            new Edge("Argon2d, version 0x10, a 64-byte tag", () => new PhcSpec(Argon2Type.Argon2d, 0x10, 24, 1, 3, PhcSalt,
                NativeArgon2.Hash(Argon2Type.Argon2d, 0x10, 1, 24, 3, 3, password, PhcSalt, [], [], 64)).Format(), Expect.Valid),
            new Edge("an 8-byte salt and a 4-byte tag", () => Oracles.ReferencePhc(Argon2Type.Argon2id, 1, 8, 1, password, Arguments.Pattern(8, 4), tagLength: 4), Expect.Valid),
            new Edge("another password's", () => Oracles.ReferencePhc(PhcCosts.Type, PhcCosts.Iterations, PhcCosts.MemorySize, PhcCosts.Parallelism, [1, 2, 3], PhcSalt), Expect.Valid),
            new Edge("made with a pepper", () => PepperedPhc(password), Expect.Valid),
            OverLimit("m = 4 GiB + 1 KiB, over the default limit", (4L * 1024 * 1024) + 1, 1, 1),
            OverLimit("t = 65, over the default limit", 32, 65, 2),
            OverLimit("p = 257, over the default limit", 8 * 257, 1, 257),
            OverLimit("m = 2^32 - 1 KiB (4 TiB)", uint.MaxValue, 1, 1));
    }

    /// <summary>A PHC string of <see cref="PhcCosts"/> whose tag the reference made with <see cref="Pepper"/> as K.</summary>
    private static string PepperedPhc(byte[] password) =>
        new PhcSpec(PhcCosts.Type, PhcCosts.Version, PhcCosts.MemorySize, PhcCosts.Iterations, PhcCosts.Parallelism, PhcSalt,
            NativeArgon2.Hash(PhcCosts.Type, PhcCosts.Version, PhcCosts.Iterations, PhcCosts.MemorySize, PhcCosts.Parallelism, PhcCosts.Parallelism, password, PhcSalt, Pepper, [], 32)).Format();

    /// <summary>Options: the defaults, a pepper, threads, and limits at and under the valid string's costs (m = 32, t = 2, p = 2).</summary>
    private static Domain VerificationOptions(Site site)
    {
        Argon2OptionsSpec documented = Argon2OptionsSpec.Documented;
        static Edge Made(string label, Argon2OptionsSpec spec, Expect expect = Expect.Valid) =>
            new(label, () => Oracles.Argon2Options(spec), expect) { Throws = expect == Expect.Invalid ? [typeof(ArgumentException)] : null };
        Edge Under(string label, Argon2OptionsSpec spec) => Made(label, spec, Expect.Invalid) with { Blame = "encodedHash" };
        return new Domain(
            () => Oracles.Remember(new Argon2VerificationOptions(), documented),
            new Edge("null", () => null, Expect.Invalid),
            new Edge("Default", () => Oracles.Remember(Argon2VerificationOptions.Default, documented), Expect.Valid),
            Made("a pepper the string was not made with", documented with { Secret = Pepper }),
            Made("the pepper the string was made with", documented with { Secret = Pepper }) with { With = [("encodedHash", () => PepperedPhc(PhcPassword(site)))] },
            Made("2 threads", documented with { Threads = 2 }),
            Made("a thread per lane", documented with { Threads = -1 }),
            Made("limits at the string's costs", new Argon2OptionsSpec(32, 2, 2, [])),
            Under("a memory limit under the string's m", documented with { MaxMemorySize = 31 }),
            Under("a pass limit under the string's t", documented with { MaxIterations = 1 }),
            Under("a lane limit under the string's p", documented with { MaxParallelism = 1 }),
            Under("no limits, m = 2^32 - 1 KiB (4 TiB)", new Argon2OptionsSpec(long.MaxValue, long.MaxValue, long.MaxValue, [])) with
            {
                With = [("encodedHash", () => new PhcSpec(Argon2Type.Argon2id, 0x13, uint.MaxValue, 1, 1, PhcSalt, Arguments.Pattern(32, 8)).Format())],
            });
    }

    /// <summary>The setters of Argon2Parameters and Argon2VerificationOptions, each through its documented range.</summary>
    private static Domain Argon2Property(Site site, Slot slot)
    {
        Func<long, Expect> Range(long min, long max) => v => v >= min && v <= max ? Expect.Valid : Expect.Invalid;
        return site.Name[4..] switch
        {
            "Type" => new Domain(() => Argon2Type.Argon2i, new[] { 0, 1, 2, 3, -1, 255 }
                .Select(v => new Edge(((Argon2Type)v).ToString(), () => (Argon2Type)v, v is >= 0 and <= 2 ? Expect.Valid : Expect.Invalid)).ToArray()),
            "Version" => Integer(slot, 0x10, v => v is 0x10 or 0x13 ? Expect.Valid : Expect.Invalid, null, 0x13, 0x10, 0, 0x12, 0x14, -1, int.MaxValue, int.MinValue),
            "Iterations" => Integer(slot, 2, Range(1, int.MaxValue), null, 0, 1, -1, int.MaxValue, int.MinValue),
            "MemorySize" => Integer(slot, 64, Range(8, int.MaxValue), null, 7, 8, 0, -1, int.MaxValue, int.MinValue),
            "Parallelism" => Integer(slot, 2, Range(1, Argon2Parameters.MaxParallelism), null, 0, 1, 0xFFFFFF, 0x1000000, -1, int.MaxValue, int.MinValue),
            "MaxDegreeOfParallelism" => Integer(slot, 2, v => v == -1 || v >= 1 ? Expect.Valid : Expect.Invalid, null, -1, 0, -2, 1, int.MaxValue, int.MinValue),
            "Secret" or "AssociatedData" => Bytes(slot, [1, 2, 3], ("default", null, Expect.Valid), ("empty", 0, Expect.Valid), ("1000 bytes", 1000, Expect.Valid)),

            // Verification's limits: any value (a negative one refuses every string).
            "MaxMemorySize" or "MaxIterations" or "MaxParallelism" => Integer(slot, 100, _ => Expect.Valid, null, 0, -1, 1, long.MaxValue, long.MinValue),
            string other => throw new UnhandledException($"no domain for the setter of {other}: describe it in Domains.Argon2Property"),
        };
    }

    /// <summary><paramref name="count"/> words of EIP-152's vector input from byte <paramref name="at"/> (its h or its m).</summary>
    private static ulong[] Eip152Words(int at, int count)
    {
        byte[] input = Oracles.Eip152Vectors().First().Input;
        return Enumerable.Range(0, count).Select(i => BitConverter.ToUInt64(input, at + (8 * i))).ToArray();
    }

    /// <summary>Words of exactly <paramref name="length"/>, or other lengths (refused).</summary>
    private static Domain Words(ulong[] valid, int length, params int[] wrong) => new(
        () => Arguments.View(valid.ToArray()),
        [
            new Edge("default", () => null, Expect.Invalid),
            .. wrong.Select(n => new Edge($"{n} words", () => Arguments.View(Enumerable.Range(1, n).Select(i => 0x0123456789ABCDEFUL * (ulong)i).ToArray()), Expect.Invalid)),
            new Edge($"{length} other words", () => Arguments.View(Enumerable.Range(1, length).Select(i => 0x9E3779B97F4A7C15UL * (ulong)i).ToArray()), Expect.Valid),
        ]);

    /// <summary>EIP-152's vectors 4 to 7, their malformed vectors 1 to 3, another flag, and other words.</summary>
    private static Domain Eip152Inputs(Slot slot)
    {
        (byte[] Input, byte[] Output)[] vectors = Oracles.Eip152Vectors().ToArray();
        byte[] twelve = vectors[1].Input;
        Edge Of(string label, byte[]? bytes, Expect expect) => new(label, () => AsArgument(slot, bytes), expect);
        byte[] WithFlag(byte flag) => [.. twelve[..^1], flag];
        byte[] other = Oracles.Eip152Input(1001, Eip152Words(68, 8), Eip152Words(4, 16), ulong.MaxValue, 1UL << 63, false);
        return new Domain(
            () => AsArgument(slot, twelve.ToArray()),
            Of("default", null, Expect.Invalid),
            Of("empty", [], Expect.Invalid),
            Of("212 bytes (EIP vector 1)", twelve[1..], Expect.Invalid),
            Of("214 bytes (EIP vector 2)", [0, .. twelve], Expect.Invalid),
            Of("flag 2 (EIP vector 3)", WithFlag(2), Expect.Invalid),
            Of("flag 255", WithFlag(255), Expect.Invalid),
            Of("0 rounds (EIP vector 4)", vectors[0].Input, Expect.Valid),
            Of("12 rounds, not final (EIP vector 6)", vectors[2].Input, Expect.Valid),
            Of("1 round (EIP vector 7)", vectors[3].Input, Expect.Valid),
            Of("1001 rounds over other words", other, Expect.Valid));
    }
}
