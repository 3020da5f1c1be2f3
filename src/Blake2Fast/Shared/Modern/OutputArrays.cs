using System;

namespace Blake2Fast.Internal;

// Arrays that a method fills completely before returning them (.NET 8 and later); the netstandard
// builds have the same helper in Shared/Polyfills/OutputArrays.cs.

/// <summary>Allocation of result arrays whose every byte the caller writes.</summary>
internal static class OutputArrays
{
    /// <summary>
    /// An array of <paramref name="length"/> bytes, not zeroed: Bao's encodings and decodings write
    /// every byte of theirs (or erase it before throwing), and zeroing 64 MiB only to overwrite it
    /// costs about as much as copying it.
    /// </summary>
    public static byte[] Uninitialized(int length) => GC.AllocateUninitializedArray<byte>(length);
}
