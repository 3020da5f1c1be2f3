using System;
using System.Collections.Concurrent;
using System.Reflection;
using System.Reflection.Emit;

namespace Blake2Fast.Tests.Surface;

/// <summary>
/// Calls any public method or constructor with arguments held as objects, spans included, which
/// <see cref="MethodBase.Invoke(object, object[])"/> cannot pass. Each method gets a small
/// <see cref="DynamicMethod"/> that unpacks the arguments: a span or memory parameter takes an
/// <see cref="ArraySegment{T}"/> or an array (null for the default span), a value-type parameter
/// its boxed value, an <c>out</c> or <c>ref</c> parameter a local whose final value is written
/// back into the argument array. A struct's instance method runs on the boxed struct itself, so
/// what it changes stays in the box.
/// </summary>
internal static class SurfaceInvoker
{
    private delegate object? Thunk(object? target, object?[] args);

    private static readonly ConcurrentDictionary<MethodBase, Thunk> Thunks = new();

    /// <summary>
    /// Why <paramref name="method"/> cannot be called this way, or null when it can: a by-ref-like
    /// return, or a parameter of a by-ref-like type other than a span or memory over a type the
    /// tests can make.
    /// </summary>
    public static string? CannotCall(MethodBase method)
    {
        if (method is MethodInfo info && info.ReturnType.IsByRefLike)
        {
            return $"it returns {info.ReturnType}, a by-ref-like type";
        }

        foreach (ParameterInfo p in method.GetParameters())
        {
            Type t = p.ParameterType.IsByRef ? p.ParameterType.GetElementType()! : p.ParameterType;
            if (t.IsByRefLike && SpanElement(t) is null)
            {
                return $"its parameter '{p.Name}' is a {t}, which the invoker cannot build";
            }
        }

        return null;
    }

    /// <summary>Calls <paramref name="method"/>; exceptions come out as they were thrown, not wrapped.</summary>
    public static object? Call(MethodBase method, object? target, object?[] args) =>
        Thunks.GetOrAdd(method, Build)(target, args);

    /// <summary>The element type of Span, ReadOnlySpan, Memory or ReadOnlyMemory; null for any other type.</summary>
    public static Type? SpanElement(Type t) =>
        t.IsGenericType && (t.GetGenericTypeDefinition() == typeof(Span<>) || t.GetGenericTypeDefinition() == typeof(ReadOnlySpan<>)
            || t.GetGenericTypeDefinition() == typeof(Memory<>) || t.GetGenericTypeDefinition() == typeof(ReadOnlyMemory<>))
            ? t.GetGenericArguments()[0]
            : null;

    private static Thunk Build(MethodBase method)
    {
        if (CannotCall(method) is { } reason)
        {
            throw new NotSupportedException($"{method.DeclaringType}.{method.Name}: {reason}.");
        }

        var dynamic = new DynamicMethod("Call_" + method.Name, typeof(object), [typeof(object), typeof(object[])], typeof(SurfaceInvoker).Module, skipVisibility: true);
        ILGenerator il = dynamic.GetILGenerator();
        Type owner = method.DeclaringType!;
        if (!method.IsStatic && method is MethodInfo)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(owner.IsValueType ? OpCodes.Unbox : OpCodes.Castclass, owner);
        }

        ParameterInfo[] parameters = method.GetParameters();
        var byRefLocals = new LocalBuilder?[parameters.Length];
        for (int i = 0; i < parameters.Length; i++)
        {
            Type type = parameters[i].ParameterType;
            if (type.IsByRef)
            {
                Type element = type.GetElementType()!;
                LocalBuilder local = il.DeclareLocal(element);
                byRefLocals[i] = local;
                if (!parameters[i].IsOut)
                {
                    LoadArgument(il, i);
                    Convert(il, element);
                    il.Emit(OpCodes.Stloc, local);
                }

                il.Emit(OpCodes.Ldloca, local);
            }
            else
            {
                LoadArgument(il, i);
                Convert(il, type);
            }
        }

        Type returned;
        switch (method)
        {
            case ConstructorInfo constructor:
                il.Emit(OpCodes.Newobj, constructor);
                returned = owner;
                break;
            case MethodInfo info:
                il.Emit(info.IsStatic || owner.IsValueType ? OpCodes.Call : OpCodes.Callvirt, info);
                returned = info.ReturnType;
                break;
            default:
                throw new NotSupportedException(method.ToString());
        }

        if (returned == typeof(void))
        {
            il.Emit(OpCodes.Ldnull);
        }
        else if (returned.IsValueType)
        {
            il.Emit(OpCodes.Box, returned);
        }

        LocalBuilder result = il.DeclareLocal(typeof(object));
        il.Emit(OpCodes.Stloc, result);
        for (int i = 0; i < parameters.Length; i++)
        {
            if (byRefLocals[i] is { } local)
            {
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Ldloc, local);
                if (local.LocalType.IsValueType)
                {
                    il.Emit(OpCodes.Box, local.LocalType);
                }

                il.Emit(OpCodes.Stelem_Ref);
            }
        }

        il.Emit(OpCodes.Ldloc, result);
        il.Emit(OpCodes.Ret);
        return dynamic.CreateDelegate<Thunk>();
    }

    private static void LoadArgument(ILGenerator il, int index)
    {
        il.Emit(OpCodes.Ldarg_1);
        il.Emit(OpCodes.Ldc_I4, index);
        il.Emit(OpCodes.Ldelem_Ref);
    }

    private static void Convert(ILGenerator il, Type type)
    {
        if (SpanElement(type) is { } element)
        {
            string name = type.GetGenericTypeDefinition().Name.Split('`')[0];
            il.Emit(OpCodes.Call, typeof(SpanArguments).GetMethod("To" + name)!.MakeGenericMethod(element));
        }
        else if (type.IsValueType)
        {
            il.Emit(OpCodes.Unbox_Any, type);
        }
        else if (type != typeof(object))
        {
            il.Emit(OpCodes.Castclass, type);
        }
    }
}

/// <summary>How the invoker turns an argument object into a span or memory: from an array, an <see cref="ArraySegment{T}"/>, or null (the default).</summary>
public static class SpanArguments
{
    public static Span<T> ToSpan<T>(object? value) => ToSegment<T>(value).AsSpan();

    public static ReadOnlySpan<T> ToReadOnlySpan<T>(object? value) => ToSegment<T>(value).AsSpan();

    public static Memory<T> ToMemory<T>(object? value) => ToSegment<T>(value).AsMemory();

    public static ReadOnlyMemory<T> ToReadOnlyMemory<T>(object? value) => ToSegment<T>(value).AsMemory();

    private static ArraySegment<T> ToSegment<T>(object? value) => value switch
    {
        null => default,
        T[] array => array,
        ArraySegment<T> segment => segment,
        _ => throw new InvalidCastException($"A span or memory of {typeof(T).Name} must be given as an array or an ArraySegment, not {value.GetType()}."),
    };
}
