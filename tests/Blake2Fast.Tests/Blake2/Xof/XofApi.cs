using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using System.Reflection;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// Everything the BLAKE2X tests need from Blake2Xb or Blake2Xs, so that each test is written once
/// (<see cref="Blake2XTests"/>). Lengths are longs here; each family takes its own type (BLAKE2Xb's
/// output lengths are longs, BLAKE2Xs's ints).
/// </summary>
public abstract class XofApi
{
    public static readonly XofApi B = new Blake2XApi<Blake2XbHashState, Blake2XbReader, Blake2bParameters, Blake2XbKernel, long, ulong, Blake2bVariant>(
        "blake2xb", typeof(Blake2Xb), typeof(Blake2XbKernels), new(BlockLength: 64, MaxOutputLength: uint.MaxValue, MaxKeyLength: 64),
        (key, salt, personalization, length, kernel) => new(key, salt, personalization, length, kernel),
        reader => MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref reader.Output, 1)).ToArray());

    public static readonly XofApi S = new Blake2XApi<Blake2XsHashState, Blake2XsReader, Blake2sParameters, Blake2XsKernel, int, uint, Blake2sVariant>(
        "blake2xs", typeof(Blake2Xs), typeof(Blake2XsKernels), new(BlockLength: 32, MaxOutputLength: ushort.MaxValue, MaxKeyLength: 32),
        (key, salt, personalization, length, kernel) => new(key, salt, personalization, length, kernel),
        reader => MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref reader.Output, 1)).ToArray());

    private protected XofApi(string name, Type type, KernelSet kernels, XofSpec spec)
    {
        Name = name;
        Type = new Facade(type);
        Kernels = kernels;
        Spec = spec;
    }

    public static TheoryData<string> Names => new() { "blake2xb", "blake2xs" };

    public static IReadOnlyList<XofApi> All => [B, S];

    public static XofApi Get(string name) => name switch
    {
        "blake2xb" => B,
        "blake2xs" => S,
        _ => throw new ArgumentOutOfRangeException(nameof(name), name, null),
    };

    public string Name { get; }

    /// <summary>The public static class, Blake2Xb or Blake2Xs.</summary>
    public Facade Type { get; }

    /// <summary>The output kernels and their dispatcher.</summary>
    public KernelSet Kernels { get; }

    /// <summary>The family's limits as the BLAKE2X paper gives them.</summary>
    public XofSpec Spec { get; }

    /// <summary>The output bytes a kernel writes in one pass, one block per lane: 4 of BLAKE2Xb's, 8 of BLAKE2Xs's.</summary>
    public const int LaneGroup = 256;

    public byte[] HashData(ReadOnlySpan<byte> source, int outputLength) => Type.Method<HashSpanToLength>("HashData")(source, outputLength);

    public byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int outputLength) => Type.Method<HashKeyedToLength>("HashData")(key, source, outputLength);

    public int HashData(ReadOnlySpan<byte> source, Span<byte> destination) => Type.Method<HashInto>("HashData")(source, destination);

    public int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) => Type.Method<HashKeyedInto>("HashData")(key, source, destination);

    /// <summary>The internal one-shot on a given output kernel.</summary>
    public abstract int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, byte kernel);

    /// <summary><c>HashData(parameters, source, outputLength)</c>; the parameters come from <see cref="Parameters"/>.</summary>
    public abstract byte[] HashData(object? parameters, ReadOnlySpan<byte> source, int outputLength);

    public abstract int HashData(object? parameters, ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>The public parameters class (Blake2bParameters or Blake2sParameters) with the given properties set.</summary>
    public abstract object Parameters(params (string Property, object Value)[] properties);

    public abstract IXofHasher CreateIncrementalHasher(long outputLength);

    public abstract IXofHasher CreateIncrementalHasher(long outputLength, ReadOnlySpan<byte> key);

    public abstract IXofHasher CreateIncrementalHasher(long outputLength, object parameters);

    public abstract IXofHasher CreateIncrementalHasherForUnknownLength();

    public abstract IXofHasher CreateIncrementalHasherForUnknownLength(ReadOnlySpan<byte> key);

    public abstract IXofHasher CreateIncrementalHasherForUnknownLength(object parameters);

    /// <summary>A hasher on a given output kernel (the internal constructor).</summary>
    public abstract IXofHasher CreateIncrementalHasher(ReadOnlySpan<byte> key, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> personalization, ulong declaredLength, byte kernel);

    /// <summary>The default, uninitialized hash state.</summary>
    public abstract IXofHasher DefaultHasher();

    /// <summary>The chain value of the root's parameter block for <paramref name="settings"/> (the BLAKE2 variant's <c>InitializeChain</c>).</summary>
    internal abstract void InitializeChain(Span<byte> chain, scoped in Blake2Settings settings);

    /// <summary>The kernels' <c>WriteBlocks(kernel, h0, chain words, first, count, destination)</c>, the chain as its bytes.</summary>
    public abstract void WriteBlocks(byte kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination);

    /// <summary>The kernels' <c>WriteBlock(h0, chain words, index, digestLength, destination)</c>.</summary>
    public abstract void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint index, int digestLength, Span<byte> destination);

    public override string ToString() => Name;
}

