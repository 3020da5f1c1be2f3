using System.Runtime.Intrinsics;

namespace Blake2Fast.Kernels;

/// <summary>
/// What <see cref="Blake3LaneKernel{TLanes, TVector}"/> needs from one vector width: N lanes of
/// 32-bit words, one chunk (or parent) per lane. The round code is written once over this; the JIT
/// specialises it per struct and inlines these members.
/// </summary>
/// <typeparam name="TVector">The vector of N 32-bit words (<see cref="Vector128{T}"/>, <see cref="Vector256{T}"/> or <see cref="Vector512{T}"/> of uint).</typeparam>
internal interface IBlake3Lanes<TVector>
    where TVector : unmanaged
{
    /// <summary>Chunks or parents hashed side by side.</summary>
    static abstract int Lanes { get; }

    /// <summary>Every lane <paramref name="value"/>.</summary>
    static abstract TVector Broadcast(uint value);

    /// <summary>Lane i = <paramref name="source"/>[i].</summary>
    static abstract TVector Load(ref uint source);

    /// <summary>Lane-wise wrapping addition.</summary>
    static abstract TVector Add(TVector left, TVector right);

    /// <summary>Lane-wise exclusive or.</summary>
    static abstract TVector Xor(TVector left, TVector right);

    /// <summary>Rotates every lane right by 16 bits.</summary>
    static abstract TVector RotateRight16(TVector value);

    /// <summary>Rotates every lane right by 12 bits.</summary>
    static abstract TVector RotateRight12(TVector value);

    /// <summary>Rotates every lane right by 8 bits.</summary>
    static abstract TVector RotateRight8(TVector value);

    /// <summary>Rotates every lane right by 7 bits.</summary>
    static abstract TVector RotateRight7(TVector value);

    /// <summary>
    /// Loads one 64-byte block per lane (lane i's at <paramref name="block"/> + i * <paramref name="laneStride"/>)
    /// transposed: vector j of <paramref name="message"/> gets word j of every lane's block.
    /// </summary>
    static abstract void LoadTransposed(ref byte block, nuint laneStride, ref TVector message);

    /// <summary>
    /// Stores the 8 chaining-value vectors at <paramref name="chainingValue"/> transposed back:
    /// lane i's 32 bytes at <paramref name="destination"/> + 32 i.
    /// </summary>
    static abstract void StoreTransposed(ref TVector chainingValue, ref byte destination);
}
