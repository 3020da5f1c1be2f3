using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests.Surface;

// Trees hashed node by node: BLAKE2's unlimited-fanout tree (HashTreeLeaf, HashTreeRoot, the root
// hasher) and BLAKE3's subtrees (Blake3Mode, Blake3Subtree, Blake3HashState.FinishSubtree). Their
// arguments depend on each other (a leaf's length on the leaf length and whether it is the last,
// a subtree's length on its offset), so each is described with the others' valid values in mind.
internal static partial class Domains
{
    /// <summary>HashTreeLeaf's valid leaf: neither the first nor the last, so a full leaf.</summary>
    public const long TreeLeafIndex = 5;

    /// <summary>The root hasher's digest length: neither BLAKE2's default nor its largest.</summary>
    public const int RootHasherDigestLength = 20;

    /// <summary>
    /// Where the valid BLAKE3 subtree starts: 256 KiB, so that it may hold up to 256 KiB, more than
    /// the 128 KiB from which the parallel overloads split their input across threads.
    /// </summary>
    public const long SubtreeOffset = 256 * 1024;

    /// <summary>The valid subtree's length: not a whole number of chunks.</summary>
    public const int SubtreeLength = 3000;

    /// <summary>The valid subtrees of MergeRoot's list form: two of 4 KiB, then the input's last 1000 bytes.</summary>
    private static readonly long[] Subtrees = [4096, 4096, 1000];

    /// <summary>The key and context the valid modes hold.</summary>
    public static readonly byte[] ModeKey = Arguments.Pattern(32, 77);

    public const string ModeContext = "Blake2Fast contract test subtrees";

