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
    private readonly PositionalBlake3Hasher _positional;
    private readonly int _threads;

    /// <param name="console">Where progress lines go.</param>
    /// <param name="threads">The threads that hash on every core (<c>--num-threads</c>): 0 for one per processor.</param>
    public InputDigester(ToolConsole console, int threads = 0)
    {
        _console = console;
        _threads = threads > 0 ? threads : Environment.ProcessorCount;
        _positional = new PositionalBlake3Hasher(_threads);
    }

    /// <summary>The outcome of one input, its digest whole (for a check line, whose digest is no longer than the line).</summary>
    /// <param name="Digest">The digest, or <see langword="null"/> when the input could not be read.</param>
    /// <param name="Error">The strerror-style reason when it could not.</param>
    /// <param name="Missing">Whether the reason is that the file does not exist.</param>
    public readonly record struct Result(byte[]? Digest, string? Error, bool Missing);

    /// <summary>The outcome of one input, its output to be read in pieces (<c>-l</c> of any length).</summary>
    /// <param name="Output">The output, or <see langword="null"/> when the input could not be read; the caller disposes it.</param>
    /// <param name="Error">The strerror-style reason when it could not.</param>
    /// <param name="Missing">Whether the reason is that the file does not exist.</param>
    public readonly record struct Streamed(DigestOutput? Output, string? Error, bool Missing);

    /// <summary>
    /// Whether a regular file of <see cref="MappedFile.MinimumLength"/> or more reaches the hashes
    /// that run on every core (BLAKE3, <c>--tree</c>) through a memory mapping (<c>--mmap</c>)
    /// instead of being read at its offsets (the default). Every other input is read whatever this says.
    /// </summary>
    public bool Map { get; init; }

    /// <summary>Hashes the input <paramref name="name"/> and returns its whole digest.</summary>
    public Result Digest(string name, HashAlgorithmInfo algorithm, HashParameters parameters)
    {
        Streamed streamed = Hash(name, algorithm, parameters);
        if (streamed.Output is not DigestOutput output)
        {
            return new Result(null, streamed.Error, streamed.Missing);
        }

        using (output)
        {
            return new Result(output.ToArray(), null, false);
        }
    }

    /// <summary>Hashes the input <paramref name="name"/> and returns its output, to be read in pieces.</summary>
    public Streamed Hash(string name, HashAlgorithmInfo algorithm, HashParameters parameters)
    {
        Stream? stream = null;
        bool ownsStream = name != "-";
        try
        {
            stream = ownsStream ? RawFile.OpenInput(name) : _console.StandardInput;

            if (parameters.TreeLeafLength != 0 && !TreeDigester.Supports(algorithm))
            {
                // A checksum line may name another algorithm than -a did.
                return new Streamed(null, $"--tree is supported only with blake2b and blake2s, not {algorithm.Name}", false);
            }

            // The tree's span form takes less than 2 GiB; a longer file is read at explicit offsets.
            using MappedFile? mapped = Map && stream is FileStream file && HashesOnEveryCore(algorithm, parameters)
                ? MappedFile.TryMap(file, parameters.TreeLeafLength != 0 ? int.MaxValue : long.MaxValue)
                : null;

            if (parameters.TreeLeafLength != 0)
            {
                return new Streamed(
                    new DigestOutput(mapped is not null
                        ? TreeDigester.Digest(mapped.Slice(0, (int)mapped.Length), algorithm, parameters, _threads)
                        : TreeDigester.Digest(stream, algorithm, parameters, _threads)),
                    null,
                    false);
            }

            ProgressMeter? progress = CreateProgress(name, stream);
            try
            {
                if (algorithm == HashAlgorithms.Blake3 && mapped is not null && PositionalBlake3Hasher.Applies(mapped.Length))
                {
                    // Each thread populates the pages of the piece it hashes next, in one call.
                    Blake3OutputReader reader = _positional.OpenRoot(mapped, populate: true, Blake3Hash.ModeOf(parameters), progress);
                    return new Streamed(new DigestOutput(parameters.DigestBytes, reader.Read, reader), null, false);
                }

                if (algorithm == HashAlgorithms.Blake3 && mapped is null && ReadsAtOffsets(stream, out SafeFileHandle? handle, out long length))
                {
                    Blake3OutputReader reader = _positional.OpenRoot(handle, length, Blake3Hash.ModeOf(parameters), progress);
                    return new Streamed(new DigestOutput(parameters.DigestBytes, reader.Read, reader), null, false);
                }

                using IIncrementalHash hash = algorithm.Create(parameters with { Threads = _threads });
                if (mapped is not null)
                {
                    hash.Update(mapped.Slice(0, (int)mapped.Length));
                }
                else
                {
                    _hasher.Hash(stream, hash, progress);
                }

                return new Streamed(hash.FinishOutput(parameters.DigestBytes), null, false);
            }
            finally
            {
                progress?.Clear();
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return new Streamed(null, InputError.Describe(ex, name), InputError.IsMissing(ex, name));
        }
        finally
        {
            if (ownsStream)
            {
                stream?.Dispose();
            }
        }
    }

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
