using System;
using System.Linq;
using System.Text;
using CsCheck;

namespace Blake2Fast.Tests;

/// <summary>
/// Model-based tests of <see cref="Blake3HashState"/> (hash, keyed, derive-key) and
/// <see cref="Blake3OutputReader"/>: updates in random pieces (also with a degree of parallelism,
/// valid or not), forks by copying the struct, resets, finishes of any length (an empty destination
/// refused with the state unchanged), clears, readers taken at any point (the state going on after),
/// seeks anywhere up to the end of the output at 2^64 bytes, reads of random lengths (past the end
/// refused with nothing written), disposal; each result compared with the reference BLAKE3.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class Blake3ModelTests
{
    [Fact]
    public void Blake3HashState_and_reader_follow_the_model()
    {
        Gen<int> slot = StateOps<Blake3HashState, RefBlake3>.Slot;
        Gen<int> reader = Gen.Int[0, Blake3Model.ReaderCount - 1];
        var ops = StateOps<Blake3HashState, RefBlake3>.Common(ModelData.Length(9 * 1024, 64, 1024));
        // Now and then long enough (128 KiB) for the multi-threaded path.
        Gen<int> parallelLength = Gen.Frequency((200, ModelData.Length(5 * 1024, 1024)), (1, Gen.Int[128 * 1024, 300 * 1024]));
        ops.Add((8, Gen.Select(slot, parallelLength, Gen.Int[0, 255], Gen.Int[0, 4], (s, n, p, d) => Op(new Blake3Model.UpdateInParallel(s, n, p, d)))));
        ops.Add((6, Gen.Select(slot, Gen.Bool, ModelData.Length(300, 32, 64), (s, a, n) => Op(new Blake3Model.FinishOp(s, a, n)))));
        ops.Add((2, slot.Select(s => Op(new Blake3Model.ResetOp(s)))));
        ops.Add((5, Gen.Select(slot, reader, (s, r) => Op(new Blake3Model.CreateReaderOp(s, r)))));
        ops.Add((8, Gen.Select(reader, Gen.Int[0, 3], Gen.ULong, (r, k, p) => Op(new Blake3Model.SeekOp(r, k, p)))));
        ops.Add((20, Gen.Select(reader, Gen.Bool, Gen.Frequency((3, Gen.Const(0)), (1, Gen.Int[1, 3])), ModelData.Length(400, 64), (r, a, k, n) => Op(new Blake3Model.ReadOp(r, a, k, n)))));
        ops.Add((2, reader.Select(r => Op(new Blake3Model.DisposeOp(r)))));
        Gen<IModelOp<StateMachine<Blake3HashState, RefBlake3>>> operation = ModelOps.OneOf(ops);

        // The context: ASCII, other scripts (UTF-8 of 2 to 4 bytes), or empty.
        Gen<string> context = Gen.Frequency((4, Gen.Char.AlphaNumeric.Array[0, 40].Select(c => new string(c))), (1, Gen.Const("BLAKE3 2019-12-27 \u00e9\u4e2d\U0001F600")));
        Gen<Blake3Config> config = Gen.Select(Gen.Int[0, 2], Gen.Byte.Array[32], context, (mode, key, text) => new Blake3Config(mode, mode == 1 ? key : [], mode == 2 ? text : ""));
        ModelRunner.Run("Blake3 hash state and reader", 6000, config, operation, 50, c => new Blake3Model(c), (m, o) => ((Blake3Model)m).RunAndDispose(o));
    }

    private static IModelOp<StateMachine<Blake3HashState, RefBlake3>> Op(IModelOp<StateMachine<Blake3HashState, RefBlake3>> op) => op;
}

/// <summary>Mode 0: <see cref="Blake3.CreateIncrementalHasher()"/>; 1: keyed with <see cref="Key"/>; 2: <see cref="Blake3.CreateDeriveKeyHasher"/> with <see cref="Context"/>.</summary>
internal sealed record Blake3Config(int Mode, byte[] Key, string Context)
{
    public override string ToString() => Mode switch
    {
        0 => "Blake3.CreateIncrementalHasher()",
        1 => $"Blake3.CreateIncrementalHasher(key {Convert.ToHexString(Key)})",
        _ => $"Blake3.CreateDeriveKeyHasher(\"{Context}\")",
    };
}

/// <summary>BLAKE3 hash states and up to <see cref="ReaderCount"/> output readers beside the reference.</summary>
internal sealed class Blake3Model(Blake3Config config) : StateMachine<Blake3HashState, RefBlake3>
{
    public const int ReaderCount = 3;

    /// <summary>2^64, the length of BLAKE3's output.</summary>
    private static readonly UInt128 End = (UInt128)ulong.MaxValue + 1;