    private static IEnumerable<(string Why, Func<Site, Slot, bool> Applies, Maker Make)> TreeOverrides() =>
    [
        ("a tree's leaf holds exactly the leaf length but the last, which holds 1 to it; only the only leaf of an empty input is empty",
            (site, slot) => site.Name == "HashTreeLeaf" && slot.Name == "leaf", (_, slot, _, _) => TreeLeaf(slot)),
        ("a leaf's index is its node offset, which BLAKE2s holds in 48 bits",
            (site, slot) => site.Name == "HashTreeLeaf" && slot.Name == "leafIndex",
            (site, slot, _, _) =>
            {
                long max = site.Family.Wide ? long.MaxValue : Blake2sParameters.MaxNodeOffset;
                return Integer(slot, TreeLeafIndex, v => v >= 0 && v <= max ? Expect.Valid : Expect.Invalid, null,
                    0, 1, TreeLeafIndex, max, max == long.MaxValue ? -1 : max + 1, 1L << 62, -1, long.MaxValue, long.MinValue);
            }),
        ("a full leaf's length is the tree's leaf length: any other refuses the leaf",
            (site, slot) => site.Name == "HashTreeLeaf" && slot.Name == "leafLength", (_, slot, _, _) => TreeLeafLength(slot)),
        ("a full leaf may be the last", (site, slot) => slot.Name == "isLastLeaf",
            (_, _, _, _) => new Domain(() => false, new Edge("true", () => true, Expect.Valid))),
        ("a root is over one or more whole digests of the destination's length",
            (site, slot) => site.Name == "HashTreeRoot" && slot.Name == "leafDigests",
            (site, slot, _, _) =>
            {
                int d = site.Family.DefaultLength;
                return Bytes(slot, Arguments.Pattern(3 * d, 23),
                    ("null", null, Expect.Invalid), ("empty", 0, Expect.Invalid), ("1 byte", 1, Expect.Invalid), ("one digest", d, Expect.Valid),
                    ("3 digests and 1 byte", (3 * d) + 1, Expect.Invalid), ("40 digests", 40 * d, Expect.Valid));
            }),
        ("a root hasher takes one digest of its length at a time", (site, slot) => slot.Name == "leafDigest",
            (_, slot, _, receiver) =>
            {
                int d = (int)receiver!.Request.OutputLength;
                return Bytes(slot, Arguments.Pattern(d, 24),
                    ("null", null, Expect.Invalid), ("empty", 0, Expect.Invalid), ("a digest less 1", d - 1, Expect.Invalid), ("a digest and 1", d + 1, Expect.Invalid));
            }),
        ("a root hasher takes whole digests of its length, none included",
            (site, slot) => slot.Name == "leafDigests" && site.Receiver is not null,
            (_, slot, _, receiver) =>
            {
                int d = (int)receiver!.Request.OutputLength;
                return Bytes(slot, Arguments.Pattern(2 * d, 25),
                    ("null", null, Expect.Valid), ("empty", 0, Expect.Valid), ("1 byte", 1, Expect.Invalid), ("one digest", d, Expect.Valid),
                    ("2 digests and 1 byte", (2 * d) + 1, Expect.Invalid));
            }),
        ("a chaining value is exactly 32 bytes", (site, slot) => slot.Name is "chainingValue" or "parentChainingValue" or "left" or "right",
            (_, slot, _, _) => ChainingValue(slot)),
        ("a mode is plain, keyed or key derivation", (site, slot) => slot.Type == typeof(Blake3Mode), (_, _, _, _) => Modes()),
        ("chunks to hash: none, part of one, whole ones, a short last one", (site, slot) => site.Name == "HashChunks" && slot.Name == "input",
            (_, slot, _, _) => Bytes(slot, Arguments.Pattern((3 * 1024) + 5, 13),
                ("null", null, Expect.Valid), ("empty", 0, Expect.Valid), ("1 byte", 1, Expect.Valid), ("a chunk", 1024, Expect.Valid),
                ("a chunk and 1", 1025, Expect.Valid), ("4 chunks", 4096, Expect.Valid))),
        ("a chaining value for every chunk, room to spare allowed", (site, slot) => site.Name == "HashChunks" && slot.Name == "chainingValues",
            (_, slot, _, _) => Bytes(slot, Arguments.Pattern(4 * 32, 21),
                ("null", null, Expect.Invalid), ("empty", 0, Expect.Invalid), ("one value less", 3 * 32, Expect.Invalid),
                ("1 byte short", (4 * 32) - 1, Expect.Invalid), ("1 byte over", (4 * 32) + 1, Expect.Valid))),
        ("a subtree holds 1 byte to the most its offset allows", (site, slot) => site.Method.DeclaringType == typeof(Blake3Subtree) && slot.Name == "input",
            (_, slot, _, _) => Bytes(slot, Arguments.Pattern(SubtreeLength, 13),
                ("null", null, Expect.Invalid), ("empty", 0, Expect.Invalid), ("1 byte", 1, Expect.Valid), ("a chunk", 1024, Expect.Valid),
                ("the most at its offset", (int)SubtreeOffset, Expect.Valid), ("one past the most", (int)SubtreeOffset + 1, Expect.Invalid))),
        ("a subtree starts at a multiple of 1024, which bounds its length", (site, slot) => site.Name == "Hash" && site.Method.DeclaringType == typeof(Blake3Subtree) && slot.Name == "inputOffset",
            (_, slot, _, _) => SubtreeOffsets(slot)),
        ("a subtree hasher starts at a multiple of 1024", (site, slot) => site.Method.DeclaringType == typeof(Blake3Subtree) && slot.Name == "inputOffset",
            (_, slot, _, _) => Integer(slot, SubtreeOffset, v => v >= 0 && v % 1024 == 0 ? Expect.Valid : Expect.Invalid, null,
                0, 1, 1023, 1024, 4096, SubtreeOffset, 1L << 62, long.MaxValue - 1023, -1, -1024, long.MaxValue, long.MinValue)),
        ("a node with children is more than a chunk long", (site, slot) => site.Method.DeclaringType == typeof(Blake3Subtree) && slot.Name == "inputLength",
            (_, slot, _, _) => Integer(slot, 5000, v => v > 1024 ? Expect.Valid : Expect.Invalid, null,
                0, 1, 1024, 1025, 2048, 2049, 5000, 1L << 62, (1L << 62) + 1, long.MaxValue, -1, long.MinValue)),
        ("an input splits into two or more subtrees", (site, slot) => slot.Name == "maxSubtrees",
            (_, slot, _, _) => Integer(slot, 4, v => v >= 2 ? Expect.Valid : Expect.Invalid, null, 0, 1, 2, 3, 5, int.MaxValue, -1, int.MinValue)),
        ("subtrees are nodes of the tree of the input they cover", (site, slot) => slot.Name == "subtreeLengths", (_, _, _, _) => SubtreeLengths()),
        ("subtrees' chaining values are 32 bytes each", (site, slot) => slot.Name == "chainingValues",
            (_, slot, _, _) => Bytes(slot, Arguments.Pattern(32 * Subtrees.Length, 21),
                ("null", null, Expect.Invalid), ("empty", 0, Expect.Invalid), ("one value less", 32 * (Subtrees.Length - 1), Expect.Invalid),
                ("1 byte short", (32 * Subtrees.Length) - 1, Expect.Invalid), ("1 byte over", (32 * Subtrees.Length) + 1, Expect.Invalid))),
        ("a subtree hasher takes input up to the most its offset allows",
            (site, slot) => site.Name == "Update" && slot.Name == "input" && site.Receiver?.Kind.Type == typeof(Blake3HashState),
            (site, slot, draft, receiver) => receiver?.Request.SubtreeOffset is > 0 ? SubtreeInput(slot, receiver) : Standard(site, slot, draft, receiver)),
    ];

