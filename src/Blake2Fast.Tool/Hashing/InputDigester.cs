using System;
using System.IO;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Hashing;

/// <summary>Opens a named input (or standard input for <c>-</c>) and computes its digest.</summary>
internal sealed class InputDigester
{
    // Below this size a progress line could not show anything useful before the hash is done.
    private const long ProgressThreshold = 64L * 1024 * 1024;

    private readonly ToolConsole _console;
    private readonly StreamHasher _hasher = new();

    public InputDigester(ToolConsole console) => _console = console;

    /// <summary>The outcome of one input.</summary>
    /// <param name="Digest">The digest, or <see langword="null"/> when the input could not be read.</param>
    /// <param name="Error">The strerror-style reason when it could not.</param>
    /// <param name="Missing">Whether the reason is that the file does not exist.</param>
    public readonly record struct Result(byte[]? Digest, string? Error, bool Missing);

    public Result Digest(string name, HashAlgorithmInfo algorithm, HashParameters parameters)
    {
        if (name.Length == 0 || name.Contains('\0', StringComparison.Ordinal))
        {
            // The C library sees an empty path (or one cut at the NUL) and finds no such file.
            return new Result(null, "No such file or directory", Missing: true);
        }

        Stream? stream = null;
        bool ownsStream = name != "-";
        try
        {
            stream = !ownsStream ? _console.StandardInput
                : RawText.HasEscapes(name) ? RawFile.OpenRead(name)
                : new FileStream(name, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete, bufferSize: 0, FileOptions.SequentialScan);

            if (parameters.TreeLeafLength != 0 && !TreeDigester.Supports(algorithm))
            {
                // A checksum line may name another algorithm than -a did.
                return new Result(null, $"--tree is supported only with blake2b and blake2s, not {algorithm.Name}", false);
            }

            if (parameters.TreeLeafLength != 0)
            {
                return new Result(TreeDigester.Digest(stream, algorithm, parameters), null, false);
            }

            ProgressMeter? progress = CreateProgress(name, stream);
            using IIncrementalHash hash = algorithm.Create(parameters);
            try
            {
                _hasher.Hash(stream, hash, progress);
            }
            finally
            {
                progress?.Clear();
            }

            byte[] digest = new byte[parameters.DigestBytes];
            hash.Finish(digest);
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
