using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Blake2Fast.Tests;

/// <summary>
/// Keeps the documentation honest: every C# snippet of readme.md and of each docs/NAME.md must
/// appear, line by line and in order, in its examples class here (readme.md: ReadmeExamples.cs;
/// docs/foo-bar.md: FooBarExamples.cs), where it is compiled, run and checked against a known answer.
/// A page without C# snippets needs no examples class.
/// </summary>
public partial class DocSnippetTests
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

    /// <summary>readme.md and every page under docs/, as paths relative to the repository root.</summary>
    public static TheoryData<string> Pages()
    {
        string root = RepositoryRoot();
        var pages = new TheoryData<string> { "readme.md" };
        string docs = Path.Combine(root, "docs");
        if (Directory.Exists(docs))
        {
            foreach (string page in Directory.GetFiles(docs, "*.md").Order(StringComparer.Ordinal))
            {
                pages.Add("docs/" + Path.GetFileName(page));
            }
        }

        return pages;
    }

    /// <summary>The examples file of a page: readme.md → ReadmeExamples.cs, docs/foo-bar.md → FooBarExamples.cs.</summary>
    public static string ExamplesFile(string page)
    {
        string name = Path.GetFileNameWithoutExtension(page);
        string pascal = string.Concat(name.Split('-', '_').Where(w => w.Length > 0)
            .Select(w => char.ToUpper(w[0], CultureInfo.InvariantCulture) + w[1..]));
        return pascal + "Examples.cs";
    }

    [Fact]
    public void The_readme_has_its_quick_starts() =>
        Assert.True(CSharpBlock().Count(File.ReadAllText(Path.Combine(RepositoryRoot(), "readme.md")).Replace("\r", "", StringComparison.Ordinal)) >= 3);

    [Theory]
    [MemberData(nameof(Pages))]
    public void Every_snippet_is_in_its_examples_class(string page)
    {
        string root = RepositoryRoot();
        string text = File.ReadAllText(Path.Combine(root, page)).Replace("\r", "", StringComparison.Ordinal);
        MatchCollection blocks = CSharpBlock().Matches(text);
        if (blocks.Count == 0)
        {
            return;
        }

        string examplesPath = Path.Combine(root, "tests", "Blake2Fast.Tests", "Docs", ExamplesFile(page));
        Assert.True(File.Exists(examplesPath), $"{page} has {blocks.Count} C# snippets but {examplesPath} does not exist");
        List<string> examples = Lines(File.ReadAllText(examplesPath));
        foreach (Match block in blocks)
        {
            List<string> snippet = Lines(block.Groups[1].Value);
            int position = 0;
            foreach (string line in snippet)
            {
                int found = examples.IndexOf(line, position);
                Assert.True(found >= 0, $"{page} line not found (in order) in {ExamplesFile(page)}: {line}{Environment.NewLine}in snippet:{Environment.NewLine}{block.Groups[1].Value}");
                position = found + 1;
            }
        }
    }
}
