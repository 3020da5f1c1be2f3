using System.Runtime.Intrinsics;

namespace Blake2Fast.Kernels;

/// <summary>
/// The instruction-set-specific pieces of a 128-bit BLAKE2s kernel: the four G rotations and the
/// per-round message gather. <see cref="Blake2sVector128{TIsa}"/> writes the round once over these;
/// each implementation must use only the instructions of its own ISA, because every kernel is
/// tested on one machine that has them all.
/// </summary>
internal interface IBlake2sIsa
{
    /// <summary>Whether this machine has every instruction the implementation uses.</summary>
    static abstract bool IsSupported { get; }

    static abstract Vector128<uint> RotateRight16(Vector128<uint> x);

    static abstract Vector128<uint> RotateRight12(Vector128<uint> x);

    static abstract Vector128<uint> RotateRight8(Vector128<uint> x);

    static abstract Vector128<uint> RotateRight7(Vector128<uint> x);

    /// <summary>
    /// One round's message words: <paramref name="words"/> points at that round's row of
    /// <see cref="Blake2RowSchedule.Words"/> (sixteen word indices) and <paramref name="block"/> at
    /// the 64-byte block, read as little-endian words.
    /// </summary>
    static abstract void Gather(ref uint block, ref byte words, out Vector128<uint> columnX, out Vector128<uint> columnY, out Vector128<uint> diagonalX, out Vector128<uint> diagonalY);
}