    private static Domain TreeLeaf(Slot slot)
    {
        Edge Leaf(string label, int? length, Expect expect, bool last = false, long? index = null)
        {
            var with = new List<(string, Func<object?>)>();
            if (last)
            {
                with.Add(("isLastLeaf", () => true));
            }

            if (index is { } i)
            {
                with.Add(("leafIndex", () => i));
            }

            return new Edge(label, () => AsArgument(slot, length is { } n ? Arguments.Pattern(n, 17) : null), expect) { With = [.. with] };
        }

        return new Domain(
            () => AsArgument(slot, Arguments.Pattern(LeafLength, 17)),
            Leaf("null", null, Expect.Invalid),
            Leaf("empty", 0, Expect.Invalid),
            Leaf("1 byte", 1, Expect.Invalid),
            Leaf("a leaf less 1", LeafLength - 1, Expect.Invalid),
            Leaf("a leaf and 1", LeafLength + 1, Expect.Invalid),
            Leaf("1 byte, the last leaf", 1, Expect.Valid, last: true),
            Leaf("a leaf less 1, the last leaf", LeafLength - 1, Expect.Valid, last: true),
            Leaf("a leaf and 1, the last leaf", LeafLength + 1, Expect.Invalid, last: true),
            Leaf("empty, the last leaf but not the first", 0, Expect.Invalid, last: true),
            Leaf("empty, the only leaf", 0, Expect.Valid, last: true, index: 0),
            Leaf("null, the only leaf", null, Expect.Valid, last: true, index: 0),
            Leaf("empty, leaf 0 but not the last", 0, Expect.Invalid, last: false));
    }

    /// <summary>HashTreeLeaf's leaf length: below 1 is its own fault; any other than the full leaf's length is the leaf's.</summary>
    private static Domain TreeLeafLength(Slot slot)
    {
        Domain plain = Integer(slot, LeafLength, v => v == LeafLength ? Expect.Valid : Expect.Invalid, v => v >= 1 ? "leaf" : null,
            0, -1, 1, LeafLength - 1, LeafLength + 1, int.MaxValue, int.MinValue);
        Edge longerLast = new Edge($"{LeafLength + 44}, the last leaf", () => LeafLength + 44, Expect.Valid) { With = [("isLastLeaf", () => true)] };
        Edge shorterLast = new Edge($"{LeafLength - 1}, the last leaf", () => LeafLength - 1, Expect.Invalid, "leaf") { With = [("isLastLeaf", () => true)] };
        return new Domain(plain.Valid, [.. plain.Edges, longerLast, shorterLast]);
    }

    private static Domain ChainingValue(Slot slot)
    {
        if (slot.IsDestination)
        {
            return new Domain(
                () => AsDestination(slot, 32),
                new[] { 0, 1, 31, 33, 64 }.Select(n => new Edge($"{n} bytes", () => AsDestination(slot, n), Expect.Invalid)).ToArray());
        }

        return Bytes(slot, Arguments.Pattern(32, slot.Name == "right" ? 42 : 41),
            ("null", null, Expect.Invalid), ("empty", 0, Expect.Invalid), ("31 bytes", 31, Expect.Invalid), ("33 bytes", 33, Expect.Invalid), ("64 bytes", 64, Expect.Invalid));
    }

    /// <summary>The modes, each remembered with the key or context it holds, so that the answer can be computed without the library.</summary>
    private static Domain Modes() => new(
        () => Arguments.RememberMode(Blake3Mode.Keyed(ModeKey), ModeKey, null),
        new Edge("plain", () => Arguments.RememberMode(Blake3Mode.Hash, [], null), Expect.Valid),
        new Edge("default", () => Arguments.RememberMode(default(Blake3Mode), [], null), Expect.Valid),
        new Edge("key derivation", () => Arguments.RememberMode(Blake3Mode.DeriveKey(ModeContext), [], ModeContext), Expect.Valid));

