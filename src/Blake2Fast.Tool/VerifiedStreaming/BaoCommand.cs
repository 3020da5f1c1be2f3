using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.VerifiedStreaming;

/// <summary>
/// <c>--bao=MODE</c>: what the <c>bao</c> command does, with its positional arguments after the
/// option, <c>-</c> (or nothing) meaning standard input or output:
/// <c>encode INPUT [OUTPUT]</c> (or <c>--outboard=FILE</c> instead of OUTPUT),
/// <c>decode HASH [INPUT] [OUTPUT]</c>, <c>slice START COUNT [INPUT] [OUTPUT]</c> and
/// <c>decode-slice HASH START COUNT [INPUT] [OUTPUT]</c>; with <c>--outboard=FILE</c>, INPUT is the
/// data and FILE its outboard tree. Output is the format's bytes, nothing else; decoding writes
/// only verified bytes and stops with status 1 at the first mismatch.
/// </summary>
internal sealed class BaoCommand
{
    /// <summary>The modes, as <c>--bao</c> takes them.</summary>
    public static readonly IReadOnlyList<string> Modes = ["encode", "decode", "slice", "decode-slice"];

    private const int CopyLength = 64 * 1024;

    private readonly ToolConsole _console;
    private readonly string _mode;
    private readonly string? _outboard;

    public BaoCommand(ToolSettings settings, ToolConsole console)
    {
        _console = console;
        _mode = settings.BaoMode!;
        _outboard = settings.OutboardPath;
    }

    /// <returns>The exit status: 0 when the command did all it was asked, 1 otherwise.</returns>
    public int Run(IReadOnlyList<string> operands)
    {
        // Leading operands the mode needs, then at most an input and an output (only an input when
        // encoding to an outboard file: the file takes the output's place).
        int leading = _mode switch { "decode" => 1, "slice" => 2, "decode-slice" => 3, _ => 0 };
        int streams = _mode == "encode" && _outboard is not null ? 1 : 2;
        if (operands.Count < leading)
        {
            _console.UsageError(operands.Count == 0 ? "missing operand" : $"missing operand after {_console.Quote(operands[^1])}");
            return 1;
        }

        if (operands.Count > leading + streams)
        {
            _console.UsageError($"extra operand {_console.Quote(operands[leading + streams])}");
            return 1;
        }

        string input = operands.Count > leading ? operands[leading] : "-";
        string output = operands.Count > leading + 1 ? operands[leading + 1] : "-";
        byte[]? hash = null;
        long start = 0, count = 0;
        bool argumentsOk = _mode switch
        {
            "decode" => TryReadHash(operands[0], out hash),
            "slice" => TryReadNumber(operands[0], "start", out start) && TryReadNumber(operands[1], "count", out count),
            "decode-slice" => TryReadHash(operands[0], out hash) && TryReadNumber(operands[1], "start", out start) && TryReadNumber(operands[2], "count", out count),
            _ => true,
        };
        if (!argumentsOk)
        {
            return 1;
        }

        return Guarded(input, () =>
        {
            switch (_mode)
            {
                case "encode":
                    Encode(input, _outboard ?? output);
                    break;
                case "decode":
                    Decode(input, output, hash!);
                    break;
                case "slice":
                    Slice(input, output, start, count);
                    break;
                default:
                    DecodeSlice(input, output, hash!, start, count);
                    break;
            }
        });
    }

    private void Encode(string inputName, string outputName)
    {
        using Stream input = OpenInput(inputName);
        byte[] hash = new byte[Bao.HashLength];
        if (outputName != "-")
        {
            using FileStream file = OpenOutput(outputName, readBack: true);
            EncodeTo(input, file, hash);
            return;
        }

        // The encoder reorders what it wrote once the length is known, so it needs an output it can
        // seek and read back: standard output gets the encoding through a temporary file.
        string temporary = Path.Combine(Path.GetTempPath(), "b2fast-bao-" + Guid.NewGuid().ToString("N"));
        using var spool = new FileStream(temporary, FileMode.CreateNew, FileAccess.ReadWrite, FileShare.None, CopyLength, FileOptions.DeleteOnClose);
        EncodeTo(input, spool, hash);
        spool.Position = 0;
        spool.CopyTo(_console.StandardOutput, CopyLength);
    }

    private void EncodeTo(Stream input, Stream output, byte[] hash)
    {
        if (_outboard is not null)
        {
            Bao.EncodeOutboard(input, output, hash);
        }
        else
        {
            Bao.Encode(input, output, hash);
        }
    }

