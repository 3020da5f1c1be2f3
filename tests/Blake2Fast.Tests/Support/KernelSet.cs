using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>
/// One family's kernels: an internal enum (Blake2bKernel, Blake2spKernel, Blake2XbKernel...) and the
/// dispatcher that says which of them this machine runs (Blake2bKernels...), with kernels as the
/// bytes their enums are, so that one test serves every family.
/// </summary>
public sealed class KernelSet(Type kernel, Type dispatcher)
{
    private readonly Facade _dispatcher = new(dispatcher);

    /// <summary>The dispatcher, for what only some families have (Compress, WriteBlocks...).</summary>
    public Facade Dispatcher => _dispatcher;

    /// <summary>Every kernel the enum names, supported here or not.</summary>
    public IReadOnlyList<string> Names => Enum.GetNames(kernel);

    /// <summary>The dispatcher's pick for this machine (<c>Best</c>).</summary>
    public byte Best => Byte(_dispatcher.Value<object>("Best"));

    /// <summary>The widest kernel this machine supports (<c>WidestSupported</c>), where the dispatcher has one.</summary>
    public byte WidestSupported => Byte(_dispatcher.Value<object>("WidestSupported"));

    /// <summary>The kernels this machine (and runtime configuration) can run.</summary>
    public IEnumerable<byte> Supported() => Names.Select(Parse).Where(IsSupported);

    public byte Parse(string name) => Byte(Enum.Parse(kernel, name));

    public string Name(byte value) => Enum.GetName(kernel, value) ?? value.ToString(CultureInfo.InvariantCulture);

    public bool IsSupported(byte value) => (bool)_dispatcher.Call("IsSupported", Enum.ToObject(kernel, value))!;

    /// <summary><c>Require(kernel)</c>: the kernel back, or the PlatformNotSupportedException it throws.</summary>
    public byte Require(byte value) => Byte(_dispatcher.Call("Require", Enum.ToObject(kernel, value))!);

    private static byte Byte(object value) => Convert.ToByte(value, CultureInfo.InvariantCulture);
}
