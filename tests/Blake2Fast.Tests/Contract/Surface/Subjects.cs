using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace Blake2Fast.Tests.Surface;

internal enum Status
{
    /// <summary>Usable.</summary>
    Active,

    /// <summary>A hash state that is default, finished or cleared: every method but Clear throws InvalidOperationException.</summary>
    Inactive,

    /// <summary>A disposed reader or HashAlgorithm: ObjectDisposedException.</summary>
    Disposed,
}

/// <summary>A receiver made for one call, with the computation it stands for so far.</summary>
internal sealed class Instance(object target, Request request, ulong position = 0, long remaining = long.MaxValue)
{
    public object Target { get; } = target;
    public Request Request { get; } = request;

    /// <summary>A reader's position.</summary>
    public ulong Position { get; } = position;

    /// <summary>A reader's bytes left (long.MaxValue: more than any span).</summary>
    public long Remaining { get; } = remaining;
}

/// <summary>One condition a receiver can be in ("new", "default", "finished", "disposed", ...).</summary>
internal sealed class SubjectState(SubjectKind kind, string label, Status status, Func<Instance> make, Func<string, Type[]?>? refuses = null, Func<string, Type[]?>? mayRefuse = null)
{
    public SubjectKind Kind { get; } = kind;
    public string Label { get; } = label;
    public Status Status { get; } = status;
    public Func<Instance> Make { get; } = make;

    /// <summary>
    /// The exceptions (any one of them) that this receiver must answer a method with, by the
    /// method's name, whatever the arguments; null where the method works. A usable receiver
    /// still refuses what its condition rules out, as its documentation says: a root hasher with
    /// no leaf has no digest to finish, a subtree hasher after the first chunk has no root output,
    /// a read-only stream takes no writes, a decoder over a corrupt encoding reads nothing.
    /// </summary>
    public Type[]? Refuses(string method) => refuses?.Invoke(method);

    /// <summary>
    /// The exceptions this receiver may answer a method with instead of working, where its
    /// condition makes the outcome depend on how far the method looks: a decoder over a corrupt
    /// encoding that seeks to the end may verify the corrupt part on the way, or not.
    /// </summary>
    public Type[]? MayRefuse(string method) => mayRefuse?.Invoke(method);

    public override string ToString() => $"{Kind.Name} ({Label})";
}

/// <summary>
/// A kind of receiver of instance methods: how to make it in each of its conditions, and how to
/// check afterwards that it computes what its request says (<see cref="Probe"/>).
/// </summary>
internal sealed partial class SubjectKind
{
    public required string Name { get; init; }
    public required Type Type { get; init; }
    public required Family Family { get; init; }
    public List<SubjectState> States { get; } = [];

    /// <summary>Feeds the probe message (where the receiver takes input) and returns (what it gave, what it should have given).</summary>
    public required Func<Instance, Request, (byte[] Actual, byte[] Expected)> Probe { get; init; }

    public override string ToString() => Name;

    private SubjectKind Add(string label, Status status, Func<Instance> make, Func<string, Type[]?>? refuses = null, Func<string, Type[]?>? mayRefuse = null)
    {
        States.Add(new SubjectState(this, label, status, make, refuses, mayRefuse));
        return this;
    }

    /// <summary>The message the probes feed.</summary>
    public static readonly byte[] ProbeMessage = Arguments.Pattern(200, seed: 99);

    private static readonly byte[] Prefix = Arguments.Pattern(5, seed: 50);
    private static readonly byte[] Key3 = [1, 2, 3];
    private static readonly byte[] Key32 = Arguments.Pattern(32, seed: 77);

    /// <summary>Every receiver the contract test knows. A public type with instance methods and no kind here stops the test.</summary>
    public static IReadOnlyList<SubjectKind> All { get; } = Build();

    private static Request Req(Family family, byte[] key, long length, byte[] message) =>
        new() { Family = family, Key = key, OutputLength = length, Message = message };

    private static SubjectKind Kind(Type type, Family family, Func<Instance, Request, (byte[] Actual, byte[] Expected)> probe, string? name = null) =>
        new() { Name = name ?? type.Name, Type = type, Family = family, Probe = probe };

