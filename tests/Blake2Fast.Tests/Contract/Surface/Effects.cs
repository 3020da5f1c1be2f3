using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;

namespace Blake2Fast.Tests.Surface;

/// <summary>What a call gave (null: nothing to compare), what it should have given, and where it was allowed to write.</summary>
internal sealed record Observation(byte[]? Actual, byte[] Expected, List<(byte[] Array, int Start, int Length)> Written, string? Problem = null)
{
    public static Observation Nothing => new(null, [], []);

    public static Observation Fail(string problem) => new(null, [], [], problem);
}

/// <summary>
/// How to see what a successful call did, by the method's name: the output it returned or wrote,
/// the hasher it made (fed the probe message and finished), or the change it made to its receiver.
/// A method name missing here stops the test: say how its effect shows.
/// </summary>
internal static partial class Effects
{
    private static readonly HashSet<string> Outputs =
    [
        "HashData", "TryHashData", "HashDataAsync", "ComputeHash", "ComputeHashAsync", "ComputeAndWriteHash", "HashMany", "HashTree", "HashTreeAsync",
        "DeriveKey", "Extract", "Expand", "TryComputeHash", "TryFinish", "HashTreeLeaf", "HashTreeRoot", "Hash", "Merge", "MergeRoot", "FinishSubtree",
    ];

    private static readonly HashSet<string> Creators =
    [
        "CreateIncrementalHasher", "CreateIncrementalHasherForUnknownLength", "CreateDeriveKeyHasher", "CreateHashAlgorithm", "CreateHMAC", ".ctor",
        "CreateTreeRootHasher", "CreateHasher", "CreateRootReader",
    ];

    public static Observation Observe(Site site, Instance? receiver, Request request, object?[] args, object? result)
    {
        string name = site.Name;
        if (name is "ExportState" or "TryExportState" or "ImportState")
        {
            return ResumableCall(site, receiver, request, args, result);
        }

        if (site.Family.Kind == FamilyKind.Bao && receiver is null)
        {
            return BaoCall(site, request, args, result);
        }

        if (site.Family.Kind is FamilyKind.Argon2 or FamilyKind.Compression && receiver is null)
        {
            return Argon2Call(site, request, args, result);
        }

        if (site.Method is MethodInfo { ReturnType: var returned } && returned == typeof(Blake3Mode))
        {
            // Blake3Mode.Keyed and DeriveKey: the mode shows in what a hasher made with it computes.
            return Probe(result!, request);
        }

        if (site.Method.DeclaringType == typeof(Blake3Subtree) && name == "HashChunks")
        {
            return ChunkValues(site, request, args, result);
        }

        if (site.Method.DeclaringType == typeof(Blake3Subtree) && result is long length)
        {
            return Lengths(site, args, length);
        }
        if (Outputs.Contains(name) || (name == "Finish" && site.Slots.Length == 1 && site.Slots[0].IsDestination))
        {
            return Output(site, request, args, result);
        }

        if (Creators.Contains(name))
        {
            if (result is Blake2bParameters or Blake2sParameters)
            {
                return Observation.Nothing;
            }

            if (name == ".ctor" && result is HMAC hmac && site.Slots.Length == 0)
            {
                request.Key = hmac.Key;
            }

            return Probe(result!, request);
        }

        if (receiver is null)
        {
            throw new Domains.UnhandledException($"no effect for static method {name}: say in Effects how its result shows");
        }

        object target = receiver.Target;
        switch (name)
        {
            case "ToString" when target is Blake3Mode mode:
            {
                // The mode's name, never its key.
                string expected = request.Context is not null ? "DeriveKey" : request.Key.Length != 0 ? "Keyed" : "Hash";
                return (string)result! == expected ? Observation.Nothing : Observation.Fail($"{mode.GetType().Name}.ToString() gave \"{result}\"; the mode is {expected}.");
            }

            case "Update" or "Reset" or "Initialize" or "set_Key" or "AppendLeafDigest" or "AppendLeafDigests":
                if (name is "Reset" or "Initialize")
                {
                    request.Message = [];
                }

                return Probe(target, request);

            case "Finish":
                return result switch
                {
                    byte[] digest => new Observation(digest, request.Expected(), []),
                    Blake2XbReader or Blake2XsReader => Compare(SubjectKind.ReadAll(result, request)),
                    _ => throw new Domains.UnhandledException($"Finish returned a {result?.GetType()}"),
                };

            case "Clear" or "Dispose":
                return Unusable(target, request);

            case "CreateOutputReader":
            {
                using var reader = (Blake3OutputReader)result!;
                byte[] output = reader.Read(100);
                if (!output.AsSpan().SequenceEqual(request.Expected(0, 100)))
                {
                    return new Observation(output, request.Expected(0, 100), []);
                }

                // The state goes on after a reader is made.
                return Probe(target, request);
            }

            case "Read" or "ReadAsync" when target is Stream:
                return StreamRead(receiver, request, args, result);

            case "Seek" when target is Stream:
                return StreamSeek(receiver, request, args, result);

            case "set_Position" when target is Stream stream:
                return stream.Position != (long)args[0]! ? Observation.Fail($"Position reads {stream.Position} after it was set to {args[0]}.") : Probe(target, request);

            case "Flush" when target is Stream:
                // A read-only stream has nothing to flush.
                return Observation.Nothing;

            case "Write" or "SetLength" when target is Stream:
                return Observation.Fail("a read-only stream took a write.");

            case "Read":
                return Read(site, receiver, request, args, result);

            case "set_Position":
            {
                ulong value = (ulong)args[0]!;
                ulong position = ((Blake3OutputReader)target).Position;
                return position != value ? Observation.Fail($"Position reads {position} after it was set to {value}.") : Probe(target, request);
            }

            case "TransformBlock":
                return TransformBlock(site, (HashAlgorithm)target, request, args, result);

            case "TransformFinalBlock":
            {
                var h = (HashAlgorithm)target;
                byte[] copy = (byte[])result!;
                if (!copy.AsSpan().SequenceEqual(Slice(args)))
                {
                    return Observation.Fail("TransformFinalBlock must return a copy of its input.");
                }

                return new Observation(h.Hash, request.Expected(), []);
            }
        }

        if (name.StartsWith("set_", StringComparison.Ordinal) && site.Method.DeclaringType!.GetProperty(name[4..]) is { } property)
        {
            object? now = property.GetValue(target);
            bool same = now is ReadOnlyMemory<byte> memory ? memory.Span.SequenceEqual(Arguments.BytesOf(args[0])) : Equals(now, args[0]);
            return same ? Observation.Nothing : Observation.Fail($"{property.Name} reads {now} after it was set to {args[0]}.");
        }

        throw new Domains.UnhandledException($"no effect for {name}: say in Effects how a call of it shows");
    }

