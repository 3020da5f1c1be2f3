using System;
using System.Diagnostics;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>
/// An export resumed in a second process, through a file: the parent writes every family's export,
/// starts this test assembly again with only <see cref="Resume_the_exports_named_by_the_parent"/>
/// selected, and that child imports each export, hashes the rest and writes the digests back.
/// </summary>
[Trait("Legs", "Build")]
public class ResumableProcessTests
{
    private const string DirectoryVariable = "BLAKE2FAST_RESUME_DIRECTORY";
    private const int PrefixLength = 2500;
    private const int SuffixLength = 4321;

    [Fact]
    public void Exports_written_to_files_resume_in_a_second_process()
    {
        string directory = Path.Combine(Path.GetTempPath(), "blake2fast-resume-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        try
        {
            byte[] input = ResumableSubjects.Input(PrefixLength + SuffixLength);
            for (int i = 0; i < ResumableSubjects.All.Count; i++)
            {
                IResumableHasher hasher = ResumableSubjects.All[i].Create();
                hasher.Update(input.AsSpan(0, PrefixLength));
                File.WriteAllBytes(Path.Combine(directory, $"{i}.state"), hasher.Export(includeSecrets: true));
            }

            string assembly = typeof(ResumableProcessTests).Assembly.Location;
            var start = new ProcessStartInfo("dotnet")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            start.ArgumentList.Add(assembly);
            start.ArgumentList.Add("-method");
            start.ArgumentList.Add($"{typeof(ResumableProcessTests).FullName}.{nameof(Resume_the_exports_named_by_the_parent)}");
            start.Environment[DirectoryVariable] = directory;
            using Process child = Process.Start(start)!;
            string output = child.StandardOutput.ReadToEnd() + child.StandardError.ReadToEnd();
            Assert.True(child.WaitForExit(120_000), "the child process did not finish");
            Assert.True(child.ExitCode == 0, output);

            for (int i = 0; i < ResumableSubjects.All.Count; i++)
            {
                ResumableSubject subject = ResumableSubjects.All[i];
                string digest = File.ReadAllText(Path.Combine(directory, $"{i}.digest"));
                Assert.True(Convert.ToHexStringLower(subject.OneShot(input)) == digest, $"{subject.Name}: {output}");
            }
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    /// <summary>The child's side: does nothing unless the parent named a directory.</summary>
    [Fact]
    public void Resume_the_exports_named_by_the_parent()
    {
        string? directory = Environment.GetEnvironmentVariable(DirectoryVariable);
        if (directory is null)
        {
            return;
        }

        byte[] suffix = ResumableSubjects.Input(PrefixLength + SuffixLength).AsSpan(PrefixLength).ToArray();
        foreach (int i in Enumerable.Range(0, ResumableSubjects.All.Count))
        {
            IResumableHasher resumed = ResumableSubjects.All[i].Import(File.ReadAllBytes(Path.Combine(directory, $"{i}.state")));
            resumed.Update(suffix);
            File.WriteAllText(Path.Combine(directory, $"{i}.digest"), Convert.ToHexStringLower(resumed.Finish()));
        }
    }
}
