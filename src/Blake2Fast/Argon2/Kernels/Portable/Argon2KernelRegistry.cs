using System;

// The Argon2 kernel registry of the netstandard builds: no System.Runtime.Intrinsics, so the scalar kernel only.
namespace Blake2Fast.Kernels;

internal static unsafe partial class Argon2Kernels
{
    private static partial Argon2Kernel PickWidest() => Argon2Kernel.Scalar;

    private static partial bool IsVectorSupported(Argon2Kernel kernel) => false;

    private static partial void FillBlockVector(Argon2Kernel kernel, ulong* previous, ulong* reference, ulong* next, bool xor) =>
        throw new PlatformNotSupportedException();
}
