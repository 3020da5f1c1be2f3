using System.Runtime.CompilerServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// The netstandard builds' reference assemblies lack MethodImplOptions.AggressiveOptimization,
/// but the runtimes that load the netstandard2.1 build (.NET Core 3.0 to 7.0) honour its value,
/// 0x200, in the method's metadata; .NET Framework and Mono ignore it (as BenchmarkDotNet's
/// netstandard2.0 code relies on too; CI runs the conformance program on Mono with it).
/// </summary>
internal static partial class KernelRoot
{
    private const MethodImplOptions OptimizedFromFirstCall = (MethodImplOptions)0x200;
}
