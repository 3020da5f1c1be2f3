using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using SharpFuzz;

namespace Blake2Fast.Fuzz;

/// <summary>
/// One program for every fuzz target: <c>dotnet Blake2Fast.Fuzz.dll TARGET</c> runs TARGET under
/// afl-fuzz (SharpFuzz's out-of-process fork server: a target that hangs or dies only costs a
/// restart of the child, and afl-fuzz records it). Outside afl-fuzz the same command runs the
/// target once on standard input; <c>TARGET PATH...</c> runs it on each file (or each file of each
/// folder) and prints what it ran, which is how a crash file is replayed; <c>--list</c> prints the
/// target names, one a line, for .ci/fuzz.sh.
/// </summary>
internal static class Program
{
    private const int CoverageMapBytes = 1 << 16;

    /// <summary>
    /// The targets by name. A target reads the whole input as bytes, returns when the code under
    /// test behaved (a result, or a refusal its documentation promises, caught inside the target)
    /// and throws anything else, which afl-fuzz sees as a crash. To add one, see README.md.
    /// </summary>
    private static readonly Dictionary<string, Action<ReadOnlySpan<byte>>> Targets = new(StringComparer.Ordinal)
    {
        ["checksum-lines"] = ChecksumLineTarget.Run,
        ["options"] = OptionTarget.Run,
        ["check-file"] = CheckFileTarget.Run,
        ["hash-many"] = HashManyTarget.Run,
        ["bao-decode"] = BaoDecodeTarget.Run,
        ["argon2-verify"] = PhcVerifyTarget.Run,
    };

    private static int Main(string[] args)
    {
        if (args is ["--list"])
        {
            foreach (string name in Targets.Keys)
            {
                Console.WriteLine(name);
            }

            return 0;
        }

        if (args.Length == 0 || !Targets.TryGetValue(args[0], out Action<ReadOnlySpan<byte>>? target))
        {
            Console.Error.WriteLine($"usage: Blake2Fast.Fuzz TARGET [FILE|FOLDER...]   (targets: {string.Join(", ", Targets.Keys)}; --list)");
            return 2;
        }

        if (args.Length > 1)
        {
            // Replay: an exception here ends the program with its stack trace, as it should.
            // Instrumented code records each branch in this map; under afl-fuzz SharpFuzz provides it.
            unsafe
            {
                SharpFuzz.Common.Trace.SharedMem = (byte*)NativeMemory.AllocZeroed(CoverageMapBytes);
            }

            // Full paths first: a target may work in a folder of its own (check-file).
            foreach (string file in args.Skip(1).Select(Path.GetFullPath).SelectMany(p => Directory.Exists(p) ? Directory.GetFiles(p).Order(StringComparer.Ordinal) : (IEnumerable<string>)[p]).ToList())
            {
                Console.WriteLine($"{args[0]}: {file}");
                target(File.ReadAllBytes(file));
            }

            return 0;
        }

        Fuzzer.OutOfProcess.Run(stream => target(ReadAll(stream)));
        return 0;
    }

    private static byte[] ReadAll(Stream stream)
    {
        using var memory = new MemoryStream();
        stream.CopyTo(memory);
        return memory.ToArray();
    }
}