    private readonly ReaderModel?[] _readers = new ReaderModel?[ReaderCount];

    public int RunAndDispose(IModelOp<StateMachine<Blake3HashState, RefBlake3>>[] operations)
    {
        int count = Run(operations);
        foreach (ReaderModel? reader in _readers)
        {
            reader?.Reader.Dispose();
        }

        return count;
    }

    protected override Blake3HashState CreateState() => config.Mode switch
    {
        0 => Blake3.CreateIncrementalHasher(),
        1 => Blake3.CreateIncrementalHasher(config.Key),
        _ => Blake3.CreateDeriveKeyHasher(config.Context),
    };

    protected override RefBlake3 CreateModel() => config.Mode switch
    {
        0 => RefBlake3.Hash(),
        1 => RefBlake3.Keyed(config.Key),
        _ => RefBlake3.DeriveKey(config.Context),
    };

    protected override RefBlake3 CloneModel(RefBlake3 model) => model.Clone();

    protected override void FeedModel(RefBlake3 model, ReadOnlySpan<byte> data) => model.Update(data);

    protected override void ClearState(ref Blake3HashState state) => state.Clear();

    protected override void CheckObservables()
    {
        for (int r = 0; r < ReaderCount; r++)
        {
            if (_readers[r] is { Disposed: false } reader)
            {
                // At the very end (2^64) the position cannot be told apart from 0.
                ModelCheck.Equal((ulong)(reader.Position % End), reader.Reader.Position, $"reader {r}.Position");
            }
        }
    }

    private static Blake3Model Of(StateMachine<Blake3HashState, RefBlake3> machine) => (Blake3Model)machine;

    private sealed class ReaderModel(Blake3OutputReader reader, RefBlake3.Node root)
    {
        public Blake3OutputReader Reader { get; } = reader;

        public RefBlake3.Node Root { get; } = root;

        public UInt128 Position { get; set; }

        public bool Disposed { get; set; }
    }

    /// <summary>Update(ReadOnlySpan{byte}, int) with a degree of 1, 2 or -1 (valid) or 0 or -2 (refused).</summary>
    public sealed record UpdateInParallel(int Slot, int Length, int Seed, int Degree) : IModelOp<StateMachine<Blake3HashState, RefBlake3>>
    {
        private static readonly int[] Degrees = [1, 2, -1, 0, -2];

        public void Run(StateMachine<Blake3HashState, RefBlake3> machine)
        {
            byte[] data = ModelData.Bytes(Length, Seed);
            int degree = Degrees[Degree];
            Action call = () => machine.States[Slot].Update(data, degree);
            if (degree is 0 or < -1)
            {
                // Refused, the state unchanged; on a finished state either refusal may come first.
                if (machine.Status[Slot] == SlotStatus.Active)
                {
                    ModelCheck.Throws<ArgumentOutOfRangeException>(call, "maxDegreeOfParallelism");
                }
                else
                {
                    ModelCheck.Throws<Exception>(call);
                }

                return;
            }

            if (!machine.RefusedWhenInactive(Slot, call))
            {
                call();
                machine.Models[Slot]!.Update(data);
            }
        }

        public override string ToString() => $"#{Slot}.Update({Length} bytes (pattern {Seed}), maxDegreeOfParallelism: {Degrees[Degree]})";
    }

    /// <summary>Finish() (32 bytes) or Finish(Span{byte}) of <see cref="Length"/> bytes (0 refused, the state unchanged).</summary>
    public sealed record FinishOp(int Slot, bool Array, int Length) : IModelOp<StateMachine<Blake3HashState, RefBlake3>>
    {
        public void Run(StateMachine<Blake3HashState, RefBlake3> machine)
        {
            byte[] destination = ModelCheck.Sentinel(Array ? 32 : Length);
            Func<byte[]> call = Array ? () => machine.States[Slot].Finish() : () =>
            {
                machine.States[Slot].Finish(destination);
                return destination;
            };
            if (!Array && Length == 0)
            {
                // Refused, the state unchanged; on a finished state either refusal may come first.
                ModelCheck.Throws<Exception>(() => call());
                if (machine.Status[Slot] == SlotStatus.Active)
                {
                    ModelCheck.Throws<ArgumentException>(() => call(), "destination");
                }

                return;
            }

            if (machine.RefusedWhenInactive(Slot, () => call()))
            {
                ModelCheck.Untouched(destination, 0, "destination of a refused Finish");
                return;
            }

            byte[] expected = new byte[destination.Length];
            machine.Models[Slot]!.RootNode().Read(0, expected);
            ModelCheck.Bytes(expected, call(), "output");
            machine.Done(Slot);
        }

        public override string ToString() => Array ? $"#{Slot}.Finish()" : $"#{Slot}.Finish(Span<byte>[{Length}])";
    }

