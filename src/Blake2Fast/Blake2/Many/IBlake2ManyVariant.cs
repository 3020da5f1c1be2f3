using System;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>What <see cref="Blake2Many{TVariant}"/> needs to know of BLAKE2b or BLAKE2s beyond <see cref="IBlake2Variant"/>.</summary>
internal interface IBlake2ManyVariant : IBlake2Variant
{
    /// <summary>Bytes per state word (8 or 4).</summary>
    int WordLength { get; }

    /// <summary>The largest node offset the parameter block holds: 2^64 - 1 (BLAKE2b) or 2^48 - 1 (BLAKE2s).</summary>
    ulong MaxNodeOffset { get; }

    /// <summary>The <c>HashMany</c> kernel the dispatcher picks on this machine.</summary>
    Blake2ManyKernel DefaultManyKernel { get; }

    /// <summary>Messages per call of <paramref name="kernel"/>.</summary>
    int Lanes(Blake2ManyKernel kernel);

    /// <summary>
    /// The fewest messages in flight for which <paramref name="kernel"/> beats finishing them one at
    /// a time with the single-message kernel.
    /// </summary>
    int MinimumActiveLanes(Blake2ManyKernel kernel);

    /// <summary>Whether <paramref name="kernel"/> reads each lane's block where it lies (see <see cref="Blake2bManyKernels.ReadsLanesInPlace"/>).</summary>
    bool ReadsLanesInPlace(Blake2ManyKernel kernel);

    /// <summary>
    /// Compresses, for each lane i, the block at <c>i * <paramref name="laneStride"/></c> of
    /// <paramref name="blocks"/> into lane i of <paramref name="state"/>; the stride is the block
    /// length unless <see cref="ReadsLanesInPlace"/>.
    /// </summary>
    void CompressLanes(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch);
}