    private static List<SubjectKind> Build()
    {
        var all = new List<SubjectKind>
        {
            HashState(Family.B, (k, n) => Blake2b.CreateIncrementalHasher(n, k), () => default(Blake2bHashState)),
            HashState(Family.S, (k, n) => Blake2s.CreateIncrementalHasher(n, k), () => default(Blake2sHashState)),
            HashState(Family.BP, (k, n) => Blake2bp.CreateIncrementalHasher(n, k), () => default(Blake2bpHashState)),
            HashState(Family.SP, (k, n) => Blake2sp.CreateIncrementalHasher(n, k), () => default(Blake2spHashState)),
            XofState<Blake2XbHashState>(Family.XB, (n, k) => n == 0 ? Blake2Xb.CreateIncrementalHasherForUnknownLength(k) : Blake2Xb.CreateIncrementalHasher(n, k), (ref Blake2XbHashState s, byte[] m) => s.Update(m), (ref Blake2XbHashState s) => s.Finish(), (ref Blake2XbHashState s) => s.Clear()),
            XofState<Blake2XsHashState>(Family.XS, (n, k) => n == 0 ? Blake2Xs.CreateIncrementalHasherForUnknownLength(k) : Blake2Xs.CreateIncrementalHasher((int)n, k), (ref Blake2XsHashState s, byte[] m) => s.Update(m), (ref Blake2XsHashState s) => s.Finish(), (ref Blake2XsHashState s) => s.Clear()),
            Blake3State(),
            XofReader(Family.XB, (n, k, m) => { var h = n == 0 ? Blake2Xb.CreateIncrementalHasherForUnknownLength(k) : Blake2Xb.CreateIncrementalHasher(n, k); h.Update(m); return h.Finish(); }, (r, d) => ((Blake2XbReader)r).Read(d), r => ((Blake2XbReader)r).Dispose()),
            XofReader(Family.XS, (n, k, m) => { var h = n == 0 ? Blake2Xs.CreateIncrementalHasherForUnknownLength(k) : Blake2Xs.CreateIncrementalHasher((int)n, k); h.Update(m); return h.Finish(); }, (r, d) => ((Blake2XsReader)r).Read(d), r => ((Blake2XsReader)r).Dispose()),
            Blake3Reader(),
            Parameters(Family.B, () => new Blake2bParameters()),
            Parameters(Family.S, () => new Blake2sParameters()),
            Parameters(Family.A2, () => new Argon2Parameters()),
            Parameters(Family.A2, () => new Argon2VerificationOptions()),
            TreeRootHasher(Family.B, Blake2b.CreateTreeRootHasher),
            TreeRootHasher(Family.S, Blake2s.CreateTreeRootHasher),
            Blake3Modes(),
        };

        all.AddRange(Algorithms());
        all.Add(BaoDecoders());
        return all;
    }

    private static SubjectKind HashState<T>(Family family, Func<byte[], int, T> create, Func<T> makeDefault)
        where T : struct, IBlake2Incremental
    {
        SubjectKind kind = Kind(typeof(T), family, (instance, request) =>
        {
            var h = (IBlake2Incremental)instance.Target;
            h.Update<byte>(ProbeMessage.AsSpan());
            return (h.Finish(), request.Fed(ProbeMessage).Expected());
        });

        return kind
            .Add("keyed, 20-byte digest, 5 bytes in", Status.Active, () =>
            {
                T h = create(Key3, 20);
                h.Update<byte>(Prefix.AsSpan());
                return new Instance(h, Req(family, Key3, 20, Prefix));
            })
            .Add("new, unkeyed", Status.Active, () => new Instance(create([], family.DefaultLength), Req(family, [], family.DefaultLength, [])))
            .Add("default", Status.Inactive, () => new Instance(makeDefault(), Req(family, [], family.DefaultLength, [])))
            .Add("finished", Status.Inactive, () =>
            {
                T h = create(Key3, 20);
                h.Finish();
                return new Instance(h, Req(family, Key3, 20, []));
            })
            .Add("cleared", Status.Inactive, () =>
            {
                object h = create(Key3, 20);
                ((IBlake2Incremental)h).Update<byte>(Prefix.AsSpan());
                h.GetType().GetMethod("Clear")!.Invoke(h, null);
                return new Instance(h, Req(family, Key3, 20, Prefix));
            });
    }

    private delegate void Updater<T>(ref T state, byte[] message);

    private delegate object Finisher<T>(ref T state);

    private delegate void Clearer<T>(ref T state);

