using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tests.Surface;

// How Bao's calls show: encodings, data and slices against the reference (BaoFixture), decoder
// streams read to their end, and the Stream methods of those decoders.
internal static partial class Effects
{
    /// <summary>A static Bao method or a BaoVerificationException constructor that returned.</summary>
    private static Observation BaoCall(Site site, Request request, object?[] args, object? result)
    {
        Dictionary<string, object?> a = request.Arguments;
        byte[] Bytes(string name) => (byte[])a[name]!;
        long Long(string name) => (long)a[name]!;
        switch (site.Name)
        {
            case ".ctor":
                return ExceptionMade(args, (BaoVerificationException)result!);

            case "EncodedLength" or "OutboardLength":
            {
                long n = (long)args[0]!;
                UInt128 expected = site.Name == "EncodedLength" ? BaoFixture.CombinedLength(n) : BaoFixture.OutboardLength(n);
                return (UInt128)(long)result! == expected ? Observation.Nothing : Observation.Fail($"returned {result}; the encoding of {n} bytes is {expected} bytes.");
            }

            case "Encode" or "EncodeOutboard":
            {
                (byte[] encoding, byte[] hash) = ReferenceBao.Encode(Bytes("input"), outboard: site.Name == "EncodeOutboard");
                var view = (ArraySegment<byte>)args[site.Slots.First(s => s.Name == "hash").Index]!;
                Observation written = Written(site, request, args, result, encoding);
                if (written.Problem is not null || written.Actual is null)
                {
                    return written;
                }

                // The encoding and the root hash, compared as one.
                List<(byte[] Array, int Start, int Length)> allowed = [.. written.Written, (view.Array!, view.Offset, view.Count)];
                return new Observation([.. written.Actual, .. view.AsSpan()], [.. encoding, .. hash], allowed);
            }

            case "Decode":
                return Written(site, request, args, result, BaoFixture.Decode(Bytes("encoded"), Bytes("hash")));

            case "DecodeOutboard":
                return Written(site, request, args, result, BaoFixture.Decode(BaoFixture.Combine(Bytes("outboard"), Bytes("input")), Bytes("hash")));

            case "ExtractSlice":
                return Written(site, request, args, result, BaoFixture.Slice(Bytes("encoded"), Long("start"), Long("count")));

            case "ExtractSliceOutboard":
                return Written(site, request, args, result, BaoFixture.Slice(BaoFixture.Combine(Bytes("outboard"), Bytes("input")), Long("start"), Long("count")));

            case "DecodeSlice":
                return Written(site, request, args, result, BaoFixture.DecodeSlice(Bytes("slice"), Bytes("hash"), Long("start"), Long("count")));

            case "CreateDecoder" when site.Has("outboard"):
                return Decoder((Stream)result!, args, Bytes("hash"), BaoFixture.Data,
                    () => BaoFixture.Decode(BaoFixture.Combine(Bytes("outboard"), Bytes("input")), Bytes("hash")), BaoFixture.OutboardShort(Bytes("outboard"), Bytes("input")));

            case "CreateDecoder":
                return Decoder((Stream)result!, args, Bytes("hash"), BaoFixture.Data, () => BaoFixture.Decode(Bytes("encoded"), Bytes("hash")), BaoFixture.CombinedShort(Bytes("encoded")));

            case "CreateSliceDecoder":
            {
                long start = Math.Min(Long("start"), BaoFixture.Data.Length);
                long end = Math.Min(start + Math.Min(Long("count"), BaoFixture.Data.Length), BaoFixture.Data.Length);
                return Decoder((Stream)result!, args, Bytes("hash"), BaoFixture.Data[(int)start..(int)end],
                    () => BaoFixture.DecodeSlice(Bytes("slice"), Bytes("hash"), Long("start"), Long("count")), BaoFixture.SliceShort(Bytes("slice"), Long("start"), Long("count")));
            }

            default:
                throw new Domains.UnhandledException($"no effect for Bao.{site.Name}: say in Effects.Bao how its result shows");
        }
    }

    /// <summary>
    /// What a Bao method gave: the array it returned, the destination it wrote (the length it
    /// returned, nothing past it), or the output stream it wrote after what it held.
    /// </summary>
    private static Observation Written(Site site, Request request, object?[] args, object? result, byte[] expected)
    {
        if (result is byte[] returned)
        {
            return new Observation(returned, expected, []);
        }

        if (site.Slots.FirstOrDefault(s => s.Name == "destination") is { } destination)
        {
            var view = (ArraySegment<byte>)args[destination.Index]!;
            int n = (int)result!;
            List<(byte[] Array, int Start, int Length)> allowed = [(view.Array!, view.Offset, Math.Clamp(n, 0, view.Count))];
            return n != expected.Length
                ? new Observation(null, [], allowed, $"returned {n}; {expected.Length} bytes were to be written.")
                : new Observation(view.AsSpan(0, n).ToArray(), expected, allowed);
        }

        Slot output = site.Slots.First(s => s.Type == typeof(Stream) && s.Name is "output" or "outboard" && (s.Name == "output" || site.Name.StartsWith("Encode", StringComparison.Ordinal)));
        byte[] before = (byte[])request.Arguments[output.Name]!;
        byte[] after = args[output.Index] switch
        {
            MemoryStream memory => memory.ToArray(),
            Domains.WriteOnlyStream pipe => pipe.Written,
            var other => throw new InvalidOperationException($"An output stream the test cannot read back: {other?.GetType()}."),
        };

        if (after.Length < before.Length || !after.AsSpan(0, before.Length).SequenceEqual(before))
        {
            return Observation.Fail($"changed the {before.Length} bytes its {output.Name} stream held before its position.");
        }

        return new Observation(after[before.Length..], expected, []);
    }

