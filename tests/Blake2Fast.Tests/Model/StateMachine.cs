using System;
using System.Collections.Generic;
using System.Linq;
using CsCheck;

namespace Blake2Fast.Tests;

/// <summary>Where a slot's hash state is: never created (default), usable, or finished/cleared.</summary>
internal enum SlotStatus
{
    Default,
    Active,
    Done,
}

/// <summary>One operation of a model test: what it does to the library object and to the model, and how it prints.</summary>
internal interface IModelOp<in TMachine>
{
    void Run(TMachine machine);
}

internal static class ModelOps
{
    /// <summary>Runs <paramref name="operations"/> on <paramref name="machine"/> in order, <paramref name="check"/> after each; returns their number.</summary>
    public static int Run<TMachine>(TMachine machine, IReadOnlyList<IModelOp<TMachine>> operations, Action check)
    {
        for (int i = 0; i < operations.Count; i++)
        {
            try
            {
                operations[i].Run(machine);
                check();
            }
            catch (Exception e)
            {
                throw new ModelMismatchException($"operation {i + 1} ({operations[i]}): {e.Message}", e);
            }
        }

        return operations.Count;
    }

    /// <summary>A generator of one of the weighted operations (earlier ones are simpler, for shrinking).</summary>
    public static Gen<IModelOp<TMachine>> OneOf<TMachine>(IEnumerable<(int Weight, Gen<IModelOp<TMachine>> Op)> operations) =>
        Gen.Frequency(operations.Select(o => (o.Weight, (IGen<IModelOp<TMachine>>)o.Op)).ToArray());
}

/// <summary>A generated case: a configuration and the operations to run from it.</summary>
internal sealed record ModelCase<TConfig, TMachine>(TConfig Config, IModelOp<TMachine>[] Operations)
{
    public override string ToString() => ModelData.Print(Config?.ToString() ?? "", Operations);
}

/// <summary>
/// The library's struct hash states in <see cref="SlotCount"/> slots, each beside its model: a
/// reference hasher and a status. Slot 0 starts created, the others <see langword="default"/>;
/// forking copies a slot's struct into another (the copy must continue on its own, as the model's
/// clone does). Subclasses say how to create, feed and clone for their algorithm, and what else is
/// observable.
/// </summary>
internal abstract class StateMachine<TState, TModel>
    where TState : struct
    where TModel : class
{
    public const int SlotCount = 3;

    protected StateMachine()
    {
        States = new TState[SlotCount];
        Models = new TModel?[SlotCount];
        Status = new SlotStatus[SlotCount];
    }

    public TState[] States { get; }

    /// <summary>The model of each active slot (null otherwise).</summary>
    public TModel?[] Models { get; }

    public SlotStatus[] Status { get; }

    /// <summary>Runs <paramref name="operations"/> in order, checking <see cref="CheckObservables"/> after each; returns their number.</summary>
    public int Run(IReadOnlyList<IModelOp<StateMachine<TState, TModel>>> operations)
    {
        Create(0);
        CheckObservables();
        return ModelOps.Run(this, operations, CheckObservables);
    }

    public void Create(int slot)
    {
        States[slot] = CreateState();
        Models[slot] = CreateModel();
        Status[slot] = SlotStatus.Active;
    }

    /// <summary>Copies the struct: both copies (and both models) go on independently.</summary>
    public void Fork(int from, int to)
    {
        States[to] = States[from];
        Models[to] = Models[from] is { } model ? CloneModel(model) : null;
        Status[to] = Status[from];
    }

    /// <summary>
    /// Exports <paramref name="from"/> (secrets included) and imports it into <paramref name="to"/>,
    /// as a server between two requests would: the import goes on exactly as the exported state
    /// does, which stays usable. An inactive state refuses to export.
    /// </summary>
    public void ExportImport(int from, int to)
    {
        if (RefusedWhenInactive(from, () => Resumable<TState>.Export(ref States[from], true)))
        {
            return;
        }

        byte[] export = Resumable<TState>.Export(ref States[from], true);
        States[to] = Resumable<TState>.Import(export);
        Models[to] = CloneModel(Models[from]!);
        Status[to] = SlotStatus.Active;
    }

    public void Update(int slot, Feed<TState> feed, byte[] data)
    {
        if (Status[slot] != SlotStatus.Active)
        {
            ModelCheck.Throws<InvalidOperationException>(() => feed.Call(ref States[slot], data));
            return;
        }

        feed.Call(ref States[slot], data);
        FeedModel(Models[slot]!, data);
    }

    /// <summary>Erases the state: allowed whatever the status; every later use but Clear must throw.</summary>
    public void Clear(int slot)
    {
        ClearState(ref States[slot]);
        Done(slot);
    }

    public void Done(int slot)
    {
        Models[slot] = null;
        Status[slot] = SlotStatus.Done;
    }

    /// <summary>For a slot that is not active: <paramref name="action"/> must throw <see cref="InvalidOperationException"/>.</summary>
    public bool RefusedWhenInactive(int slot, Action action)
    {
        if (Status[slot] == SlotStatus.Active)
        {
            return false;
        }

        ModelCheck.Throws<InvalidOperationException>(action);
        return true;
    }

    protected abstract TState CreateState();

    protected abstract TModel CreateModel();

    protected abstract TModel CloneModel(TModel model);

    protected abstract void FeedModel(TModel model, ReadOnlySpan<byte> data);

    protected abstract void ClearState(ref TState state);

    /// <summary>Compares what can be read off every slot without changing it with the model.</summary>
    protected abstract void CheckObservables();
}

