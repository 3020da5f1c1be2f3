using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using CsCheck;

namespace Blake2Fast.Tests;

/// <summary>
/// Model-based tests of <see cref="Blake2bHashState"/>, <see cref="Blake2sHashState"/>,
/// <see cref="Blake2bpHashState"/> and <see cref="Blake2spHashState"/>: random sequences of updates
/// (every overload, in random pieces), forks by copying the struct, resets, finishes (array, span,
/// try, interface; destinations too short, exact and long), clears and uses after them, each result
/// compared with the reference implementation fed the same operations. A failure prints the
/// smallest sequence CsCheck finds.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class Blake2StateModelTests
{
    [Fact]
    public void Blake2bHashState_follows_the_model() => Blake2StateModel<Blake2bHashState>.Run(typeof(Blake2b), RefBlake2Spec.B, 6500);

    [Fact]
    public void Blake2sHashState_follows_the_model() => Blake2StateModel<Blake2sHashState>.Run(typeof(Blake2s), RefBlake2Spec.S, 6500);

    [Fact]
    public void Blake2bpHashState_follows_the_model() => Blake2StateModel<Blake2bpHashState>.Run(typeof(Blake2bp), RefBlake2Spec.B, 5000);

    [Fact]
    public void Blake2spHashState_follows_the_model() => Blake2StateModel<Blake2spHashState>.Run(typeof(Blake2sp), RefBlake2Spec.S, 5000);
}

/// <summary>
/// How a hasher is created: which <c>CreateIncrementalHasher</c> overload, with what. The fields an
/// overload does not take hold their defaults, so the printed configuration is what the hash uses.
/// </summary>
internal sealed record Blake2Config(
    string Algorithm, int Overload, int DigestLength, byte[] Key, byte[] Salt, byte[] Personalization,
    int FanOut, int MaxDepth, uint LeafLength, ulong NodeOffset, int NodeDepth, int InnerLength, bool LastNode)
{
    public static readonly string[] Overloads = ["()", "(int digestLength)", "(ReadOnlySpan<byte> key)", "(int digestLength, ReadOnlySpan<byte> key)", "(parameters)"];

    public RefBlake2Params Parameters => new(
        DigestLength, Key, Salt, Personalization, FanOut, MaxDepth, LeafLength, NodeOffset, 0, NodeDepth, InnerLength, LastNode);

    public override string ToString() =>
        $"{Algorithm}.CreateIncrementalHasher{Overloads[Overload]}: digest {DigestLength}, key {ModelData.Hex(Key)}" +
        (Overload == 4 ? $", salt {ModelData.Hex(Salt)}, personalization {ModelData.Hex(Personalization)}, fanout {FanOut}, depth {MaxDepth}, leaf {LeafLength}, offset {NodeOffset}, node depth {NodeDepth}, inner {InnerLength}, last node {LastNode}" : "");
}