/// <summary>A BLAKE2X family's limits, from the specification: the output block (the base hash's digest), the longest declared output, the longest key.</summary>
public sealed record XofSpec(int BlockLength, long MaxOutputLength, int MaxKeyLength);

/// <summary>A Blake2XbHashState or Blake2XsHashState held in this object; copies only through <see cref="Fork"/>.</summary>
public interface IXofHasher
{
    long? OutputLength { get; }
    byte Kernel { get; }
    void Update(ReadOnlySpan<byte> input);
    void UpdateValue<T>(T input) where T : unmanaged;
    void UpdateArray<T>(T[] input) where T : unmanaged;
    void UpdateSegment<T>(ArraySegment<T> input) where T : unmanaged;
    void UpdateSpan<T>(ReadOnlySpan<T> input) where T : unmanaged;
    IXofReader Finish();
    IXofReader Finish(long outputLength);
    void Clear();

    /// <summary>A copy of the struct, which continues independently.</summary>
    IXofHasher Fork();

    /// <summary>The struct's bytes, for erasure checks.</summary>
    byte[] RawBytes();
}

/// <summary>A Blake2XbReader or Blake2XsReader.</summary>
public interface IXofReader : IDisposable
{
    long Length { get; }
    long Position { get; }
    long Remaining { get; }
    void Read(Span<byte> destination);
    byte[] Read(int count);

    /// <summary>The bytes of the reader's output state (its internal <c>Output</c>), for erasure checks.</summary>
    byte[] OutputBytes();
}

/// <summary>The internal hash state constructor: key, salt, personalization, declared length, kernel.</summary>
internal delegate TState ForcedXofState<TState, TKernel>(ReadOnlySpan<byte> key, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> personalization, ulong declaredLength, TKernel kernel);