    public sealed record ResetOp(int Slot) : IModelOp<StateMachine<Blake3HashState, RefBlake3>>
    {
        public void Run(StateMachine<Blake3HashState, RefBlake3> machine)
        {
            if (!machine.RefusedWhenInactive(Slot, () => machine.States[Slot].Reset()))
            {
                machine.States[Slot].Reset();
                machine.Models[Slot] = Of(machine).CreateModel();
            }
        }

        public override string ToString() => $"#{Slot}.Reset()";
    }

    /// <summary>A reader of the input so far, into reader slot <see cref="Reader"/>; the state goes on.</summary>
    public sealed record CreateReaderOp(int Slot, int Reader) : IModelOp<StateMachine<Blake3HashState, RefBlake3>>
    {
        public void Run(StateMachine<Blake3HashState, RefBlake3> machine)
        {
            Blake3Model model = Of(machine);
            if (!machine.RefusedWhenInactive(Slot, () => machine.States[Slot].CreateOutputReader()))
            {
                model._readers[Reader]?.Reader.Dispose();
                model._readers[Reader] = new ReaderModel(machine.States[Slot].CreateOutputReader(), machine.Models[Slot]!.RootNode());
            }
        }

        public override string ToString() => $"reader {Reader} = #{Slot}.CreateOutputReader()";
    }

    /// <summary>Position = a small number (<see cref="Kind"/> 0), a multiple of 64 (1), 2^64 less a little (2), anything (3).</summary>
    public sealed record SeekOp(int Reader, int Kind, ulong Value) : IModelOp<StateMachine<Blake3HashState, RefBlake3>>
    {
        public ulong Position => Kind switch
        {
            0 => Value % 5000,
            1 => Value % 100 * 64,
            2 => ulong.MaxValue - (Value % 200),
            _ => Value,
        };

        public void Run(StateMachine<Blake3HashState, RefBlake3> machine)
        {
            if (Of(machine)._readers[Reader] is { Disposed: false } reader)
            {
                reader.Reader.Position = Position;
                reader.Position = Position;
            }
        }

        public override string ToString() => $"reader {Reader}.Position = {Position}";
    }

    /// <summary>
    /// Read(Span{byte}) or Read(int) of <see cref="Length"/> bytes, or (<see cref="Kind"/> 1 to 3, near
    /// the end) of what remains before 2^64, - 1, + 0, + 1: past the end refused, nothing written.
    /// </summary>
    public sealed record ReadOp(int Reader, bool Array, int Kind, int Length) : IModelOp<StateMachine<Blake3HashState, RefBlake3>>
    {
        public void Run(StateMachine<Blake3HashState, RefBlake3> machine)
        {
            if (Of(machine)._readers[Reader] is not { } reader)
            {
                return;
            }

            UInt128 remaining = End - reader.Position;
            int length = Kind == 0 || remaining > 4096 ? Length : (int)remaining + Kind - 2;
            if (length < 0)
            {
                // Read(int) checks its argument first, disposed or not; a span cannot be shorter than empty.
                if (Array)
                {
                    ModelCheck.Throws<ArgumentOutOfRangeException>(() => reader.Reader.Read(length), "count");
                    return;
                }

                length = 0;
            }

            byte[] destination = ModelCheck.Sentinel(length);
            Func<byte[]> call = Array ? () => reader.Reader.Read(length) : () =>
            {
                reader.Reader.Read(destination);
                return destination;
            };
            if (reader.Disposed)
            {
                ModelCheck.Throws<ObjectDisposedException>(() => call());
            }
            else if ((UInt128)length > remaining)
            {
                ModelCheck.Throws<InvalidOperationException>(() => call());
                ModelCheck.Untouched(destination, 0, "destination of a refused read");
            }
            else
            {
                byte[] expected = new byte[length];
                reader.Root.Read((ulong)reader.Position, expected);
                ModelCheck.Bytes(expected, call(), $"output from {reader.Position}");
                reader.Position += (UInt128)length;
            }
        }

        public override string ToString() =>
            $"reader {Reader}.Read({(Array ? "int" : "Span<byte>")}) of {(Kind == 0 ? Length.ToString(System.Globalization.CultureInfo.InvariantCulture) : $"the rest {Kind - 2:+0;-0;+0} (near the end), else {Length}")} bytes";
    }

    public sealed record DisposeOp(int Reader) : IModelOp<StateMachine<Blake3HashState, RefBlake3>>
    {
        public void Run(StateMachine<Blake3HashState, RefBlake3> machine)
        {
            if (Of(machine)._readers[Reader] is { } reader)
            {
                reader.Reader.Dispose();
                reader.Disposed = true;
            }
        }

        public override string ToString() => $"reader {Reader}.Dispose()";
    }
}