    private static SubjectKind XofState<T>(Family family, Func<long, byte[], T> create, Updater<T> update, Finisher<T> finish, Clearer<T> clear)
        where T : struct
    {
        SubjectKind kind = Kind(typeof(T), family, (instance, request) =>
        {
            ref T h = ref Unsafe.Unbox<T>(instance.Target);
            update(ref h, ProbeMessage);
            return ReadAll(finish(ref h), request.Fed(ProbeMessage));
        });

        Request Declared(byte[] message) => new() { Family = family, Key = Key3, OutputLength = 100, Message = message };
        Request Unknown(byte[] message) => new() { Family = family, Key = Key3, OutputLength = family.MaxUnknownLength, UnknownLength = true, Message = message };
        object Fed(long length)
        {
            T h = create(length, Key3);
            update(ref h, Prefix);
            return h;
        }

        return kind
            .Add("declared 100 bytes, keyed, 5 bytes in", Status.Active, () => new Instance(Fed(100), Declared(Prefix)))
            .Add("unknown length, keyed, 5 bytes in", Status.Active, () => new Instance(Fed(0), Unknown(Prefix)))
            .Add("default", Status.Inactive, () => new Instance(default(T), Declared([])))
            .Add("finished", Status.Inactive, () =>
            {
                T h = create(100, Key3);
                ((IDisposable)finish(ref h)).Dispose();
                return new Instance(h, Declared([]));
            })
            .Add("cleared", Status.Inactive, () =>
            {
                T h = create(100, Key3);
                clear(ref h);
                return new Instance(h, Declared([]));
            });
    }

    /// <summary>Reads up to 200 bytes of a BLAKE2X reader of <paramref name="request"/>'s output from its start.</summary>
    public static (byte[] Actual, byte[] Expected) ReadAll(object reader, Request request)
    {
        int n = (int)Math.Min(request.OutputLength, 200);
        byte[] actual = new byte[n];
        switch (reader)
        {
            case Blake2XbReader b:
                b.Read(actual);
                b.Dispose();
                break;
            case Blake2XsReader s:
                s.Read(actual);
                s.Dispose();
                break;
            default:
                throw new InvalidOperationException(reader.GetType().Name);
        }

        return (actual, request.Expected(0, n));
    }

    private static SubjectKind Blake3State()
    {
        Family family = Family.B3;
        SubjectKind kind = Kind(typeof(Blake3HashState), family, (instance, request) =>
        {
            ref Blake3HashState h = ref Unsafe.Unbox<Blake3HashState>(instance.Target);
            if (request.SubtreeOffset is > 0 and long offset)
            {
                // A subtree after the first chunk has no root output: its chaining value shows what
                // it holds. It takes no more than the room its offset leaves.
                byte[] more = ProbeMessage.AsSpan(0, (int)Math.Min(ProbeMessage.Length, (offset & -offset) - request.Message.Length)).ToArray();
                h.Update(more);
                byte[] chainingValue = new byte[32];
                h.FinishSubtree(chainingValue);
                Request subtree = request.Fed(more);
                subtree.ChainingValue = true;
                return (chainingValue, subtree.Expected(0, 32));
            }

            h.Update(ProbeMessage);
            byte[] output = new byte[40];
            h.Finish(output);
            return (output, request.Fed(ProbeMessage).Expected(0, 40));
        });

        static Instance Fed(Blake3HashState h, Request r, byte[] input)
        {
            h.Update(input);
            r.Message = input;
            return new Instance(h, r);
        }

        // No input at all is no subtree. Any other input from offset 0 has a chaining value (5 bytes
        // too, as the crate's finalize_non_root gives it), which the oracle computes.
        static Type[]? NoInput(string method) => method == "FinishSubtree" ? [typeof(InvalidOperationException)] : null;

        // A subtree after the first chunk has no root output.
        static Type[]? NoRoot(string method) => method is "Finish" or "CreateOutputReader" ? [typeof(InvalidOperationException)] : null;

        return kind
            .Add("new", Status.Active, () => new Instance(Blake3.CreateIncrementalHasher(), Req(family, [], 32, [])), NoInput)
            .Add("keyed, 5 bytes in", Status.Active, () => Fed(Blake3.CreateIncrementalHasher(Key32), Req(family, Key32, 32, []), Prefix))
            .Add("key derivation, 5 bytes in", Status.Active, () => Fed(Blake3.CreateDeriveKeyHasher("contract test"), new Request { Family = family, Context = "contract test", OutputLength = 32 }, Prefix))
            .Add("one chunk in (a subtree at 0, or a whole input)", Status.Active, () => Fed(Blake3.CreateIncrementalHasher(), Req(family, [], 32, []), Arguments.Pattern(1024, 51)))
            .Add("a keyed subtree at 256 KiB, 1500 bytes in", Status.Active, () =>
            {
                Request r = Req(family, Key32, 32, []);
                r.SubtreeOffset = Domains.SubtreeOffset;
                return Fed(Blake3Subtree.CreateHasher(Blake3Mode.Keyed(Key32), Domains.SubtreeOffset), r, Arguments.Pattern(1500, 52));
            }, NoRoot)
            .Add("default", Status.Inactive, () => new Instance(default(Blake3HashState), Req(family, [], 32, [])))
            .Add("finished", Status.Inactive, () =>
            {
                Blake3HashState h = Blake3.CreateIncrementalHasher();
                h.Finish();
                return new Instance(h, Req(family, [], 32, []));
            })
            .Add("cleared", Status.Inactive, () =>
            {
                Blake3HashState h = Blake3.CreateIncrementalHasher(Key32);
                h.Clear();
                return new Instance(h, Req(family, Key32, 32, []));
            });
    }

