using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// The message schedule for the lane kernels, as multiples of 4 (<see cref="Sigma.Table"/> x 4).
/// </summary>
/// <remarks>
/// A lane kernel's transposed message words are whole vectors: word i sits at byte offset
/// i * 32 (256-bit) or i * 16 (128-bit). x86 addressing scales an index by at most 8, so with the
/// plain schedule the JIT emits a shift per message word (16 per round). With the index
/// pre-multiplied by 4, i * 32 = (4 i) * 8 and i * 16 = (4 i) * 4 fold into the load's address
/// and each message word is one byte load plus a memory operand.
/// </remarks>
internal static class Blake2pLaneSchedule
{
    private static readonly byte[] Scaled = CreateScaled();

    /// <summary>Reference to the first entry: 12 rows of 16.</summary>
    public static ref byte Start
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => ref Scaled[0];
    }

    private static byte[] CreateScaled()
    {
        ReadOnlySpan<byte> sigma = Sigma.Table;
        byte[] scaled = new byte[sigma.Length];
        for (int i = 0; i < sigma.Length; i++)
        {
            scaled[i] = (byte)(sigma[i] * 4);
        }

        return scaled;
    }
}
