using System;
using System.Linq;
using System.Reflection;
using CsCheck;

namespace Blake2Fast.Tests;

/// <summary>
/// Model-based tests of <see cref="Blake2XbHashState"/> and <see cref="Blake2XsHashState"/> and their
/// readers: every creation overload (declared and unknown length, key, salt, personalization),
/// updates through every overload, forks by copying the struct, finishes with and without a length
/// (wrong lengths refused with the state unchanged), clears, and reads of random lengths from up to
/// three readers at once (past the end refused with nothing written, disposed readers refused),
/// each compared with the reference BLAKE2X.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class Blake2XModelTests
{
    [Fact]
    public void Blake2XbHashState_and_reader_follow_the_model() => Blake2XModel<Blake2XbHashState, Blake2XbReader, long>.Run(typeof(Blake2Xb), RefBlake2Spec.B, 4000);

    [Fact]
    public void Blake2XsHashState_and_reader_follow_the_model() => Blake2XModel<Blake2XsHashState, Blake2XsReader, int>.Run(typeof(Blake2Xs), RefBlake2Spec.S, 4000);
}

internal delegate TResult StateLengthFunc<TState, TResult>(ref TState state, long length);

internal delegate void ReaderSpan<TReader>(TReader reader, Span<byte> destination);

/// <summary>A BLAKE2X hasher's creation: overloads 0-2 declare <see cref="Length"/>, 3-5 leave it unknown; 1 and 4 take a key, 2 and 5 a parameters object.</summary>
internal sealed record Blake2XConfig(string Algorithm, int Overload, long Length, byte[] Key, byte[] Salt, byte[] Personalization)
{
    public static readonly string[] Overloads =
        ["CreateIncrementalHasher(length)", "CreateIncrementalHasher(length, key)", "CreateIncrementalHasher(length, parameters)",
         "CreateIncrementalHasherForUnknownLength()", "CreateIncrementalHasherForUnknownLength(key)", "CreateIncrementalHasherForUnknownLength(parameters)"];

    public bool Declared => Overload < 3;

    public override string ToString() =>
        $"{Algorithm}.{Overloads[Overload]}: length {(Declared ? Length : "unknown")}, key {ModelData.Hex(Key)}, salt {ModelData.Hex(Salt)}, personalization {ModelData.Hex(Personalization)}";
}