    private static SubjectKind XofReader(Family family, Func<long, byte[], byte[], object> create, Action<object, byte[]> read, Action<object> dispose)
    {
        SubjectKind kind = Kind(create(1, [], []).GetType(), family, (instance, request) =>
        {
            int n = (int)Math.Min(instance.Remaining, 64);
            byte[] actual = new byte[n];
            read(instance.Target, actual);
            return (actual, request.Expected((long)instance.Position, n));
        });

        Request Declared() => new() { Family = family, Key = Key3, OutputLength = 100, Message = Prefix };
        Instance At(long declared, int position)
        {
            object reader = create(declared, Key3, Prefix);
            read(reader, new byte[position]);
            Request r = declared == 0
                ? new Request { Family = family, Key = Key3, OutputLength = family.MaxUnknownLength, UnknownLength = true, Message = Prefix }
                : Declared();
            return new Instance(reader, r, (ulong)position, (declared == 0 ? family.MaxUnknownLength : declared) - position);
        }

        return kind
            .Add("declared 100 bytes, new", Status.Active, () => At(100, 0))
            .Add("declared 100 bytes, 37 read", Status.Active, () => At(100, 37))
            .Add("declared 100 bytes, all read", Status.Active, () => At(100, 100))
            .Add("unknown length, 70 read", Status.Active, () => At(0, 70))
            .Add("disposed", Status.Disposed, () =>
            {
                Instance i = At(100, 0);
                dispose(i.Target);
                return i;
            });
    }

    private static SubjectKind Blake3Reader()
    {
        Family family = Family.B3;
        SubjectKind kind = Kind(typeof(Blake3OutputReader), family, (instance, request) =>
        {
            var reader = (Blake3OutputReader)instance.Target;
            ulong position = reader.Position;
            if (position > 1 << 16)
            {
                // Far into the output: nothing computes it independently (Effects checks the position).
                return ([], []);
            }

            return (reader.Read(64), request.Expected((long)position, 64));
        });

        Instance At(ulong position)
        {
            Blake3HashState h = Blake3.CreateIncrementalHasher(Key32);
            h.Update(Prefix);
            Blake3OutputReader reader = h.CreateOutputReader();
            reader.Position = position;
            long remaining = position == 0 ? long.MaxValue : (long)Math.Min(ulong.MaxValue - position + 1, long.MaxValue);
            return new Instance(reader, Req(family, Key32, 32, Prefix), position, remaining);
        }

        return kind
            .Add("new", Status.Active, () => At(0))
            .Add("at 1000", Status.Active, () => At(1000))
            .Add("10 bytes before the end of the output", Status.Active, () => At(ulong.MaxValue - 9))
            .Add("disposed", Status.Disposed, () =>
            {
                Instance i = At(0);
                ((Blake3OutputReader)i.Target).Dispose();
                return i;
            });
    }

    /// <summary>A BLAKE2 tree's root hasher, fed leaf digests and finished; no leaf digest means no tree to finish.</summary>
    private static SubjectKind TreeRootHasher(Family family, Func<int, int, Blake2TreeRootHasher> create)
    {
        const int d = Domains.RootHasherDigestLength;
        SubjectKind kind = Kind(typeof(Blake2TreeRootHasher), family, (instance, request) =>
        {
            var h = (Blake2TreeRootHasher)instance.Target;
            byte[] more = Arguments.Pattern(2 * (int)request.OutputLength, 31);
            h.AppendLeafDigests(more);
            Request r = request.Clone();
            r.LeafDigests = [.. r.LeafDigests ?? [], .. more];
            return (h.Finish(), r.Expected());
        }, $"{family.Name} tree root hasher");

        Request Root(byte[] digests) => new() { Family = family, LeafLength = Domains.LeafLength, OutputLength = d, LeafDigests = digests };
        Instance Made(byte[] digests, Action<Blake2TreeRootHasher>? then = null)
        {
            Blake2TreeRootHasher h = create(Domains.LeafLength, d);
            h.AppendLeafDigests(digests);
            then?.Invoke(h);
            return new Instance(h, Root(digests));
        }

        byte[] two = Arguments.Pattern(2 * d, 32);
        return kind
            .Add("new", Status.Active, () => Made([]), method => method == "Finish" ? [typeof(InvalidOperationException)] : null)
            .Add("2 leaf digests in", Status.Active, () => Made(two))
            .Add("finished", Status.Disposed, () => Made(two, h => h.Finish()))
            .Add("disposed", Status.Disposed, () => Made(two, h => h.Dispose()));
    }