    /// <summary>
    /// A decoder stream, read to its end: the reference's data, or, where the reference fails,
    /// a failure it allows (<see cref="BaoFixture.Refusals"/>), after only a prefix of the true
    /// data when the hash is the data's, and again at the next read. Disposing it disposes the
    /// streams it reads.
    /// </summary>
    private static Observation Decoder(Stream decoder, object?[] args, byte[] hash, byte[] truth, Func<byte[]> reference, bool shorterThanItsHeader)
    {
        byte[]? data = BaoFixture.Outcome(reference).Data;
        Type[]? throws = BaoFixture.Refusals(reference, shorterThanItsHeader);
        var read = new List<byte>();
        Exception? error = null;
        byte[] buffer = new byte[777];
        try
        {
            int n;
            while ((n = decoder.Read(buffer, 0, buffer.Length)) > 0)
            {
                read.AddRange(buffer.AsSpan(0, n).ToArray());
            }
        }
        catch (Exception e)
        {
            error = e;
        }

        string? problem = null;
        if (throws is null && error is not null)
        {
            problem = $"reading it threw {error.GetType().Name} ({error.Message}); the reference decodes it.";
        }
        else if (throws is not null && (error is null || !throws.Any(t => t.IsInstanceOfType(error))))
        {
            problem = $"reading it {(error is null ? $"gave {read.Count} bytes and its end" : $"threw {error.GetType().Name} ({error.Message})")}; it must throw {string.Join(" or ", throws.Select(t => t.Name))}, as the reference fails.";
        }
        else if (error is not null)
        {
            if (hash.AsSpan().SequenceEqual(BaoFixture.Hash) && !truth.AsSpan().StartsWith(read.ToArray()))
            {
                problem = $"returned {read.Count} bytes before it threw {error.GetType().Name} that are not the data's first bytes: unverified data came out.";
            }
            else
            {
                try
                {
                    decoder.ReadExactly(buffer.AsSpan(0, 1));
                    problem = $"read on after it threw {error.GetType().Name}; a decoder that failed must fail every later read.";
                }
                catch (Exception again) when (again.GetType() == error.GetType())
                {
                }
                catch (Exception again)
                {
                    problem = $"threw {again.GetType().Name} at the read after {error.GetType().Name}; it must throw the same again.";
                }
            }
        }

        decoder.Dispose();
        if (problem is null && args.OfType<MemoryStream>().FirstOrDefault(s => s.CanRead) is { } open)
        {
            problem = $"left a {open.GetType().Name} it reads open when it was disposed.";
        }

        return problem is not null ? Observation.Fail(problem) : new Observation(read.ToArray(), data ?? read.ToArray(), []);
    }

    /// <summary>A BaoVerificationException: a CryptographicException with the message and inner exception it was given.</summary>
    private static Observation ExceptionMade(object?[] args, BaoVerificationException made)
    {
        string? message = args.Length >= 1 ? (string?)args[0] : null;
        var inner = args.Length >= 2 ? (Exception?)args[1] : null;
        if (message is not null && made.Message != message)
        {
            return Observation.Fail($"Message is \"{made.Message}\"; it was given \"{message}\".");
        }

        if (string.IsNullOrEmpty(made.Message) && message is null)
        {
            return Observation.Fail("Message is empty without a message given: the default one says what failed.");
        }

        return made.InnerException == inner ? Observation.Nothing : Observation.Fail("InnerException is not the exception it was given.");
    }

    /// <summary>
    /// A read of a decoder stream: at most what was asked, at least a byte while data remains and
    /// something was asked, 0 only at the end, the data's bytes from the position, the position moved on.
    /// </summary>
    private static Observation StreamRead(Instance receiver, Request request, object?[] args, object? result)
    {
        var stream = (Stream)receiver.Target;
        (byte[] array, int offset, int count) = args[0] switch
        {
            byte[] buffer => (buffer, (int)args[1]!, (int)args[2]!),
            ArraySegment<byte> view => (view.Array!, view.Offset, view.Count),
            var other => throw new InvalidOperationException($"A read into a {other?.GetType()}."),
        };

        int n = (int)result!;
        long position = (long)receiver.Position;
        int remaining = (int)Math.Max(0, request.Message.Length - position);
        List<(byte[] Array, int Start, int Length)> allowed = [(array, offset, count)];
        int least = count > 0 && remaining > 0 ? 1 : 0;
        int most = Math.Min(count, remaining);
        if (n < least || n > most)
        {
            return new Observation(null, [], allowed, $"returned {n} for {count} bytes asked at {position} of {request.Message.Length}: it must return {least} to {most}.");
        }

        if (stream.CanSeek && stream.Position != position + n)
        {
            return new Observation(null, [], allowed, $"Position went from {position} to {stream.Position} over a read of {n} bytes.");
        }

        return new Observation(array.AsSpan(offset, n).ToArray(), request.Message.AsSpan((int)position, n).ToArray(), allowed);
    }

    /// <summary>Seek: the position it returns is where the origin and offset say, and reads go on from there.</summary>
    private static Observation StreamSeek(Instance receiver, Request request, object?[] args, object? result)
    {
        var stream = (Stream)receiver.Target;
        long offset = (long)args[0]!;
        long expected = (SeekOrigin)args[1]! switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => (long)receiver.Position + offset,
            _ => request.Message.Length + offset,
        };

        return (long)result! != expected || stream.Position != expected
            ? Observation.Fail($"returned {result} with Position {stream.Position}; the position is {expected}.")
            : Probe(stream, request);
    }
}