    /// <summary>
    /// Blake3Subtree.Hash's offset: one that is negative or not a multiple of 1024 is its own fault;
    /// one whose subtree cannot hold the valid input is the input's (too long for the offset). At
    /// offset 0 any non-empty input has a chaining value, as the crate's finalize_non_root gives it.
    /// </summary>
    private static Domain SubtreeOffsets(Slot slot)
    {
        static string? Fault(long offset, long length)
        {
            if (offset < 0 || offset % 1024 != 0)
            {
                return "inputOffset";
            }

            long max = offset == 0 ? long.MaxValue : offset & -offset;
            return length > max ? "input" : null;
        }

        Domain plain = Integer(slot, SubtreeOffset, v => Fault(v, SubtreeLength) is null ? Expect.Valid : Expect.Invalid, v => Fault(v, SubtreeLength) is "input" ? "input" : null,
            0, 1, 1023, 1024, 4096, SubtreeOffset, 1L << 62, long.MaxValue - 1023, -1, -1024, long.MaxValue, long.MinValue);
        Edge AtZero(int length) => new($"0 with {length} bytes", () => 0L, Fault(0, length) is null ? Expect.Valid : Expect.Invalid, "input")
        {
            With = [("input", () => Arguments.View(Arguments.Pattern(length, 13)))],
        };

        return new Domain(plain.Valid, [.. plain.Edges, AtZero(1024), AtZero(2048), AtZero(4096), AtZero(3072), AtZero(1), AtZero(1023), AtZero(1025), AtZero(100_000)]);
    }

    private static Domain SubtreeLengths()
    {
        Edge Layout(string label, long[]? lengths, Expect expect) =>
            new(label, () => lengths?.ToArray(), expect)
            {
                With = lengths is null || lengths.Length == Subtrees.Length ? [] : [("chainingValues", () => Arguments.View(Arguments.Pattern(32 * lengths.Length, 21)))],
            };

        return new Domain(
            () => Subtrees.ToArray(),
            Layout("null", null, Expect.Invalid),
            Layout("empty", [], Expect.Invalid),
            Layout("one subtree", [9192], Expect.Invalid),
            Layout("the smallest two (1024, 1)", [1024, 1], Expect.Valid),
            Layout("2048, 1024, 1024", [2048, 1024, 1024], Expect.Valid),
            Layout("8192, 1000", [8192, 1000], Expect.Valid),
            Layout("2^61, 2^61, 2^62 - 1 (long.MaxValue in all)", [1L << 61, 1L << 61, (1L << 62) - 1], Expect.Valid),
            Layout("a subtree across the split (1024, 2048, 1000)", [1024, 2048, 1000], Expect.Invalid),
            Layout("a first subtree of 3 chunks followed by more (3072, 1024)", [3072, 1024], Expect.Invalid),
            Layout("a last subtree past its offset's most (2048, 1024, 2048)", [2048, 1024, 2048], Expect.Invalid),
            Layout("a middle subtree of 3 chunks (4096, 3072, 1024)", [4096, 3072, 1024], Expect.Invalid),
            Layout("two subtrees in one chunk (4096, 4096, 1000, 1)", [4096, 4096, 1000, 1], Expect.Invalid),
            Layout("1, 1 (one chunk)", [1, 1], Expect.Invalid),
            Layout("an empty subtree", [0, 1025], Expect.Invalid),
            Layout("a negative length", [-1, 1025], Expect.Invalid),
            Layout("past long.MaxValue", [long.MaxValue, 1], Expect.Invalid));
    }

    /// <summary>A subtree hasher's Update: the usual inputs, and one that would take the subtree one byte past its most.</summary>
    private static Domain SubtreeInput(Slot slot, Instance receiver)
    {
        long offset = receiver.Request.SubtreeOffset!.Value;
        int room = (int)((offset & -offset) - receiver.Request.Message.Length);
        return Bytes(slot, Arguments.Pattern(Arguments.MessageLength),
            ("null", null, Expect.Valid), ("empty", 0, Expect.Valid), ("1 byte", 1, Expect.Valid), ("2 chunks and 1", 2049, Expect.Valid),
            ("all the room left", room, Expect.Valid), ("1 byte past the room", room + 1, Expect.Invalid));
    }
}