    /// <summary>
    /// Blake3Subtree's lengths, worked out from the tree's definition: a node's left child is the
    /// largest power-of-two number of whole chunks that leaves a byte on the right; a subtree at
    /// offset o holds at most o's lowest set bit; the split length is the smallest power-of-two
    /// number of chunks that cuts the input into at most maxSubtrees pieces.
    /// </summary>
    private static Observation Lengths(Site site, object?[] args, long actual)
    {
        long expected;
        switch (site.Name)
        {
            case "LeftSubtreeLength":
                expected = Oracles.Blake3LeftLength((long)args[0]!);
                break;
            case "MaxSubtreeLength":
                long offset = (long)args[0]!;
                expected = offset == 0 ? long.MaxValue : offset & -offset;
                break;
            case "SplitLength":
                long input = (long)args[0]!;
                int pieces = (int)args[1]!;
                expected = 1024;
                while ((input - 1) / expected >= pieces)
                {
                    expected *= 2;
                }

                break;
            default:
                throw new Domains.UnhandledException($"no effect for {site.Name}: say in Effects how its result shows");
        }

        return actual == expected ? Observation.Nothing : Observation.Fail($"returned {actual}; the tree gives {expected}.");
    }

    private static Observation Compare((byte[] Actual, byte[] Expected) pair) => new(pair.Actual, pair.Expected, []);

    /// <summary>Checks a hasher, reader or HashAlgorithm by feeding it the probe message and finishing it.</summary>
    public static Observation Probe(object target, Request request)
    {
        SubjectKind kind = SubjectKind.All.FirstOrDefault(k => k.Type == target.GetType())
            ?? throw new Domains.UnhandledException($"no receiver kind for a {target.GetType()}, so the driver cannot check it");
        ulong position = target switch
        {
            Blake3OutputReader reader => reader.Position,
            Stream { CanSeek: true } stream => (ulong)stream.Position,
            _ => 0,
        };
        return Compare(kind.Probe(new Instance(target, request, position, 64), request));
    }

    /// <summary>
    /// Blake3Subtree.HashChunks: the reference's chaining value of every chunk of the input at its
    /// offset, written at the front of the destination, and the count of bytes it returned.
    /// </summary>
    private static Observation ChunkValues(Site site, Request request, object?[] args, object? result)
    {
        var view = (ArraySegment<byte>)args[site.Slots.First(s => s.Name == "chainingValues").Index]!;
        byte[] message = request.Message;
        long offset = request.SubtreeOffset ?? 0;
        var expected = new List<byte>();
        for (int at = 0; at < message.Length; at += 1024)
        {
            expected.AddRange(Oracles.Blake3SubtreeChainingValue(request.Key, request.Context, message[at..Math.Min(message.Length, at + 1024)], offset + at));
        }

        int written = (int)result!;
        var allowed = new List<(byte[] Array, int Start, int Length)> { (view.Array!, view.Offset, Math.Clamp(written, 0, view.Count)) };
        return written != expected.Count
            ? new Observation(null, [.. expected], allowed, $"reports {written} bytes written; the chunks' values are {expected.Count} bytes.")
            : new Observation(view.AsSpan(0, written).ToArray(), [.. expected], allowed);
    }

