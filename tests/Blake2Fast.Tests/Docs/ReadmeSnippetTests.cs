using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Blake2Fast.Tests;

/// <summary>
/// Keeps readme.md honest: every C# snippet in it must appear, line by line and in order, in
/// ReadmeExamples.cs, where it is compiled, run and checked against a known answer.
/// </summary>
public partial class ReadmeSnippetTests
{
    [GeneratedRegex("```csharp\\n(.*?)```", RegexOptions.Singleline)]
    private static partial Regex CSharpBlock();

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Blake2Fast.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("Blake2Fast.sln not found above " + AppContext.BaseDirectory);
    }

    private static List<string> Lines(string text) =>
        text.Replace("\r", "", StringComparison.Ordinal).Split('\n').Select(l => l.Trim()).Where(l => l.Length != 0).ToList();

    [Fact]
    public void Every_readme_snippet_is_in_ReadmeExamples()
    {
        string root = RepositoryRoot();
        string readme = File.ReadAllText(Path.Combine(root, "readme.md")).Replace("\r", "", StringComparison.Ordinal);
        List<string> examples = Lines(File.ReadAllText(Path.Combine(root, "tests", "Blake2Fast.Tests", "Docs", "ReadmeExamples.cs")));
        MatchCollection blocks = CSharpBlock().Matches(readme);
        Assert.True(blocks.Count >= 10, $"only {blocks.Count} C# snippets found in readme.md");

        foreach (Match block in blocks)
        {
            List<string> snippet = Lines(block.Groups[1].Value);
            int position = 0;
            foreach (string line in snippet)
            {
                int found = examples.IndexOf(line, position);
                Assert.True(found >= 0, $"readme.md line not found (in order) in ReadmeExamples.cs: {line}{Environment.NewLine}in snippet:{Environment.NewLine}{block.Groups[1].Value}");
                position = found + 1;
            }
        }
    }
}
