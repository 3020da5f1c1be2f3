using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// A temporary directory of inputs chosen to hit the edges: empty, one byte, exact multiples of
/// both block sizes (64, 128, 256), a few MiB (several read chunks, with a partial last one) and
/// names that need escaping or quoting. Shared by all tests, deleted at the end. On Windows the
/// names it forbids (backslash, newline, carriage return) are not made: <see cref="All"/> lacks
/// them there, and a test that names one finds it missing.
/// </summary>
public sealed class TestFiles : IDisposable
{
    public TestFiles()
    {
        Directory = Path.Combine(Path.GetTempPath(), "b2fast-tests-" + Guid.NewGuid().ToString("N")[..8]);
        System.IO.Directory.CreateDirectory(Directory);
        var random = new Random(20261122);
        Add("empty", 0, random);
        Add("one", 1, random);
        Add("sixty-four", 64, random);
        Add("block128", 128, random);
        Add("block256", 256, random);
        Add("odd-1000", 1000, random);
        Add("big", (3 << 20) + 5, random);
        Add("with space", 10, random);
        Add("back\\slash", 11, random);
        Add("new\nline", 12, random);
        Add("car\rriage", 13, random);
    }

    public string Directory { get; }

    /// <summary>Full paths of every input, in creation order.</summary>
    public List<string> All { get; } = [];

    public string PathOf(string name) => Path.Combine(Directory, name);

    public byte[] Content(string name) => File.ReadAllBytes(PathOf(name));

    /// <summary>Writes a file in the test directory and returns its full path.</summary>
    public string Write(string name, byte[] content)
    {
        string path = PathOf(name);
        File.WriteAllBytes(path, content);
        return path;
    }

    public void Dispose()
    {
        try
        {
            System.IO.Directory.Delete(Directory, recursive: true);
        }
        catch (IOException)
        {
            // A leftover temp directory is harmless.
        }
    }

    /// <summary>
    /// Whether this system lets a file be called <paramref name="name"/>: on Windows not with a
    /// control character, <c>\ / : * ? " &lt; &gt; |</c>, or a trailing dot or space; elsewhere
    /// anything but <c>/</c> and NUL.
    /// </summary>
    public static bool IsLegalName(string name) => OperatingSystem.IsWindows()
        ? name.Length > 0 && !name.Any(c => c < ' ' || "\\/:*?\"<>|".Contains(c, StringComparison.Ordinal)) && !name.EndsWith('.') && !name.EndsWith(' ')
        : name.Length > 0 && !name.Contains('/', StringComparison.Ordinal) && !name.Contains('\0', StringComparison.Ordinal);

    private void Add(string name, int length, Random random)
    {
        byte[] content = new byte[length];
        random.NextBytes(content);
        if (IsLegalName(name))
        {
            All.Add(Write(name, content));
        }
    }
}
