using System.Runtime.CompilerServices;

namespace Blake2Fast.Kernels;

/// <summary>The net8.0 and net10.0 builds name the flag (see KernelRoot.cs).</summary>
internal static partial class KernelRoot
{
    private const MethodImplOptions OptimizedFromFirstCall = MethodImplOptions.AggressiveOptimization;
}
