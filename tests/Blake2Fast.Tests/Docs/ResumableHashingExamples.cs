using System;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of docs/resumable-hashing.md, verbatim, run and checked against the one-shot.</summary>
public class ResumableHashingExamples : DocExamples
{
    [Fact]
    public void Export_and_resume()
    {
        byte[] firstPart = Enumerable.Range(0, 5000).Select(i => (byte)i).ToArray();
        byte[] secondPart = Enumerable.Range(0, 3000).Select(i => (byte)(i * 3)).ToArray();

        Blake3HashState hasher = Blake3.CreateIncrementalHasher();
        hasher.Update(firstPart);
        byte[] saved = hasher.ExportState();                 // store it anywhere; the hasher stays usable

        Blake3HashState resumed = Blake3.ImportState(saved); // later, in another process
        resumed.Update(secondPart);
        byte[] hash = resumed.Finish();                      // the hash of firstPart + secondPart

        Assert.Equal(Hex(Blake3.HashData([.. firstPart, .. secondPart])), Hex(hash));
        hasher.Clear();
    }
}