    private void Decode(string inputName, string outputName, byte[] hash)
    {
        using Stream decoder = _outboard is null
            ? Bao.CreateDecoder(OpenInput(inputName), hash)
            : Bao.CreateDecoder(OpenInput(inputName), OpenInput(_outboard), hash);
        CopyTo(decoder, outputName);
    }

    private void Slice(string inputName, string outputName, long start, long count)
    {
        using Stream input = OpenInput(inputName);
        using Stream? tree = _outboard is null ? null : OpenInput(_outboard);
        WriteTo(outputName, output =>
        {
            if (tree is null)
            {
                Bao.ExtractSlice(input, output, start, count);
            }
            else
            {
                Bao.ExtractSliceOutboard(input, tree, output, start, count);
            }
        });
    }

    private void DecodeSlice(string inputName, string outputName, byte[] hash, long start, long count)
    {
        using Stream decoder = Bao.CreateSliceDecoder(OpenInput(inputName), hash, start, count);
        CopyTo(decoder, outputName);
    }

    /// <summary>Copies verified bytes to the output as they come, so that a later mismatch leaves the verified part written.</summary>
    private void CopyTo(Stream decoder, string outputName) => WriteTo(outputName, output =>
    {
        byte[] buffer = new byte[CopyLength];
        int read;
        while ((read = decoder.Read(buffer, 0, buffer.Length)) > 0)
        {
            output.Write(buffer, 0, read);
        }
    });

    private void WriteTo(string outputName, Action<Stream> write)
    {
        if (outputName == "-")
        {
            write(_console.StandardOutput);
            return;
        }

        using FileStream file = OpenOutput(outputName, readBack: false);
        write(file);
    }

    /// <summary>Runs <paramref name="work"/>, turning its failures into coreutils-style messages about <paramref name="name"/>.</summary>
    private int Guarded(string name, Action work)
    {
        try
        {
            work();
            return 0;
        }
        catch (BaoVerificationException)
        {
            _console.Error($"{_console.QuoteName(name)}: verification failed: the data does not match the hash");
        }
        catch (EndOfStreamException)
        {
            _console.Error($"{_console.QuoteName(name)}: unexpected end of file: the encoding is truncated or its length header is corrupt");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            string failed = e is NamedFailure named ? named.Name : name;
            _console.Error($"{_console.QuoteName(failed)}: {InputError.Describe(e.InnerException ?? e, failed)}");
        }

        return 1;
    }

    private Stream OpenInput(string name)
    {
        if (name == "-")
        {
            return new UnownedStream(_console.StandardInput);
        }

        try
        {
            return RawText.HasEscapes(name)
                ? RawFile.OpenRead(name)
                : new FileStream(name, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete, CopyLength, FileOptions.SequentialScan);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new NamedFailure(name, e);
        }
    }

    private static FileStream OpenOutput(string name, bool readBack)
    {
        try
        {
            if (RawText.HasEscapes(name))
            {
                throw new IOException("output file names that are not UTF-8 are not supported");
            }

            return new FileStream(name, FileMode.Create, readBack ? FileAccess.ReadWrite : FileAccess.Write, FileShare.Read, CopyLength);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new NamedFailure(name, e);
        }
    }

    private bool TryReadHash(string text, out byte[]? hash)
    {
        hash = null;
        if (text.Length == Bao.HashLength * 2 && text.All(char.IsAsciiHexDigit))
        {
            hash = Convert.FromHexString(text);
            return true;
        }

        _console.Error($"invalid hash: {_console.Quote(text)}: {Bao.HashLength * 2} hexadecimal digits expected");
        return false;
    }

    private bool TryReadNumber(string text, string what, out long value)
    {
        if (text.Length > 0 && text.All(char.IsAsciiDigit) && long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out value))
        {
            return true;
        }

        value = 0;
        _console.Error($"invalid {what}: {_console.Quote(text)}");
        return false;
    }

    /// <summary>An open failure, carrying the name of the file that failed (the outboard file, say, not the input).</summary>
    private sealed class NamedFailure(string name, Exception inner) : IOException(inner.Message, inner)
    {
        public string Name { get; } = name;
    }

    /// <summary>Standard input lent to a decoder, which disposes what it reads: the console keeps it.</summary>
    private sealed class UnownedStream(Stream inner) : Stream
    {
        public override bool CanRead => inner.CanRead;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override int Read(byte[] buffer, int offset, int count) => inner.Read(buffer, offset, count);
        public override int Read(Span<byte> buffer) => inner.Read(buffer);
        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
