using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace Blake2Fast.Tests;

/// <summary>One known answer: algorithm, input, key, expected output.</summary>
public sealed record KatCase(string Algorithm, byte[] Input, byte[] Key, byte[] Expected)
{
    public override string ToString() => $"{Algorithm} in={Input.Length} key={Key.Length} out={Expected.Length}";
}

/// <summary>One case of our own parameter vectors (blake2-params.json).</summary>
public sealed record ParamCase(
    string Algorithm, byte[] Input, byte[] Key, byte[] Salt, byte[] Personalization, int DigestLength,
    int FanOut, int Depth, uint LeafLength, ulong NodeOffset, int NodeDepth, int InnerLength, bool LastNode,
    long XofLength, byte[] Expected)
{
    /// <summary>The group a generated vector belongs to (hashlib-vectors.json only).</summary>
    public string? Note { get; init; }

    public override string ToString() => $"{Algorithm} in={Input.Length} key={Key.Length} digest={DigestLength} salt={Salt.Length} person={Personalization.Length} fanout={FanOut} depth={Depth} node={NodeOffset}/{NodeDepth} last={LastNode}";
}

/// <summary>
/// Loads the official KAT and the parameter vectors, all shipped with the tests (Vectors/, copied
/// beside the suite): nothing outside the repository is read, so a fresh clone runs every known answer.
/// </summary>
public static class TestData
{
    private static readonly Lazy<IReadOnlyList<KatCase>> Kat = new(LoadKat);
    private static readonly Lazy<IReadOnlyList<ParamCase>> Params = new(() => LoadParamFile("blake2-params.json", root => root));
    private static readonly Lazy<IReadOnlyList<ParamCase>> Hashlib = new(() => LoadParamFile("hashlib-vectors.json", root => root.GetProperty("cases")));

    /// <summary>The official KAT cases of <paramref name="algorithm"/> (Vectors/blake2-kat.json, the BLAKE2 team's public-domain file).</summary>
    public static IReadOnlyList<KatCase> KatCases(string algorithm) =>
        Kat.Value.Where(c => c.Algorithm == algorithm).ToList();

    public static IReadOnlyList<ParamCase> ParamCases(string algorithm) =>
        Params.Value.Where(c => c.Algorithm == algorithm).ToList();

    /// <summary>
    /// Vectors computed by Python's hashlib when the tests were written (Vectors/make-hashlib-vectors.py);
    /// <paramref name="note"/> picks a group ("regression", "salt+person", "contract", "random"), null for all.
    /// </summary>
    public static IReadOnlyList<ParamCase> HashlibCases(string algorithm, string? note = null) =>
        Hashlib.Value.Where(c => c.Algorithm == algorithm && (note is null || c.Note == note)).ToList();

    /// <summary>A vector file copied beside the suite from its Vectors folder.</summary>
    public static string VectorPath(string name) => Path.Combine(AppContext.BaseDirectory, "Vectors", name);

    private static IReadOnlyList<KatCase> LoadKat()
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(VectorPath("blake2-kat.json")));
        return doc.RootElement.EnumerateArray().Select(e => new KatCase(
            e.GetProperty("hash").GetString()!,
            Convert.FromHexString(e.GetProperty("in").GetString()!),
            Convert.FromHexString(e.GetProperty("key").GetString()!),
            Convert.FromHexString(e.GetProperty("out").GetString()!))).ToList();
    }

    private static IReadOnlyList<ParamCase> LoadParamFile(string name, Func<JsonElement, JsonElement> cases)
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(VectorPath(name)));
        return cases(doc.RootElement).EnumerateArray().Select(e => new ParamCase(
            e.GetProperty("alg").GetString()!,
            Hex(e, "in"), Hex(e, "key"), Hex(e, "salt"), Hex(e, "person"),
            Int(e, "digest"), Int(e, "fanout"), Int(e, "depth"), (uint)Long(e, "leaf"), e.TryGetProperty("node_offset", out JsonElement offset) ? offset.GetUInt64() : 0,
            Int(e, "node_depth"), Int(e, "inner"),
            e.TryGetProperty("last_node", out JsonElement last) && last.GetBoolean(),
            e.TryGetProperty("xof_length", out JsonElement xof) ? xof.GetInt64() : -1,
            Hex(e, "out"))
        {
            Note = e.TryGetProperty("note", out JsonElement note) ? note.GetString() : null,
        }).ToList();

        static byte[] Hex(JsonElement e, string name) =>
            e.TryGetProperty(name, out JsonElement v) ? Convert.FromHexString(v.GetString()!) : [];

        static long Long(JsonElement e, string name) => e.TryGetProperty(name, out JsonElement v) ? v.GetInt64() : 0;

        static int Int(JsonElement e, string name) => (int)Long(e, name);
    }
}
