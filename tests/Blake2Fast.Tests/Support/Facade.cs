using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Tests;

/// <summary>
/// The methods of one member of a family of look-alike types (Blake2b and Blake2s, Blake2bp and
/// Blake2sp, Blake2Xb and Blake2Xs, their hash states and kernel dispatchers), each found by name
/// and by the signature of the delegate a test asks for. A test is then written once and calls the
/// same overload on either type; an overload that one of them lacks fails every test that asks for it.
/// </summary>
/// <remarks>
/// Static methods and properties bind directly. An instance method of a struct binds open: the
/// delegate's first parameter is <c>ref</c> the struct, so a call acts on the caller's variable as
/// <c>state.Method(...)</c> would, without copying it. What reflection cannot reach (constructors that
/// take a ref struct, the compiler's overload resolution) stays with each family's own code.
/// </remarks>
public sealed class Facade(Type type)
{
    private const BindingFlags Everything = BindingFlags.Public | BindingFlags.NonPublic;

    private static readonly MethodInfo ContainsReferences = typeof(RuntimeHelpers).GetMethod(nameof(RuntimeHelpers.IsReferenceOrContainsReferences))!;

    private readonly ConcurrentDictionary<(string Name, Type Signature), Delegate> _bound = new();

    public Type Type => type;

    /// <summary>The method <paramref name="name"/> of this type whose parameters and result are <typeparamref name="T"/>'s.</summary>
    public T Method<T>(string name)
        where T : Delegate =>
        (T)_bound.GetOrAdd((name, typeof(T)), static (key, type) => Bind(type, key.Name, key.Signature), type);

    /// <summary>The value of the static property (or constant) <paramref name="name"/>.</summary>
    public TValue Value<TValue>(string name)
    {
        object? value = type.GetProperty(name, Everything | BindingFlags.Static)?.GetValue(null)
            ?? type.GetField(name, Everything | BindingFlags.Static)?.GetValue(null)
            ?? throw new MissingMemberException(type.FullName, name);
        return (TValue)value;
    }

    /// <summary>
    /// Calls the static method <paramref name="name"/> that takes exactly the types of
    /// <paramref name="arguments"/> (for those without spans, such as a dispatcher's
    /// <c>IsSupported(kernel)</c>); what it throws reaches the caller as it was thrown.
    /// </summary>
    public object? Call(string name, params object[] arguments)
    {
        MethodInfo method = Find(type, name, BindingFlags.Static, arguments.Select(a => a.GetType()).ToArray())
            ?? throw new MissingMethodException(type.FullName, name);
        return method.Invoke(null, BindingFlags.DoNotWrapExceptions, null, arguments, null);
    }

    public override string ToString() => type.Name;

    private static Delegate Bind(Type type, string name, Type signature)
    {
        MethodInfo invoke = signature.GetMethod("Invoke")!;
        Type[] parameters = invoke.GetParameters().Select(p => p.ParameterType).ToArray();
        MethodInfo? method = Find(type, name, BindingFlags.Static, parameters);
        if (method is null && parameters.Length > 0 && (parameters[0] == type || parameters[0] == type.MakeByRefType()))
        {
            method = Find(type, name, BindingFlags.Instance, parameters[1..]);
        }

        if (method is null || method.ReturnType != invoke.ReturnType)
        {
            throw new MissingMethodException($"{type.FullName} has no {name} as {signature.Name}({string.Join(", ", parameters.Select(p => p.Name))}) returning {invoke.ReturnType.Name}.");
        }

        return method.CreateDelegate(signature);
    }

    private static MethodInfo? Find(Type type, string name, BindingFlags binding, Type[] parameters)
    {
        // Properties bind through their getters (Best, WidestSupported, a state's Kernel); a generic
        // method (Update<T>) binds with a type argument that makes its parameters the ones asked for.
        // The plain overload wins, as in C# (Update(ReadOnlySpan<byte>) over Update<byte>).
        string[] names = [name, "get_" + name];
        MethodInfo[] candidates = type.GetMethods(Everything | binding).Where(m => names.Contains(m.Name) && m.GetParameters().Length == parameters.Length).ToArray();
        return candidates.Where(m => !m.IsGenericMethodDefinition).SingleOrDefault(Takes)
            ?? candidates.Where(m => m.IsGenericMethodDefinition).SelectMany(m => Closings(m, parameters)).SingleOrDefault(Takes);

        bool Takes(MethodInfo m) => m.GetParameters().Select(p => p.ParameterType).SequenceEqual(parameters);
    }

    /// <summary>A method with one type parameter closed over each type the wanted parameters name or hold (int in int[], ReadOnlySpan&lt;int&gt;).</summary>
    private static IEnumerable<MethodInfo> Closings(MethodInfo method, Type[] parameters)
    {
        if (method.GetGenericArguments().Length != 1)
        {
            return [];
        }

        return parameters
            .SelectMany(p => p.HasElementType ? [p, p.GetElementType()!] : p.IsGenericType ? [p, .. p.GetGenericArguments()] : new[] { p })
            .Distinct()
            .Where(t => !t.IsByRefLike)
            .Select(t => TryClose(method, t))
            .OfType<MethodInfo>();
    }

    private static MethodInfo? TryClose(MethodInfo method, Type argument)
    {
        // The runtime checks an unmanaged constraint only as a struct constraint; C# also refuses
        // a struct that holds references (ArraySegment<int>), and so does this.
        bool unmanaged = method.GetGenericArguments()[0].GetCustomAttributes().Any(a => a.GetType().Name == "IsUnmanagedAttribute");
        if (unmanaged && (bool)ContainsReferences.MakeGenericMethod(argument).Invoke(null, null)!)
        {
            return null;
        }

        try
        {
            return method.MakeGenericMethod(argument);
        }
        catch (ArgumentException)
        {
            return null; // The argument breaks another constraint, so it is not this closing.
        }
    }
}