/// <summary>
/// <see cref="XofApi"/> written once for both families: every call goes to the member of the same
/// name and signature of the family's types through <see cref="Facade"/>; the family gives the
/// internal constructor and the reader's internal output state, which reflection cannot reach.
/// </summary>
internal sealed class Blake2XApi<TState, TReader, TParameters, TKernel, TLength, TWord, TVariant>(
    string name, Type api, Type kernels, XofSpec spec, ForcedXofState<TState, TKernel> forced, Func<TReader, byte[]> outputBytes)
    : XofApi(name, api, new KernelSet(typeof(TKernel), kernels), spec)
    where TState : struct
    where TReader : class, IDisposable
    where TParameters : class, new()
    where TKernel : unmanaged, Enum
    where TLength : struct, IBinaryInteger<TLength>
    where TWord : unmanaged
    where TVariant : struct, IBlake2Variant
{
    private static readonly Facade StateMethods = new(typeof(TState));
    private static readonly Facade ReaderMethods = new(typeof(TReader));
    private readonly Facade _parameters = new(typeof(TParameters));

    private delegate int HashOn(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, TKernel kernel);

    private delegate byte[] HashWithToLength(TParameters? parameters, ReadOnlySpan<byte> source, int outputLength);

    private delegate int HashWithInto(TParameters? parameters, ReadOnlySpan<byte> source, Span<byte> destination);

    private delegate TState KeyedXofState(TLength outputLength, ReadOnlySpan<byte> key);

    private delegate void Blocks(TKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<TWord> chain, uint first, int count, Span<byte> destination);

    private delegate void Block(ReadOnlySpan<byte> h0, ReadOnlySpan<TWord> chain, uint index, int digestLength, Span<byte> destination);

    private delegate TValue StateGet<TValue>(ref TState state);

    private delegate TReader StateFinishAt(ref TState state, long outputLength);

    private delegate void StateUpdateValue<T>(ref TState state, T input);

    private delegate void StateUpdateSpan<T>(ref TState state, ReadOnlySpan<T> input);

    private delegate void ReaderRead(TReader reader, Span<byte> destination);

    public override int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, byte kernel) =>
        Type.Method<HashOn>("HashData")(key, source, destination, Unsafe(kernel));

    public override byte[] HashData(object? parameters, ReadOnlySpan<byte> source, int outputLength) =>
        Type.Method<HashWithToLength>("HashData")((TParameters?)parameters, source, outputLength);

    public override int HashData(object? parameters, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Type.Method<HashWithInto>("HashData")((TParameters?)parameters, source, destination);

    public override object Parameters(params (string Property, object Value)[] properties)
    {
        var parameters = new TParameters();
        foreach ((string property, object value) in properties)
        {
            // The init accessor itself, so that its checks throw as an object initializer's would.
            MethodInfo setter = typeof(TParameters).GetProperty(property)!.SetMethod!;
            setter.Invoke(parameters, BindingFlags.DoNotWrapExceptions, null, [value], null);
        }

        return parameters;
    }

    public override IXofHasher CreateIncrementalHasher(long outputLength) =>
        Wrap(Type.Method<Func<TLength, TState>>("CreateIncrementalHasher")(Length(outputLength)));

    public override IXofHasher CreateIncrementalHasher(long outputLength, ReadOnlySpan<byte> key) =>
        Wrap(Type.Method<KeyedXofState>("CreateIncrementalHasher")(Length(outputLength), key));

    public override IXofHasher CreateIncrementalHasher(long outputLength, object parameters) =>
        Wrap(Type.Method<Func<TLength, TParameters, TState>>("CreateIncrementalHasher")(Length(outputLength), (TParameters)parameters));

    public override IXofHasher CreateIncrementalHasherForUnknownLength() =>
        Wrap(Type.Method<Func<TState>>("CreateIncrementalHasherForUnknownLength")());

    public override IXofHasher CreateIncrementalHasherForUnknownLength(ReadOnlySpan<byte> key) =>
        Wrap(Type.Method<KeyedState<TState>>("CreateIncrementalHasherForUnknownLength")(key));

    public override IXofHasher CreateIncrementalHasherForUnknownLength(object parameters) =>
        Wrap(Type.Method<Func<TParameters, TState>>("CreateIncrementalHasherForUnknownLength")((TParameters)parameters));

    public override IXofHasher CreateIncrementalHasher(ReadOnlySpan<byte> key, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> personalization, ulong declaredLength, byte kernel) =>
        Wrap(forced(key, salt, personalization, declaredLength, Unsafe(kernel)));

    public override IXofHasher DefaultHasher() => Wrap(default);

    internal override void InitializeChain(Span<byte> chain, scoped in Blake2Settings settings) => default(TVariant).InitializeChain(chain, settings);

    public override void WriteBlocks(byte kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination) =>
        Kernels.Dispatcher.Method<Blocks>("WriteBlocks")(Unsafe(kernel), h0, MemoryMarshal.Cast<byte, TWord>(chain), first, count, destination);

    public override void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint index, int digestLength, Span<byte> destination) =>
        Kernels.Dispatcher.Method<Block>("WriteBlock")(h0, MemoryMarshal.Cast<byte, TWord>(chain), index, digestLength, destination);

    /// <summary>A length in the family's own type; a test gives BLAKE2Xs none that an int cannot hold.</summary>
    private static TLength Length(long value) => TLength.CreateChecked(value);

    private static TKernel Unsafe(byte kernel) => System.Runtime.CompilerServices.Unsafe.As<byte, TKernel>(ref kernel);

    private IXofHasher Wrap(TState state) => new Hasher(state, outputBytes);

    private sealed class Hasher(TState state, Func<TReader, byte[]> outputBytes) : IXofHasher
    {
        private TState _state = state;

        public long? OutputLength => StateMethods.Method<StateGet<TLength?>>("OutputLength")(ref _state) is TLength length ? long.CreateChecked(length) : null;

        public byte Kernel => Convert.ToByte(StateMethods.Method<StateGet<TKernel>>("Kernel")(ref _state), CultureInfo.InvariantCulture);

        public void Update(ReadOnlySpan<byte> input) => StateMethods.Method<StateUpdate<TState>>("Update")(ref _state, input);

        public void UpdateValue<T>(T input) where T : unmanaged => StateMethods.Method<StateUpdateValue<T>>("Update")(ref _state, input);

        public void UpdateArray<T>(T[] input) where T : unmanaged => StateMethods.Method<StateUpdateValue<T[]>>("Update")(ref _state, input);

        public void UpdateSegment<T>(ArraySegment<T> input) where T : unmanaged => StateMethods.Method<StateUpdateValue<ArraySegment<T>>>("Update")(ref _state, input);

        public void UpdateSpan<T>(ReadOnlySpan<T> input) where T : unmanaged => StateMethods.Method<StateUpdateSpan<T>>("Update")(ref _state, input);

        public IXofReader Finish() => new Reader(StateMethods.Method<StateGet<TReader>>("Finish")(ref _state), outputBytes);

        public IXofReader Finish(long outputLength) => new Reader(StateMethods.Method<StateFinishAt>("Finish")(ref _state, outputLength), outputBytes);

        public void Clear() => StateMethods.Method<StateAction<TState>>("Clear")(ref _state);

        public IXofHasher Fork() => new Hasher(_state, outputBytes);

        public byte[] RawBytes() => MemoryMarshal.AsBytes(new Span<TState>(ref _state)).ToArray();
    }

    private sealed class Reader(TReader reader, Func<TReader, byte[]> outputBytes) : IXofReader
    {
        public long Length => ReaderMethods.Method<Func<TReader, long>>("Length")(reader);

        public long Position => ReaderMethods.Method<Func<TReader, long>>("Position")(reader);

        public long Remaining => ReaderMethods.Method<Func<TReader, long>>("Remaining")(reader);

        public void Read(Span<byte> destination) => ReaderMethods.Method<ReaderRead>("Read")(reader, destination);

        public byte[] Read(int count) => ReaderMethods.Method<Func<TReader, int, byte[]>>("Read")(reader, count);

        public byte[] OutputBytes() => outputBytes(reader);

        public void Dispose() => reader.Dispose();
    }
}
