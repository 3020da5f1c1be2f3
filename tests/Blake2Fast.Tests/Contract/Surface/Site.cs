using System;
using System.Linq;
using System.Reflection;

namespace Blake2Fast.Tests.Surface;

/// <summary>What a call with an edge value must do.</summary>
internal enum Expect
{
    /// <summary>Return the right answer.</summary>
    Valid,

    /// <summary>Throw the exception the documentation names for the parameter, naming it, and write nothing.</summary>
    Invalid,

    /// <summary>Either of those (the documentation leaves it open, e.g. a canceled token).</summary>
    Either,

    /// <summary>A Try form's refusal: return false with 0 bytes written, and write nothing.</summary>
    Declined,
}

/// <summary>One value to pass for a parameter, made fresh for each call.</summary>
/// <remarks>
/// <see cref="Blame"/> names the parameter a refusal must name when it is not this one (a message
/// length that does not divide the source blames the source).
/// </remarks>
internal sealed record Edge(string Label, Func<object?> Make, Expect Expect, string? Blame = null)
{
    /// <summary>Other parameters' values for this edge, by name, where their usual valid value would not show what the edge is about.</summary>
    public (string Parameter, Func<object?> Make)[] With { get; init; } = [];

    /// <summary>
    /// The exceptions (any one of them) an invalid edge must get when the fault is in the data
    /// rather than the argument's shape (a Bao encoding that fails verification, one cut short, a
    /// seek before the start): documented is not enough there, since the documentation names both
    /// and a decoder that swapped them would mislead its caller. Null: any the documentation names.
    /// </summary>
    public Type[]? Throws { get; init; }
}

/// <summary>How to make a valid value of one parameter, and its edge values with what each must do.</summary>
internal sealed class Domain(Func<object?> valid, params Edge[] edges)
{
    public Func<object?> Valid { get; } = valid;
    public Edge[] Edges { get; } = edges;
}

/// <summary>How a method's output length relates to the destination it writes.</summary>
internal enum OutputRule
{
    /// <summary>No destination.</summary>
    None,

    /// <summary>The destination's length is the output length, within the family's range.</summary>
    Exact,

    /// <summary>The output has a length of its own; a shorter destination is refused, a longer one written only up to it.</summary>
    AtLeast,

    /// <summary>As <see cref="AtLeast"/>, but a Try form: a short destination gives false.</summary>
    AtLeastOrFalse,

    /// <summary>HashMany: exactly one digest per message.</summary>
    Exactly,

    /// <summary>A reader: any length up to what remains.</summary>
    Readable,

    /// <summary>A stream's read: any length; it returns what it has, 0 only at the end.</summary>
    StreamRead,
}

/// <summary>One parameter of the method being driven.</summary>
internal sealed class Slot
{
    public Slot(ParameterInfo parameter, int index)
    {
        Parameter = parameter;
        Index = index;
        IsOut = parameter.IsOut;
        Type = parameter.ParameterType.IsByRef ? parameter.ParameterType.GetElementType()! : parameter.ParameterType;
        Name = parameter.Name!;
        IsNullable = !Type.IsValueType && new NullabilityInfoContext().Create(parameter).WriteState == NullabilityState.Nullable;

        // A destination: a writable span or memory of bytes (but IBlake2Incremental.Update<T>(Span<T>)'s
        // input), or HashAlgorithm.TransformBlock's outputBuffer, an array it writes.
        IsDestination = ((Type == typeof(Span<byte>) || Type == typeof(Memory<byte>)) && Name != "input") || Name == "outputBuffer";
    }

    public ParameterInfo Parameter { get; }
    public int Index { get; }
    public bool IsOut { get; }
    public Type Type { get; }
    public string Name { get; }
    public bool IsNullable { get; }
    public bool IsDestination { get; }

    /// <summary>Whether the parameter carries bytes the method reads (a view, an array, a stream, a single byte of a generic Update).</summary>
    public bool IsByteInput =>
        !IsDestination && (Type == typeof(ReadOnlySpan<byte>) || Type == typeof(ReadOnlyMemory<byte>) || Type == typeof(byte[])
            || Type == typeof(ArraySegment<byte>) || Type == typeof(Span<byte>));

    public override string ToString() => Name;
}

/// <summary>The method being driven, with the family it computes and the hash state, reader or object it runs on.</summary>
internal sealed class Site
{
    public Site(MethodBase method, Family family, SubjectState? receiver, bool inheritedFromFramework)
    {
        Method = method;
        Family = family;
        Receiver = receiver;
        InheritedFromFramework = inheritedFromFramework;
        Slots = method.GetParameters().Select((p, i) => new Slot(p, i)).ToArray();
        Rule = FindRule();
    }

    public MethodBase Method { get; }
    public Family Family { get; }
    public SubjectState? Receiver { get; }

    /// <summary>A HashAlgorithm method that the library overrides only underneath: the framework checks its arguments.</summary>
    public bool InheritedFromFramework { get; }

    public Slot[] Slots { get; }
    public OutputRule Rule { get; }
    public string Name => Method.Name;

    public bool Has(string parameter) => Slots.Any(s => s.Name == parameter);

    /// <summary>The method with its declaring type and parameter types, as failures name it.</summary>
    public string Signature =>
        $"{Method.DeclaringType!.Name}.{(Method is ConstructorInfo ? "ctor" : Method.Name)}({string.Join(", ", Slots.Select(s => Short(s.Parameter.ParameterType) + " " + s.Name))})"
        + (Receiver is null ? "" : $" on {Receiver.Kind.Name}");

    private static string Short(Type t)
    {
        if (t.IsByRef)
        {
            return "out " + Short(t.GetElementType()!);
        }

        return t.IsGenericType ? t.Name[..t.Name.IndexOf('`', StringComparison.Ordinal)] + "<" + string.Join(",", t.GetGenericArguments().Select(Short)) + ">" : t.Name;
    }

    private OutputRule FindRule()
    {
        if (!Slots.Any(s => s.IsDestination && s.Name != "outputBuffer"))
        {
            return OutputRule.None;
        }

        if (InheritedFromFramework && typeof(System.IO.Stream).IsAssignableFrom(Method.DeclaringType))
        {
            return OutputRule.StreamRead;
        }

        if (Name.StartsWith("Try", StringComparison.Ordinal))
        {
            return OutputRule.AtLeastOrFalse;
        }

        if (Name == "HashMany")
        {
            return OutputRule.Exactly;
        }

        if (Name == "Read")
        {
            return OutputRule.Readable;
        }

        return Family.Kind switch
        {
            FamilyKind.Blake2 or FamilyKind.Blake2P =>
                Has("digestLength") || Has("parameters") || Name is "ComputeAndWriteHash" or "Finish" ? OutputRule.AtLeast : OutputRule.Exact,
            FamilyKind.Hmac => OutputRule.AtLeast,
            FamilyKind.Hkdf => Name == "Extract" ? OutputRule.AtLeast : OutputRule.Exact,

            // EIP-152 writes its 64 bytes at the front of a destination of at least 64.
            FamilyKind.Compression => OutputRule.AtLeast,

            // Bao's encoders and decoders write at least the encoding's or the data's length (the
            // root hash, the other destination of the encoders, has a domain of its own).
            FamilyKind.Bao => Has("destination") ? OutputRule.AtLeast : OutputRule.Exact,
            _ => OutputRule.Exact,
        };
    }
}