    /// <summary>BLAKE3's modes: what a hasher made with one computes shows the key or context it holds.</summary>
    private static SubjectKind Blake3Modes()
    {
        Family family = Family.B3;
        SubjectKind kind = Kind(typeof(Blake3Mode), family, (instance, request) =>
        {
            Blake3HashState h = Blake3Subtree.CreateHasher((Blake3Mode)instance.Target, 0);
            h.Update(ProbeMessage);
            byte[] output = new byte[40];
            h.Finish(output);
            return (output, request.Fed(ProbeMessage).Expected(0, 40));
        });

        return kind
            .Add("plain (default)", Status.Active, () => new Instance(default(Blake3Mode), Req(family, [], 32, [])))
            .Add("keyed", Status.Active, () => new Instance(Blake3Mode.Keyed(Key32), Req(family, Key32, 32, [])))
            .Add("key derivation", Status.Active, () => new Instance(Blake3Mode.DeriveKey("contract test"), new Request { Family = family, Context = "contract test", OutputLength = 32 }));
    }

    private static SubjectKind Parameters(Family family, Func<object> create) =>
        Kind(create().GetType(), family, (_, _) => ([], [])).Add("new", Status.Active, () => new Instance(create(), Req(family, [], family.DefaultLength, [])));

    private static IEnumerable<SubjectKind> Algorithms()
    {
        byte[] long200 = Arguments.Pattern(200, seed: 5);
        var factories = new (string Name, Family Family, byte[] Key, int Length, Func<HashAlgorithm> Create)[]
        {
            ("Blake2b.CreateHashAlgorithm(20)", Family.B, [], 20, () => Blake2b.CreateHashAlgorithm(20)),
            ("Blake2b.CreateHMAC(20, key)", Family.B, Key3, 20, () => Blake2b.CreateHMAC(20, Key3)),
            ("Blake2s.CreateHashAlgorithm()", Family.S, [], 32, () => Blake2s.CreateHashAlgorithm()),
            ("Blake2s.CreateHMAC(key)", Family.S, Key3, 32, () => Blake2s.CreateHMAC(Key3)),
            ("Blake2bp.CreateHMAC(20, key)", Family.BP, Key3, 20, () => Blake2bp.CreateHMAC(20, Key3)),
            ("Blake2sp.CreateHashAlgorithm()", Family.SP, [], 32, () => Blake2sp.CreateHashAlgorithm()),
            ("Blake3.CreateHashAlgorithm()", Family.B3, [], 32, Blake3.CreateHashAlgorithm),
            ("Blake3.CreateHashAlgorithm(key)", Family.B3, Key32, 32, () => Blake3.CreateHashAlgorithm(Key32)),
            ("new HMACBlake2b(key)", Family.HmacB, Key3, 64, () => new HMACBlake2b(Key3)),
            ("new HMACBlake2s(200-byte key)", Family.HmacS, long200, 32, () => new HMACBlake2s(long200)),
        };

        foreach ((string name, Family family, byte[] key, int length, Func<HashAlgorithm> create) in factories)
        {
            yield return Kind(create().GetType(), family, (instance, request) =>
                (((HashAlgorithm)instance.Target).ComputeHash(ProbeMessage), request.Fed(ProbeMessage).Expected()), name)
            .Add("new", Status.Active, () => new Instance(create(), Req(family, key, length, [])))
            .Add("5 bytes in", Status.Active, () =>
            {
                HashAlgorithm h = create();
                h.TransformBlock(Prefix, 0, Prefix.Length, null, 0);
                return new Instance(h, Req(family, key, length, Prefix));
            })
            .Add("disposed", Status.Disposed, () =>
            {
                HashAlgorithm h = create();
                h.Dispose();
                return new Instance(h, Req(family, key, length, []));
            });
        }
    }

    /// <summary>The kinds whose instances the given method can run on (by declaring type, interface, or HashAlgorithm base).</summary>
    public static IEnumerable<SubjectKind> For(Type declaring) =>
        All.Where(k => declaring.IsAssignableFrom(k.Type));
}
