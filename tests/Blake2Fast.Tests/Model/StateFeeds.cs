using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tests;


internal delegate TResult StateFunc<TState, TResult>(ref TState state);

internal delegate void StateSpanAction<TState, T>(ref TState state, ReadOnlySpan<T> input);

internal delegate void StateMutableSpanAction<TState, T>(ref TState state, Span<T> input);

internal delegate void StateValueAction<TState, T>(ref TState state, T input);

internal delegate TResult StateSpanFunc<TState, TResult>(ref TState state, Span<byte> destination);

internal delegate TState KeyCreate<TState>(ReadOnlySpan<byte> key);

internal delegate TResult StateArgFunc<TState, TArg, TResult>(ref TState state, TArg arg);

internal delegate TState LengthKeyCreate<TState, TLength>(TLength length, ReadOnlySpan<byte> key);

/// <summary>Gives a hash state the bytes of <paramref name="data"/> (whose length suits the feed) one particular way.</summary>
internal delegate void FeedCall<TState>(ref TState state, byte[] data);

/// <summary>
/// One overload of a state's <c>Update</c>. <see cref="Fed"/> says how many bytes of an operation's
/// data it takes: a whole number of elements, or exactly one value.
/// </summary>
internal sealed record Feed<TState>(string Name, int ElementSize, bool OneValue, FeedCall<TState> Call)
{
    public int Fed(int length) => OneValue ? ElementSize : length - (length % ElementSize);

    public override string ToString() => Name;
}

internal static class Reflect
{
    /// <summary>
    /// A delegate over <paramref name="method"/>: for an instance method, an open one (its first
    /// parameter the instance, by reference for a struct, so that calls change the caller's copy).
    /// </summary>
    public static TDelegate Open<TDelegate>(MethodInfo method) where TDelegate : Delegate =>
        method.CreateDelegate<TDelegate>();
}

/// <summary>
/// Every <c>Update</c> overload of the struct <typeparamref name="TState"/>, found by reflection and
/// bound as open delegates (which take the struct by reference, so the call changes the caller's
/// copy, as a call on a local does): the span, array, segment and single-value generic forms with a
/// few element types, and the explicit <see cref="IBlake2Incremental"/> span form where there is one.
/// </summary>
internal static class StateFeeds<TState> where TState : struct
{
    public static IReadOnlyList<Feed<TState>> All { get; } = Discover();

    /// <summary>The public instance method <paramref name="name"/> taking exactly <paramref name="parameters"/>.</summary>
    public static TDelegate Method<TDelegate>(string name, params Type[] parameters) where TDelegate : Delegate =>
        Reflect.Open<TDelegate>(typeof(TState).GetMethod(name, BindingFlags.Public | BindingFlags.Instance, parameters)
            ?? throw new MissingMethodException(typeof(TState).Name, name));

    private static List<Feed<TState>> Discover()
    {
        MethodInfo[] updates = typeof(TState).GetMethods(BindingFlags.Public | BindingFlags.Instance).Where(m => m.Name == "Update").ToArray();
        var feeds = new List<Feed<TState>>();
        StateSpanAction<TState, byte> bytes = Method<StateSpanAction<TState, byte>>("Update", typeof(ReadOnlySpan<byte>));
        feeds.Add(new("Update(ReadOnlySpan<byte>)", 1, false, (ref TState s, byte[] d) => bytes(ref s, d)));

        MethodInfo? Generic(Func<Type, bool> parameter) =>
            updates.SingleOrDefault(m => m.IsGenericMethodDefinition && m.GetParameters().Length == 1 && parameter(m.GetParameters()[0].ParameterType));

        if (Generic(t => t.IsGenericType && t.GetGenericTypeDefinition() == typeof(ReadOnlySpan<>)) is { } span)
        {
            var call = Reflect.Open<StateSpanAction<TState, uint>>(span.MakeGenericMethod(typeof(uint)));
            feeds.Add(new("Update<uint>(ReadOnlySpan<uint>)", 4, false, (ref TState s, byte[] d) => call(ref s, MemoryMarshal.Cast<byte, uint>(d))));
        }

        if (Generic(t => t.IsArray) is { } array)
        {
            var bytesArray = Reflect.Open<StateValueAction<TState, byte[]>>(array.MakeGenericMethod(typeof(byte)));
            var shorts = Reflect.Open<StateValueAction<TState, ushort[]>>(array.MakeGenericMethod(typeof(ushort)));
            feeds.Add(new("Update<byte>(byte[])", 1, false, (ref TState s, byte[] d) => bytesArray(ref s, d)));
            feeds.Add(new("Update<ushort>(ushort[])", 2, false, (ref TState s, byte[] d) => shorts(ref s, d is null ? null! : MemoryMarshal.Cast<byte, ushort>(d).ToArray())));
        }

        if (Generic(t => t.IsGenericType && t.GetGenericTypeDefinition() == typeof(ArraySegment<>)) is { } segment)
        {
            var call = Reflect.Open<StateValueAction<TState, ArraySegment<byte>>>(segment.MakeGenericMethod(typeof(byte)));
            // The data sits inside a larger array, so that a segment read from the wrong place shows.
            feeds.Add(new("Update<byte>(ArraySegment<byte>)", 1, false, (ref TState s, byte[] d) =>
                call(ref s, new ArraySegment<byte>([0xEE, 0xEE, 0xEE, .. d, 0xEE], 3, d.Length))));
        }

        if (Generic(t => t.IsGenericParameter) is { } value)
        {
            var longs = Reflect.Open<StateValueAction<TState, ulong>>(value.MakeGenericMethod(typeof(ulong)));
            var guids = Reflect.Open<StateValueAction<TState, Guid>>(value.MakeGenericMethod(typeof(Guid)));
            feeds.Add(new("Update<ulong>(ulong)", 8, true, (ref TState s, byte[] d) => longs(ref s, MemoryMarshal.Read<ulong>(d))));
            feeds.Add(new("Update<Guid>(Guid)", 16, true, (ref TState s, byte[] d) => guids(ref s, MemoryMarshal.Read<Guid>(d))));
        }

        if (typeof(IBlake2Incremental).IsAssignableFrom(typeof(TState)))
        {
            // The explicit interface implementation, called on the struct itself (no boxing).
            InterfaceMapping map = typeof(TState).GetInterfaceMap(typeof(IBlake2Incremental));
            MethodInfo target = map.TargetMethods.Single(m => m.IsGenericMethodDefinition && m.GetParameters()[0].ParameterType.Name.StartsWith("Span", StringComparison.Ordinal));
            var call = Reflect.Open<StateMutableSpanAction<TState, byte>>(target.MakeGenericMethod(typeof(byte)));
            feeds.Add(new("IBlake2Incremental.Update<byte>(Span<byte>)", 1, false, (ref TState s, byte[] d) => call(ref s, d)));
        }

        return feeds;
    }
}
