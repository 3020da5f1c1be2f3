using System;
using System.Globalization;
using System.Reflection;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tests;

/// <summary>
/// A BLAKE2 hash state (Blake2bHashState, Blake2sHashState, Blake2bpHashState or Blake2spHashState)
/// held in this object, so that tests drive any of them through <see cref="IHasher"/>. The generic
/// Update overloads go through the interface the states implement, constrained (no boxing); the
/// span Update, Finish(Span), Reset and Clear are each state's own methods.
/// </summary>
internal sealed class StateHasher<TState>(TState state) : IHasher
    where TState : struct, IBlake2Incremental
{
    /// <summary>The state type's own methods, for those that the interface does not have.</summary>
    internal static readonly Facade Methods = new(typeof(TState));

    private TState _state = state;

    public int DigestLength => _state.DigestLength;

    public void Update(ReadOnlySpan<byte> input) => Methods.Method<StateUpdate<TState>>("Update")(ref _state, input);

    public void UpdateSpan<T>(ReadOnlySpan<T> input) where T : unmanaged => _state.Update(input);

    public void UpdateArray<T>(T[] input) where T : unmanaged => _state.Update(input);

    public void UpdateSegment<T>(ArraySegment<T> input) where T : unmanaged => _state.Update(input);

    public void UpdateValue<T>(T input) where T : unmanaged => _state.Update(input);

    public byte[] Finish() => _state.Finish();

    public int Finish(Span<byte> destination) => Methods.Method<StateFinishInto<TState>>("Finish")(ref _state, destination);

    public bool TryFinish(Span<byte> destination, out int bytesWritten) => _state.TryFinish(destination, out bytesWritten);

    public void Reset() => Methods.Method<StateAction<TState>>("Reset")(ref _state);

    public void Clear() => Methods.Method<StateAction<TState>>("Clear")(ref _state);

    public IHasher Fork() => new StateHasher<TState>(_state);

    public byte[] RawBytes() => MemoryMarshal.AsBytes(new Span<TState>(ref _state)).ToArray();

    public byte Kernel => Convert.ToByte(typeof(TState).GetProperty("Kernel", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(_state), CultureInfo.InvariantCulture);
}
