using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text.Json;

namespace Blake2Fast.Tests;

/// <summary>
/// Freezes format version 1: Vectors/resumable-v1.json holds one export of every family and mode,
/// written by the version that introduced the format, with the digest the rest of the input must
/// give (as its SHA-256). Every later version must import them to the same digests; a change that breaks one breaks
/// stored states in the field. The file is written only by hand (BLAKE2FAST_WRITE_RESUMABLE_V1 set
/// to its path, once, when the format is created), never regenerated to make a failure pass.
/// </summary>
[Trait("Legs", "Build")]
public class ResumableGoldenExportTests
{
    private const string FileName = "resumable-v1.json";
    private const int PrefixLength = 3000;
    private const int SuffixLength = 1234;
    private static readonly System.Text.Json.JsonSerializerOptions Indented = new() { WriteIndented = true };

    public static TheoryData<string> Names => ResumableSubjects.Names;

    [Theory]
    [MemberData(nameof(Names))]
    public void A_committed_version_1_export_imports_and_finishes_to_its_digest(string name)
    {
        string? writeTo = Environment.GetEnvironmentVariable("BLAKE2FAST_WRITE_RESUMABLE_V1");
        if (writeTo is not null && name == ResumableSubjects.All[0].Name)
        {
            Write(writeTo);
        }

        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath(FileName)));
        JsonElement entry = doc.RootElement.GetProperty("exports").EnumerateArray().Single(e => e.GetProperty("name").GetString() == name);
        byte[] export = Convert.FromHexString(entry.GetProperty("export").GetString()!);
        Assert.Equal(1, export[4]);

        IResumableHasher resumed = ResumableSubjects.Named(name).Import(export);
        resumed.Update(ResumableSubjects.Input(PrefixLength + SuffixLength).AsSpan(PrefixLength));
        Assert.Equal(entry.GetProperty("outputSha256").GetString(), Convert.ToHexStringLower(SHA256.HashData(resumed.Finish())));
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void This_version_still_writes_the_committed_export_byte_for_byte(string name)
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath(FileName)));
        JsonElement entry = doc.RootElement.GetProperty("exports").EnumerateArray().Single(e => e.GetProperty("name").GetString() == name);
        Assert.Equal(entry.GetProperty("export").GetString(), Convert.ToHexStringLower(Exported(ResumableSubjects.Named(name))));
    }

    private static byte[] Exported(ResumableSubject subject)
    {
        IResumableHasher hasher = subject.Create();
        hasher.Update(ResumableSubjects.Input(PrefixLength));
        return hasher.Export(includeSecrets: true);
    }

    private static void Write(string path)
    {
        var exports = new List<object>();
        foreach (ResumableSubject subject in ResumableSubjects.All)
        {
            byte[] input = ResumableSubjects.Input(PrefixLength + SuffixLength);
            exports.Add(new { name = subject.Name, export = Convert.ToHexStringLower(Exported(subject)), outputSha256 = Convert.ToHexStringLower(SHA256.HashData(subject.OneShot(input))) });
        }

        var file = new
        {
            comment = $"Format version 1 exports (docs/resumable-hashing.md), one per family and mode of tests/Blake2Fast.Tests/Resumable/ResumableSubjects.cs, each after the first {PrefixLength} bytes of an input whose byte i is (i * 13) % 251; outputSha256: the SHA-256 of the digest or output after the next {SuffixLength} bytes (BLAKE2X outputs run to 65,535 bytes). Never regenerate: later versions must import these.",
            exports,
        };
        File.WriteAllText(path, JsonSerializer.Serialize(file, Indented) + "\n");
    }
}
