using System.Runtime.InteropServices;

namespace Blake2Fast.Internal;

/// <summary>
/// Several independent BLAKE2 hashes side by side, one per lane: 4 BLAKE2b hashes (64-bit lanes)
/// or 8 BLAKE2s hashes (32-bit lanes), laid out so that each row is one 256-bit vector.
/// </summary>
/// <remarks>
/// <para><see cref="Chain"/> is 8 rows; row j holds chain word j of every lane. Transposed this way,
/// a SIMD kernel runs G on whole rows (no diagonal shuffles) and the message schedule is only an
/// index into the transposed message rows.</para>
/// <para><see cref="Counters"/> holds the t0 word of every lane, then the t1 word of every lane;
/// <see cref="Flags"/> holds f0 of every lane, then f1 of every lane. Each lane has its own counter
/// and flags, so a caller can finish lanes that received different amounts of data in one call, or
/// run unrelated single-block hashes (BLAKE2X output blocks) side by side.</para>
/// <para>Words are in the machine's byte order, as in <see cref="Blake2Core{TVariant}"/>.</para>
/// </remarks>
[StructLayout(LayoutKind.Sequential)]
internal struct Blake2Lanes
{
    /// <summary>Bytes per row: one 256-bit vector.</summary>
    public const int RowLength = 32;

    public LaneChains Chain;
    public LaneRows2 Counters;
    public LaneRows2 Flags;
}
