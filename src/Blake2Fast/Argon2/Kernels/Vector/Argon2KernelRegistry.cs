using System;
using System.Runtime.Intrinsics.X86;

// The Argon2 kernel registry of the builds with System.Runtime.Intrinsics (net8.0, net10.0).
namespace Blake2Fast.Kernels;

internal static unsafe partial class Argon2Kernels
{
    private static partial Argon2Kernel PickWidest() =>
        IsVectorSupported(Argon2Kernel.Vector512) ? Argon2Kernel.Vector512 :
        IsVectorSupported(Argon2Kernel.Avx512) ? Argon2Kernel.Avx512 :
        IsVectorSupported(Argon2Kernel.Avx2) ? Argon2Kernel.Avx2 :
        IsVectorSupported(Argon2Kernel.Vector128) ? Argon2Kernel.Vector128 :
        Argon2Kernel.Scalar;

    private static partial bool IsVectorSupported(Argon2Kernel kernel) => kernel switch
    {
        Argon2Kernel.Vector128 => Argon2Vector128.IsSupported && BitConverter.IsLittleEndian,
        Argon2Kernel.Avx2 => Avx2.IsSupported,
        Argon2Kernel.Avx512 => Avx2.IsSupported && Avx512F.VL.IsSupported,
        Argon2Kernel.Vector512 => Argon2Vector512.IsSupported,
        _ => false,
    };

    private static partial void FillBlockVector(Argon2Kernel kernel, ulong* previous, ulong* reference, ulong* next, bool xor)
    {
        if (kernel == Argon2Kernel.Vector512)
        {
            Argon2Vector512.FillBlock(previous, reference, next, xor);
        }
        else if (kernel == Argon2Kernel.Vector128)
        {
            Argon2Vector128.FillBlock(previous, reference, next, xor);
        }
        else if (kernel == Argon2Kernel.Avx512)
        {
            Argon2Vector256<Blake2LaneAvx512Rotations>.FillBlock(previous, reference, next, xor);
        }
        else
        {
            Argon2Vector256<Blake2LaneAvx2Rotations>.FillBlock(previous, reference, next, xor);
        }
    }
}
