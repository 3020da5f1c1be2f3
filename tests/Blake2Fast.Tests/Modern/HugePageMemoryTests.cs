using System;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// The memory under Argon2's block array and the tree hashes' read buffers (net8.0 and net10.0
/// builds only: Modern/ is not compiled against the netstandard builds): small lengths page-aligned
/// and not rounded up, from 2 MiB up aligned to a huge page and rounded up to whole ones, every byte
/// of the requested length writable.
/// </summary>
public unsafe class HugePageMemoryTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(1024)]
    [InlineData(HugePageMemory.PageLength - 1)]
    public void A_length_under_a_huge_page_is_page_aligned(int length)
    {
        byte* memory = (byte*)HugePageMemory.Allocate((nuint)length);
        try
        {
            Assert.Equal(0UL, (ulong)memory % 4096);
            new Span<byte>(memory, length).Fill(0x5A);
            Assert.Equal(0x5A, memory[length - 1]);
        }
        finally
        {
            HugePageMemory.Free(memory);
        }
    }

    [Theory]
    [InlineData(HugePageMemory.PageLength)]
    [InlineData(HugePageMemory.PageLength + 1)]
    [InlineData((3 * HugePageMemory.PageLength) - 64)]
    public void A_length_of_a_huge_page_or_more_is_aligned_to_one_and_rounded_up_to_whole_ones(int length)
    {
        byte* memory = (byte*)HugePageMemory.Allocate((nuint)length);
        try
        {
            Assert.Equal(0UL, (ulong)memory % HugePageMemory.PageLength);

            // The rounding: the whole last huge page is the caller's, not only the requested bytes.
            int rounded = (length + HugePageMemory.PageLength - 1) / HugePageMemory.PageLength * HugePageMemory.PageLength;
            new Span<byte>(memory, rounded).Fill(0xA5);
            Assert.Equal(0xA5, memory[0]);
            Assert.Equal(0xA5, memory[rounded - 1]);
        }
        finally
        {
            HugePageMemory.Free(memory);
        }
    }
}