    private static Observation Output(Site site, Request request, object?[] args, object? result)
    {
        Slot? destination = site.Slots.FirstOrDefault(s => s.IsDestination && s.Type != typeof(byte[]));
        long total = request.Messages is { } messages ? messages.Count * request.OutputLength : request.OutputLength;
        byte[] expected = request.Family.Expected(request, 0, checked((int)total));
        if (destination is null)
        {
            return new Observation((byte[])result!, expected, []);
        }

        var view = (ArraySegment<byte>)args[destination.Index]!;
        int written;
        if (site.Rule == OutputRule.AtLeastOrFalse)
        {
            if (result is not true)
            {
                return Observation.Fail($"returned {result} for a destination of {view.Count} bytes, which holds the {total}-byte output.");
            }

            written = (int)args[site.Slots.First(s => s.IsOut).Index]!;
        }
        else
        {
            written = result is int n ? n : site.Rule == OutputRule.Exact ? view.Count : (int)total;
        }

        var allowed = new List<(byte[] Array, int Start, int Length)> { (view.Array!, view.Offset, Math.Clamp(written, 0, view.Count)) };
        if (written != total)
        {
            return new Observation(null, expected, allowed, $"reports {written} bytes written; the output is {total} bytes.");
        }

        return new Observation(view.AsSpan(0, written).ToArray(), expected, allowed);
    }

    private static Observation Read(Site site, Instance receiver, Request request, object?[] args, object? result)
    {
        object reader = receiver.Target;
        ulong before = receiver.Position;
        byte[] actual;
        var allowed = new List<(byte[] Array, int Start, int Length)>();
        if (args[0] is ArraySegment<byte> view)
        {
            actual = view.AsSpan().ToArray();
            allowed.Add((view.Array!, view.Offset, view.Count));
        }
        else
        {
            actual = (byte[])result!;
            if (actual.Length != (int)args[0]!)
            {
                return Observation.Fail($"returned {actual.Length} bytes for a count of {args[0]}.");
            }
        }

        ulong after = reader is Blake3OutputReader b3 ? b3.Position : (ulong)(long)reader.GetType().GetProperty("Position")!.GetValue(reader)!;
        if (after != unchecked(before + (ulong)actual.Length))
        {
            return Observation.Fail($"Position went from {before} to {after} over a read of {actual.Length} bytes.");
        }

        if (before > 1 << 20 || before + (ulong)actual.Length > 1 << 20)
        {
            // Far into the output: nothing computes it independently; the position check above is what there is.
            return new Observation(null, [], allowed);
        }

        return new Observation(actual, request.Expected((long)before, actual.Length), allowed);
    }

    /// <summary>After Clear or Dispose the receiver must refuse work: InvalidOperationException for a state, ObjectDisposedException for a reader or HashAlgorithm.</summary>
    private static Observation Unusable(object target, Request request)
    {
        try
        {
            switch (target)
            {
                case HashAlgorithm h:
                    h.ComputeHash([1]);
                    break;
                case Blake2XbReader r:
                    r.Read(1);
                    break;
                case Blake2XsReader r:
                    r.Read(1);
                    break;
                case Blake3OutputReader r:
                    r.Read(1);
                    break;
                case Stream s:
                    s.ReadByte();
                    break;
                default:
                    Probe(target, request);
                    break;
            }
        }
        catch (Exception e) when (e is ObjectDisposedException or InvalidOperationException)
        {
            return Observation.Nothing;
        }

        return Observation.Fail("still works after being cleared or disposed.");
    }

    private static byte[] Slice(object?[] args) => ((byte[])args[0]!).AsSpan((int)args[1]!, (int)args[2]!).ToArray();

    private static Observation TransformBlock(Site site, HashAlgorithm h, Request request, object?[] args, object? result)
    {
        byte[] input = Slice(args);
        var allowed = new List<(byte[] Array, int Start, int Length)>();
        if ((int)result! != input.Length)
        {
            return Observation.Fail($"returned {result} for {input.Length} bytes.");
        }

        if (args[3] is byte[] output)
        {
            int at = (int)args[4]!;
            allowed.Add((output, at, input.Length));
            if (!output.AsSpan(at, input.Length).SequenceEqual(input))
            {
                return new Observation(null, [], allowed, "TransformBlock must copy its input to the output buffer.");
            }
        }

        h.TransformFinalBlock([], 0, 0);
        return new Observation(h.Hash, request.Expected(), allowed);
    }
}