/// <summary>The operations every struct hash state has.</summary>
internal static class StateOps<TState, TModel>
    where TState : struct
    where TModel : class
{
    private sealed record UpdateOp(int Slot, Feed<TState> Feed, int Length, int Seed) : IModelOp<StateMachine<TState, TModel>>
    {
        public void Run(StateMachine<TState, TModel> machine) => machine.Update(Slot, Feed, ModelData.Bytes(Feed.Fed(Length), Seed));

        public override string ToString() => $"#{Slot}.{Feed.Name} with {Feed.Fed(Length)} bytes (pattern {Seed})";
    }

    private sealed record UpdateNullOp(int Slot, Feed<TState> Feed) : IModelOp<StateMachine<TState, TModel>>
    {
        public void Run(StateMachine<TState, TModel> machine) =>
            ModelCheck.Throws<ArgumentNullException>(() => Feed.Call(ref machine.States[Slot], null!), "input");

        public override string ToString() => $"#{Slot}.{Feed.Name} with null: ArgumentNullException";
    }

    private sealed record ForkOp(int From, int To) : IModelOp<StateMachine<TState, TModel>>
    {
        public void Run(StateMachine<TState, TModel> machine) => machine.Fork(From, To);

        public override string ToString() => $"#{To} = #{From} (copy the struct)";
    }

    private sealed record ExportImportOp(int From, int To) : IModelOp<StateMachine<TState, TModel>>
    {
        public void Run(StateMachine<TState, TModel> machine) => machine.ExportImport(From, To);

        public override string ToString() => $"#{To} = ImportState(#{From}.ExportState(includeSecrets: true))";
    }

    private sealed record CreateOp(int Slot) : IModelOp<StateMachine<TState, TModel>>
    {
        public void Run(StateMachine<TState, TModel> machine) => machine.Create(Slot);

        public override string ToString() => $"#{Slot} = a new hasher";
    }

    private sealed record ClearOp(int Slot) : IModelOp<StateMachine<TState, TModel>>
    {
        public void Run(StateMachine<TState, TModel> machine) => machine.Clear(Slot);

        public override string ToString() => $"#{Slot}.Clear()";
    }

    public static Gen<int> Slot { get; } = Gen.Int[0, StateMachine<TState, TModel>.SlotCount - 1];

    /// <summary>
    /// The common operations, weighted (updates most often), in shrinking order; <paramref name="length"/>
    /// gives update lengths.
    /// </summary>
    public static List<(int Weight, Gen<IModelOp<StateMachine<TState, TModel>>> Op)> Common(Gen<int> length)
    {
        IReadOnlyList<Feed<TState>> feeds = StateFeeds<TState>.All;
        Gen<Feed<TState>> feed = ModelData.Pick(feeds);
        // Feeds that take an array can be given null.
        Feed<TState>[] arrays = feeds.Where(f => f.Name.Contains("[]", StringComparison.Ordinal)).ToArray();
        var common = new List<(int, Gen<IModelOp<StateMachine<TState, TModel>>>)>
        {
            (40, Gen.Select(Slot, feed, length, Gen.Int[0, 255], (s, f, n, p) => (IModelOp<StateMachine<TState, TModel>>)new UpdateOp(s, f, n, p))),
            (6, Gen.Select(Slot, Slot, (a, b) => (IModelOp<StateMachine<TState, TModel>>)new ForkOp(a, b))),
            (3, Slot.Select(s => (IModelOp<StateMachine<TState, TModel>>)new CreateOp(s))),
            (2, Slot.Select(s => (IModelOp<StateMachine<TState, TModel>>)new ClearOp(s))),
            (4, Gen.Select(Slot, Slot, (a, b) => (IModelOp<StateMachine<TState, TModel>>)new ExportImportOp(a, b))),
        };
        if (arrays.Length != 0)
        {
            common.Add((1, Gen.Select(Slot, ModelData.Pick(arrays), (s, f) => (IModelOp<StateMachine<TState, TModel>>)new UpdateNullOp(s, f))));
        }

        return common;
    }
}

/// <summary>A state type's ExportState and its family's ImportState, found by reflection (the family is the state's name without "HashState").</summary>
internal static class Resumable<TState>
    where TState : struct
{
    private static readonly StateArgFunc<TState, bool, byte[]> ExportMethod =
        Reflect.Open<StateArgFunc<TState, bool, byte[]>>(typeof(TState).GetMethod("ExportState")!);

    private static readonly KeyCreate<TState> ImportMethod = Reflect.Open<KeyCreate<TState>>(
        typeof(TState).Assembly.GetType("Blake2Fast." + typeof(TState).Name.Replace("HashState", "", StringComparison.Ordinal))!.GetMethod("ImportState")!);

    public static byte[] Export(ref TState state, bool includeSecrets) => ExportMethod(ref state, includeSecrets);

    public static TState Import(byte[] export) => ImportMethod(export);
}
