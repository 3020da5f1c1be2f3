using System;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Io;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Hashing;

/// <summary>Opens a named input (or standard input for <c>-</c>) and computes its digest.</summary>
internal sealed class InputDigester
{
    // Below this size a progress line could not show anything useful before the hash is done.
    private const long ProgressThreshold = 64L * 1024 * 1024;

    private readonly ToolConsole _console;
    private readonly StreamHasher _hasher = new();
    private readonly PositionalBlake3Hasher _positional = new();

    public InputDigester(ToolConsole console) => _console = console;

    /// <summary>The outcome of one input.</summary>
    /// <param name="Digest">The digest, or <see langword="null"/> when the input could not be read.</param>
    /// <param name="Error">The strerror-style reason when it could not.</param>
    /// <param name="Missing">Whether the reason is that the file does not exist.</param>
    public readonly record struct Result(byte[]? Digest, string? Error, bool Missing);

    public Result Digest(string name, HashAlgorithmInfo algorithm, HashParameters parameters)
    {
        Stream? stream = null;
        bool ownsStream = name != "-";
        try
        {
            stream = ownsStream ? RawFile.OpenInput(name) : _console.StandardInput;

            if (parameters.TreeLeafLength != 0 && !TreeDigester.Supports(algorithm))
            {
                // A checksum line may name another algorithm than -a did.
                return new Result(null, $"--tree is supported only with blake2b and blake2s, not {algorithm.Name}", false);
            }

            // The tree's span form takes less than 2 GiB; a longer file is read at explicit offsets.
            MappingChoice mapping = stream is FileStream file && HashesOnEveryCore(algorithm, parameters)
                ? MappingChoice.Make(file, parameters.TreeLeafLength != 0 ? int.MaxValue : long.MaxValue, Reading)
                : default;
            using MappedFile? mapped = mapping.File;

            if (parameters.TreeLeafLength != 0)
            {
                if (mapping.Populate)
                {
                    _ = mapped!.Populate(0, mapped.Length);
                }

                return new Result(
                    mapped is not null
                        ? TreeDigester.Digest(mapped.Slice(0, (int)mapped.Length), algorithm, parameters)
                        : TreeDigester.Digest(stream, algorithm, parameters),
                    null,
                    false);
            }

            ProgressMeter? progress = CreateProgress(name, stream);
            byte[] digest = new byte[parameters.DigestBytes];
            try
            {
                if (mapped is null && algorithm == HashAlgorithms.Blake3 && ReadsAtOffsets(stream, out SafeFileHandle? handle, out long length))
                {
                    _positional.Hash(handle, length, Blake3Hash.ModeOf(parameters), digest, progress);
                }
                else
                {
                    using IIncrementalHash hash = algorithm.Create(parameters);
                    if (mapped is not null)
                    {
                        HashMapped(mapped, mapping.Populate, hash, progress);
                    }
                    else
                    {
                        _hasher.Hash(stream, hash, progress);
                    }

                    hash.Finish(digest);
                }
            }
            finally
            {
                progress?.Clear();
            }

            return new Result(digest, null, false);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return new Result(null, InputError.Describe(ex, name), InputError.IsMissing(ex, name));
        }
        finally
        {
            if (ownsStream)
            {
                stream?.Dispose();
            }
        }
    }

    /// <summary>How large regular files reach the hashes that run on every core: measured by default, read with <c>--no-mmap</c>.</summary>
    public InputReading Reading { get; init; } = InputReading.Measured;

    // Only these gain from a mapped file: they hash each piece on every core, and a single-core
    // hash is already fed by the reader thread's copies on the other core.
    private static bool HashesOnEveryCore(HashAlgorithmInfo algorithm, HashParameters parameters) =>
        parameters.TreeLeafLength != 0 || algorithm == HashAlgorithms.Blake3;

    /// <summary>
    /// Whether <paramref name="stream"/> is a regular file, at its start, long enough for
    /// <see cref="PositionalBlake3Hasher"/>; its handle and length when it is. Standard input
    /// redirected from a file qualifies too, as it does for the mapping.
    /// </summary>
    private static bool ReadsAtOffsets(Stream stream, [NotNullWhen(true)] out SafeFileHandle? handle, out long length)
    {
        handle = null;
        length = 0;
        if (stream is not FileStream { CanSeek: true, Position: 0 } file || !PositionalBlake3Hasher.Applies(length = file.Length))
        {
            return false;
        }

        handle = file.SafeFileHandle;
        return true;
    }

    /// <summary>
    /// Hashes a mapped file in pieces of 1 GiB (a span holds less than 2 GiB): each piece is spread
    /// over every core by the hash, and the progress line moves between pieces, about every tenth
    /// of a second. Smaller pieces cost time: with 64 MiB ones, 1 GiB took 1.09x as long (AMD
    /// EPYC Zen 5, 2 cores, alternating runs), each piece ending with one core waiting for the other.
    /// Each piece is populated just before it is hashed, when <paramref name="populate"/> says so, so
    /// that a file larger than the page cache is never populated far ahead of the hash.
    /// </summary>
    private static void HashMapped(MappedFile mapped, bool populate, IIncrementalHash hash, ProgressMeter? progress)
    {
        const int PieceLength = 1 << 30;
        for (long offset = 0; offset < mapped.Length; offset += PieceLength)
        {
            int length = (int)Math.Min(PieceLength, mapped.Length - offset);
            if (populate)
            {
                _ = mapped.Populate(offset, length);
            }

            hash.Update(mapped.Slice(offset, length));
            progress?.Report(offset + length);
        }
    }

    private ProgressMeter? CreateProgress(string name, Stream stream)
    {
        if (!_console.ShowProgress)
        {
            return null;
        }

        long length = -1;
        if (stream.CanSeek)
        {
            length = stream.Length;
            if (length < ProgressThreshold)
            {
                return null;
            }
        }

        return new ProgressMeter(_console.StandardError, _console.QuoteName(name), length);
    }
}