/// <summary>A BLAKE2X hash state and its readers beside the reference: H0's hasher per slot, and the output of each reader.</summary>
internal sealed class Blake2XModel<TState, TReader, TLength>(Blake2XModel<TState, TReader, TLength>.Surface surface, Blake2XConfig config) : StateMachine<TState, RefBlake2>
    where TState : struct
    where TReader : class
    where TLength : struct
{
    private const int ReaderCount = 3;

    private static readonly StateAction<TState> ClearMethod = StateFeeds<TState>.Method<StateAction<TState>>("Clear");
    private static readonly StateFunc<TState, TReader> FinishReader = StateFeeds<TState>.Method<StateFunc<TState, TReader>>("Finish");
    private static readonly StateLengthFunc<TState, TReader> FinishLength = StateFeeds<TState>.Method<StateLengthFunc<TState, TReader>>("Finish", typeof(long));
    private static readonly StateFunc<TState, TLength?> OutputLength = Reflect.Open<StateFunc<TState, TLength?>>(typeof(TState).GetProperty("OutputLength")!.GetMethod!);
    private static readonly ReaderSpan<TReader> ReadInto = Reflect.Open<ReaderSpan<TReader>>(typeof(TReader).GetMethod("Read", [typeof(Span<byte>)])!);
    private static readonly Func<TReader, int, byte[]> ReadArray = Reflect.Open<Func<TReader, int, byte[]>>(typeof(TReader).GetMethod("Read", [typeof(int)])!);
    private static readonly Func<TReader, long>[] Counters = new[] { "Length", "Position", "Remaining" }.Select(p => Reflect.Open<Func<TReader, long>>(typeof(TReader).GetProperty(p)!.GetMethod!)).ToArray();
    private static readonly Action<TReader> DisposeReader = Reflect.Open<Action<TReader>>(typeof(TReader).GetMethod("Dispose")!);

    private readonly Surface _surface = surface;
    private readonly Blake2XConfig _config = config;
    private readonly ReaderModel?[] _readers = new ReaderModel?[ReaderCount];

    public static void Run(Type facade, RefBlake2Spec spec, int cases)
    {
        var surface = new Surface(facade, spec);
        ModelRunner.Run<Blake2XConfig, StateMachine<TState, RefBlake2>>(
            $"{facade.Name} hash state and reader", cases, surface.Config, Operations(spec), 50,
            c => new Blake2XModel<TState, TReader, TLength>(surface, c), (m, o) => ((Blake2XModel<TState, TReader, TLength>)m).RunAndDispose(o));
    }

    private static Gen<IModelOp<StateMachine<TState, RefBlake2>>> Operations(RefBlake2Spec spec)
    {
        var ops = StateOps<TState, RefBlake2>.Common(ModelData.Length(8 * spec.BlockBytes, spec.BlockBytes));
        Gen<int> slot = StateOps<TState, RefBlake2>.Slot;
        Gen<int> reader = Gen.Int[0, ReaderCount - 1];
        ops.Add((6, Gen.Select(slot, reader, Gen.Int[0, 6], Gen.Int[1, 300], (s, r, l, n) => (IModelOp<StateMachine<TState, RefBlake2>>)new FinishOp(s, r, l, n))));
        ops.Add((25, Gen.Select(reader, Gen.Bool, Gen.Int[0, 4], ModelData.Length(700, spec.MaxDigest), (r, a, k, n) => (IModelOp<StateMachine<TState, RefBlake2>>)new ReadOp(r, a, k, n))));
        ops.Add((2, reader.Select(r => (IModelOp<StateMachine<TState, RefBlake2>>)new DisposeOp(r))));
        return ModelOps.OneOf(ops);
    }

    private int RunAndDispose(IModelOp<StateMachine<TState, RefBlake2>>[] operations)
    {
        int count = Run(operations);
        foreach (ReaderModel? reader in _readers)
        {
            if (reader is not null)
            {
                DisposeReader(reader.Reader);
            }
        }

        return count;
    }

    /// <summary>All ones in the XOF length field, as for an unknown length.</summary>
    private uint XofField(long? declared) => declared is { } length && length < RefBlake2X.UnknownLength(_surface.Spec) ? (uint)length : RefBlake2X.UnknownLength(_surface.Spec);

    protected override TState CreateState() => _surface.Create(_config);

    protected override RefBlake2 CreateModel() => RefBlake2X.Root(_surface.Spec, _config.Key, _config.Salt, _config.Personalization, XofField(_config.Declared ? _config.Length : null));

    protected override RefBlake2 CloneModel(RefBlake2 model) => model.Clone();

    protected override void FeedModel(RefBlake2 model, ReadOnlySpan<byte> data) => model.Update(data);

    protected override void ClearState(ref TState state) => ClearMethod(ref state);

    protected override void CheckObservables()
    {
        for (int slot = 0; slot < SlotCount; slot++)
        {
            long? expected = Status[slot] == SlotStatus.Active && _config.Declared ? _config.Length : null;
            long? actual = OutputLength(ref States[slot]) is { } value ? Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture) : null;
            ModelCheck.Equal(expected, actual, $"#{slot}.OutputLength");
        }

        for (int r = 0; r < ReaderCount; r++)
        {
            if (_readers[r] is { Disposed: false } reader)
            {
                long[] expected = [reader.Output.Length, reader.Position, reader.Output.Length - reader.Position];
                ModelCheck.Equal(string.Join("/", expected), string.Join("/", Counters.Select(c => c(reader.Reader))), $"reader {r} Length/Position/Remaining");
            }
        }
    }

    private sealed class ReaderModel(TReader reader, RefBlake2X output)
    {
        public TReader Reader { get; } = reader;

        public RefBlake2X Output { get; } = output;

        public long Position { get; set; }

        public bool Disposed { get; set; }
    }

    /// <summary>
    /// Finish() (<see cref="LengthChoice"/> 0), or Finish(long) with the declared length, one more or
    /// one less, 0, -1, <see cref="Length"/> (for an unknown length), or the largest length and one
    /// more; the reader goes into reader slot <see cref="Reader"/>.
    /// </summary>
    private sealed record FinishOp(int Slot, int Reader, int LengthChoice, int Length) : IModelOp<StateMachine<TState, RefBlake2>>
    {
        public void Run(StateMachine<TState, RefBlake2> machine)
        {
            var model = (Blake2XModel<TState, TReader, TLength>)machine;
            Blake2XConfig config = model._config;
            long maxUnknown = (long)model._surface.Spec.MaxDigest << 32;
            long? length = LengthChoice switch
            {
                0 => null,
                1 => config.Declared ? config.Length : Length,
                2 => config.Declared ? config.Length + 1 : Length + 1,
                3 => config.Declared ? config.Length - 1 : maxUnknown,
                4 => 0,
                5 => -1,
                _ => maxUnknown + 1,
            };
            Func<TReader> call = length is { } fixedLength ? () => FinishLength(ref model.States[Slot], fixedLength) : () => FinishReader(ref model.States[Slot]);
            if (model.RefusedWhenInactive(Slot, () => call()))
            {
                return;
            }

            bool valid = length is not { } l || (config.Declared ? l == config.Length : l >= 1 && l <= maxUnknown);
            if (!valid)
            {
                // Refused, and the state unchanged (the checks after this operation and the next ones see it).
                ModelCheck.Throws<ArgumentOutOfRangeException>(() => call(), "outputLength");
                return;
            }

            byte[] h0 = model.Models[Slot]!.Finish();
            long end = length ?? (config.Declared ? config.Length : maxUnknown);
            var output = new RefBlake2X(model._surface.Spec, h0, config.Salt, config.Personalization, model.XofField(config.Declared ? config.Length : null), end);
            if (model._readers[Reader] is { } replaced)
            {
                DisposeReader(replaced.Reader);
            }

            model._readers[Reader] = new ReaderModel(call(), output);
            model.Done(Slot);
        }

        public override string ToString() => $"reader {Reader} = #{Slot}.Finish({LengthChoice switch
        {
            0 => "",
            1 => "declared length, or " + Length,
            2 => "declared length + 1, or " + (Length + 1),
            3 => "declared length - 1, or the largest",
            4 => "0",
            5 => "-1",
            _ => "the largest + 1",
        }})";
    }

    /// <summary>Reads <see cref="Length"/> bytes (or, with <see cref="Kind"/> 1 to 3, what remains - 1, + 0, + 1; 4: -1 bytes) into a span or an array.</summary>
    private sealed record ReadOp(int Reader, bool Array, int Kind, int Length) : IModelOp<StateMachine<TState, RefBlake2>>
    {
        public void Run(StateMachine<TState, RefBlake2> machine)
        {
            var model = (Blake2XModel<TState, TReader, TLength>)machine;
            if (model._readers[Reader] is not { } reader)
            {
                return;
            }

            long remaining = reader.Output.Length - reader.Position;
            long wanted = Kind switch
            {
                0 => Length,
                4 => -1,
                _ => remaining <= 4096 ? remaining + Kind - 2 : Length,
            };
            int count = (int)Math.Max(0, wanted);
            byte[] destination = ModelCheck.Sentinel(count);
            Func<byte[]> call = Array ? () => ReadArray(reader.Reader, (int)wanted) : () =>
            {
                ReadInto(reader.Reader, destination);
                return destination;
            };
            if (reader.Disposed)
            {
                ModelCheck.Throws<ObjectDisposedException>(() => call());
            }
            else if (wanted < 0 && Array)
            {
                ModelCheck.Throws<ArgumentOutOfRangeException>(() => call(), "count");
            }
            else if (wanted > remaining)
            {
                ModelCheck.Throws<ArgumentException>(() => call(), Array ? "count" : "destination");
                ModelCheck.Untouched(destination, 0, "destination of a refused read");
            }
            else
            {
                byte[] expected = new byte[count];
                reader.Output.Read(reader.Position, expected);
                ModelCheck.Bytes(expected, call(), $"output bytes {reader.Position}..{reader.Position + count}");
                reader.Position += count;
            }
        }

        public override string ToString() =>
            $"reader {Reader}.Read({(Array ? "int" : "Span<byte>")}) of {Kind switch { 0 => Length.ToString(System.Globalization.CultureInfo.InvariantCulture), 4 => "-1", _ => $"remaining {Kind - 2:+0;-0;+0}" }} bytes";
    }

    private sealed record DisposeOp(int Reader) : IModelOp<StateMachine<TState, RefBlake2>>
    {
        public void Run(StateMachine<TState, RefBlake2> machine)
        {
            var model = (Blake2XModel<TState, TReader, TLength>)machine;
            if (model._readers[Reader] is { } reader)
            {
                DisposeReader(reader.Reader);
                reader.Disposed = true;
            }
        }

        public override string ToString() => $"reader {Reader}.Dispose()";
    }

    /// <summary>The facade's creation overloads, found by reflection, and what generates a configuration for them.</summary>
    internal sealed class Surface
    {
        private readonly MethodInfo[] _creators;
        private readonly LengthKeyCreate<TState, TLength> _lengthKey;
        private readonly KeyCreate<TState> _key;

        public Surface(Type facade, RefBlake2Spec spec)
        {
            Spec = spec;
            MethodInfo[] methods = facade.GetMethods(BindingFlags.Public | BindingFlags.Static);
            MethodInfo With(string name, params Type[] types) => methods.Single(m => m.Name == name && m.GetParameters().Select(p => p.ParameterType).SequenceEqual(types));
            Type parameters = spec.WordBytes == 8 ? typeof(Blake2bParameters) : typeof(Blake2sParameters);
            const string Known = "CreateIncrementalHasher", Unknown = "CreateIncrementalHasherForUnknownLength";
            _creators = [With(Known, typeof(TLength)), With(Known, typeof(TLength), typeof(ReadOnlySpan<byte>)), With(Known, typeof(TLength), parameters),
                         With(Unknown), With(Unknown, typeof(ReadOnlySpan<byte>)), With(Unknown, parameters)];
            _lengthKey = Reflect.Open<LengthKeyCreate<TState, TLength>>(_creators[1]);
            _key = Reflect.Open<KeyCreate<TState>>(_creators[4]);
            long max = spec.WordBytes == 8 ? uint.MaxValue : ushort.MaxValue;
            Gen<long> length = Gen.Frequency((8, Gen.Long[1, 300]), (1, Gen.Long[1, max]), (1, Gen.Long[max - 2, max]));
            Gen<byte[]> salt = Gen.Byte.Array[0, spec.SaltBytes];
            Config = Gen.Select(Gen.Int[0, 5], length, Gen.Byte.Array[0, spec.MaxDigest], salt, salt, (overload, l, key, s, p) => new Blake2XConfig(
                facade.Name, overload, l, overload is 0 or 3 ? [] : key, overload is 2 or 5 ? s : [], overload is 2 or 5 ? p : []));
        }

        public RefBlake2Spec Spec { get; }

        public Gen<Blake2XConfig> Config { get; }

        public TState Create(Blake2XConfig c)
        {
            object length = Convert.ChangeType(c.Length, typeof(TLength), System.Globalization.CultureInfo.InvariantCulture);
            return c.Overload switch
            {
                1 => _lengthKey((TLength)length, c.Key),
                4 => _key(c.Key),
                0 => (TState)_creators[0].Invoke(null, [length])!,
                3 => (TState)_creators[3].Invoke(null, null)!,
                _ => (TState)_creators[c.Overload].Invoke(null, c.Overload == 2 ? [length, Parameters(c)] : [Parameters(c)])!,
            };
        }

        private object Parameters(Blake2XConfig c) => Spec.WordBytes == 8
            ? new Blake2bParameters { Key = c.Key, Salt = c.Salt, Personalization = c.Personalization }
            : new Blake2sParameters { Key = c.Key, Salt = c.Salt, Personalization = c.Personalization };
    }
}