/// <summary>The hash state of one BLAKE2 variant and its model, for any of the four fixed-length variants.</summary>
internal sealed class Blake2StateModel<TState>(Blake2StateModel<TState>.Surface surface, Blake2Config config) : StateMachine<TState, IRefHasher>
    where TState : struct, IBlake2Incremental
{
    private static readonly StateAction<TState> ResetState = StateFeeds<TState>.Method<StateAction<TState>>("Reset");
    private static readonly StateAction<TState> ClearMethod = StateFeeds<TState>.Method<StateAction<TState>>("Clear");
    private static readonly StateSpanFunc<TState, int> FinishInto = StateFeeds<TState>.Method<StateSpanFunc<TState, int>>("Finish", typeof(Span<byte>));

    private readonly Surface _surface = surface;
    private readonly Blake2Config _config = config;

    public static void Run(Type facade, RefBlake2Spec spec, int cases)
    {
        var surface = new Surface(facade, spec);
        ModelRunner.Run<Blake2Config, StateMachine<TState, IRefHasher>>(
            $"{facade.Name} hash state", cases, surface.Config, Operations(spec), 60, c => new Blake2StateModel<TState>(surface, c), (m, o) => m.Run(o));
    }

    private static Gen<IModelOp<StateMachine<TState, IRefHasher>>> Operations(RefBlake2Spec spec)
    {
        var ops = StateOps<TState, IRefHasher>.Common(ModelData.Length(4 * spec.BlockBytes * 8, spec.BlockBytes, spec.BlockBytes * (spec.WordBytes == 8 ? 4 : 8)));
        Gen<int> slot = StateOps<TState, IRefHasher>.Slot;
        ops.Add((6, Gen.Select(slot, Gen.Int[0, FinishOp.Ways.Length - 1], Gen.Int[-3, 3], (s, w, d) => (IModelOp<StateMachine<TState, IRefHasher>>)new FinishOp(s, w, d))));
        ops.Add((2, slot.Select(s => (IModelOp<StateMachine<TState, IRefHasher>>)new ResetOp(s))));
        return ModelOps.OneOf(ops);
    }

    protected override TState CreateState() => _surface.Create(_config);

    protected override IRefHasher CreateModel() => _surface.Parallel
        ? new RefBlake2Parallel(_surface.Spec, _config.DigestLength, _config.Key)
        : new RefBlake2(_surface.Spec, _config.Parameters);

    protected override IRefHasher CloneModel(IRefHasher model) => model.Clone();

    protected override void FeedModel(IRefHasher model, ReadOnlySpan<byte> data) => model.Update(data);

    protected override void ClearState(ref TState state) => ClearMethod(ref state);

    protected override void CheckObservables()
    {
        for (int slot = 0; slot < SlotCount; slot++)
        {
            ModelCheck.Equal(Status[slot] == SlotStatus.Active ? _config.DigestLength : 0, States[slot].DigestLength, $"#{slot}.DigestLength");
        }
    }

    private static void InterfaceFinish(ref TState state, Span<byte> destination) => state.Finish(destination);

    /// <summary>Finish one of four ways into a destination <see cref="Delta"/> bytes longer than the digest (shorter ones must be refused, nothing written, the state unchanged).</summary>
    private sealed record FinishOp(int Slot, int Way, int Delta) : IModelOp<StateMachine<TState, IRefHasher>>
    {
        public static readonly string[] Ways = ["Finish()", "Finish(Span<byte>)", "TryFinish(Span<byte>, out int)", "IBlake2Incremental.Finish(Span<byte>)"];

        public void Run(StateMachine<TState, IRefHasher> machine)
        {
            var model = (Blake2StateModel<TState>)machine;
            int digest = model._config.DigestLength;
            if (Way == 0)
            {
                if (!model.RefusedWhenInactive(Slot, () => model.States[Slot].Finish()))
                {
                    byte[] expected = model.Models[Slot]!.Finish();
                    ModelCheck.Bytes(expected, model.States[Slot].Finish(), "Finish()");
                    model.Done(Slot);
                }

                return;
            }

            byte[] destination = ModelCheck.Sentinel(Math.Max(0, digest + Delta));
            int written = 0;
            bool result = true;
            Action call = Way switch
            {
                1 => () => written = FinishInto(ref model.States[Slot], destination),
                2 => () => result = model.States[Slot].TryFinish(destination, out written),
                _ => () =>
                {
                    InterfaceFinish(ref model.States[Slot], destination);
                    written = digest;
                },
            };
            if (model.RefusedWhenInactive(Slot, call))
            {
                ModelCheck.Untouched(destination, 0, "destination of a refused Finish");
                return;
            }

            if (destination.Length < digest)
            {
                if (Way == 2)
                {
                    call();
                    ModelCheck.Equal((false, 0), (result, written), "TryFinish into a short destination (result, bytesWritten)");
                }
                else
                {
                    ModelCheck.Throws<ArgumentException>(call, "destination");
                }

                ModelCheck.Untouched(destination, 0, "short destination");
                return;
            }

            byte[] digestBytes = model.Models[Slot]!.Finish();
            call();
            ModelCheck.Equal((true, digest), (result, written), "(result, bytes written)");
            ModelCheck.Bytes(digestBytes, destination.AsSpan(0, digest), Ways[Way]);
            ModelCheck.Untouched(destination, digest, "bytes past the digest");
            model.Done(Slot);
        }

        public override string ToString() => $"#{Slot}.{Ways[Way]}" + (Way == 0 ? "" : $" into digest length {Delta:+0;-0;+0} bytes");
    }

    private sealed record ResetOp(int Slot) : IModelOp<StateMachine<TState, IRefHasher>>
    {
        public void Run(StateMachine<TState, IRefHasher> machine)
        {
            var model = (Blake2StateModel<TState>)machine;
            if (!model.RefusedWhenInactive(Slot, () => ResetState(ref model.States[Slot])))
            {
                ResetState(ref model.States[Slot]);
                model.Models[Slot] = model.CreateModel();
            }
        }

        public override string ToString() => $"#{Slot}.Reset()";
    }

    /// <summary>The facade's <c>CreateIncrementalHasher</c> overloads, found by reflection, and what generates a configuration for them.</summary>
    internal sealed class Surface
    {
        private readonly Func<TState> _default;
        private readonly Func<int, TState> _length;
        private readonly KeyCreate<TState> _key;
        private readonly LengthKeyCreate<TState, int> _lengthKey;
        private readonly MethodInfo? _parameters;

        public Surface(Type facade, RefBlake2Spec spec)
        {
            Spec = spec;
            MethodInfo[] creators = facade.GetMethods(BindingFlags.Public | BindingFlags.Static).Where(m => m.Name == "CreateIncrementalHasher").ToArray();
            MethodInfo With(params Type[] types) => creators.Single(m => m.GetParameters().Select(p => p.ParameterType).SequenceEqual(types));
            _default = Reflect.Open<Func<TState>>(With());
            _length = Reflect.Open<Func<int, TState>>(With(typeof(int)));
            _key = Reflect.Open<KeyCreate<TState>>(With(typeof(ReadOnlySpan<byte>)));
            _lengthKey = Reflect.Open<LengthKeyCreate<TState, int>>(With(typeof(int), typeof(ReadOnlySpan<byte>)));
            _parameters = creators.SingleOrDefault(m => m.GetParameters() is [{ ParameterType.Name: var name }] && name.EndsWith("Parameters", StringComparison.Ordinal));
            Config = MakeConfig(facade.Name);
        }

        public RefBlake2Spec Spec { get; }

        /// <summary>BLAKE2bp and BLAKE2sp take no parameters object (and have no tree fields to set).</summary>
        public bool Parallel => _parameters is null;

        public Gen<Blake2Config> Config { get; }

        public TState Create(Blake2Config c) => c.Overload switch
        {
            0 => _default(),
            1 => _length(c.DigestLength),
            2 => _key(c.Key),
            3 => _lengthKey(c.DigestLength, c.Key),
            _ => (TState)_parameters!.Invoke(null, [Parameters(c)])!,
        };

        private object Parameters(Blake2Config c)
        {
            object parameters = Activator.CreateInstance(_parameters!.GetParameters()[0].ParameterType)!;
            foreach ((string name, object value) in new (string, object)[]
            {
                ("DigestLength", c.DigestLength), ("Key", (ReadOnlyMemory<byte>)c.Key), ("Salt", (ReadOnlyMemory<byte>)c.Salt),
                ("Personalization", (ReadOnlyMemory<byte>)c.Personalization), ("FanOut", c.FanOut), ("MaxDepth", c.MaxDepth),
                ("LeafLength", c.LeafLength), ("NodeOffset", c.NodeOffset), ("NodeDepth", c.NodeDepth), ("InnerLength", c.InnerLength),
                ("IsLastNode", c.LastNode),
            })
            {
                parameters.GetType().GetProperty(name)!.SetValue(parameters, value);
            }

            return parameters;
        }

        private Gen<Blake2Config> MakeConfig(string algorithm)
        {
            int max = Spec.MaxDigest;
            Gen<byte[]> key = Gen.Byte.Array[0, max];
            Gen<byte[]> salt = Gen.Byte.Array[0, Spec.SaltBytes];
            Gen<(int, int, int, uint)> tree = Gen.Select(Gen.Int[0, 255], Gen.Int[1, 255], Gen.Int[0, 255], Gen.Long[0, uint.MaxValue].Select(l => (uint)l));
            Gen<(ulong, int, bool)> node = Gen.Select(Gen.ULong.Select(u => Spec.WordBytes == 8 ? u : u & ((1UL << 48) - 1)), Gen.Int[0, max], Gen.Bool);
            return Gen.Select(Gen.Int[0, Parallel ? 3 : 4], Gen.Int[1, max], key, salt, salt, tree, node, (overload, digest, k, s, p, t, n) => overload switch
            {
                0 => new Blake2Config(algorithm, 0, max, [], [], [], 1, 1, 0, 0, 0, 0, false),
                1 => new Blake2Config(algorithm, 1, digest, [], [], [], 1, 1, 0, 0, 0, 0, false),
                2 => new Blake2Config(algorithm, 2, max, k, [], [], 1, 1, 0, 0, 0, 0, false),
                3 => new Blake2Config(algorithm, 3, digest, k, [], [], 1, 1, 0, 0, 0, 0, false),
                _ => new Blake2Config(algorithm, 4, digest, k, s, p, t.Item1, t.Item2, t.Item4, n.Item1, t.Item3, n.Item2, n.Item3),
            });
        }
    }
}
