using System;
using System.Buffers.Binary;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast;

/// <summary>
/// BLAKE2b's compression function F on its own, with a caller-chosen number of rounds: what
/// Ethereum's BLAKE2b precompile (EIP-152, address 0x09) computes, and what protocols built on
/// BLAKE2b's internals need.
/// </summary>
/// <remarks>
/// <para>F with 12 rounds is the compression step of BLAKE2b (RFC 7693, section 3.2); round r uses
/// the message schedule's row r mod 10, so rounds 10 and 11 reuse rows 0 and 1, as in BLAKE2b.</para>
/// <para>The same kernels as <see cref="Blake2b"/>: twelve rounds run through the BLAKE2b compress
/// kernel this machine picks, other counts through that kernel's rounds path (AVX2 and AVX-512) or
/// the scalar one. Every method is thread-safe and allocates nothing. A count near
/// <see cref="uint.MaxValue"/> takes tens of seconds: the caller (a precompile charges one unit of
/// gas per round) decides what it accepts.</para>
/// </remarks>
public static class Blake2bCompression
{
    /// <summary>The length of EIP-152's input: rounds (4), h (64), m (128), t (16) and the flag (1), 213 bytes.</summary>
    public const int Eip152InputLength = 213;

    /// <summary>The length of EIP-152's output: the new h, 64 bytes.</summary>
    public const int Eip152OutputLength = 64;

    /// <summary>
    /// Compresses one 16-word message block into an 8-word BLAKE2b state with
    /// <paramref name="rounds"/> rounds.
    /// </summary>
    /// <param name="rounds">The number of rounds, 0 to <see cref="uint.MaxValue"/>: 12 is BLAKE2b's compression.</param>
    /// <param name="state">The chaining value h, exactly 8 words, updated in place.</param>
    /// <param name="message">The message block m, exactly 16 words.</param>
    /// <param name="t0">The low word of the byte counter.</param>
    /// <param name="t1">The high word of the byte counter.</param>
    /// <param name="finalBlock">Whether this is the last block (BLAKE2b's f0 flag: all ones when set).</param>
    /// <exception cref="ArgumentException"><paramref name="state"/> is not 8 words or <paramref name="message"/> is not 16 words; the state is left unchanged.</exception>
    public static void Compress(uint rounds, Span<ulong> state, ReadOnlySpan<ulong> message, ulong t0, ulong t1, bool finalBlock)
    {
        if (state.Length != 8)
        {
            throw new ArgumentException($"The state must be exactly 8 words; it is {state.Length}. Nothing was written.", nameof(state));
        }

        if (message.Length != 16)
        {
            throw new ArgumentException($"The message block must be exactly 16 words; it is {message.Length}. Nothing was written.", nameof(message));
        }

        Blake2bKernels.CompressRounds(Blake2bKernels.Best, state, message, rounds, t0, t1, finalBlock);
    }

    /// <summary>
    /// Computes EIP-152's precompile: reads its 213-byte input (rounds as 4 bytes big-endian; h as
    /// 8 words, m as 16 words, t0 and t1, all 8-byte little-endian; then the final-block flag, 0 or
    /// 1) and writes the new h, 64 bytes little-endian.
    /// </summary>
    /// <param name="input">The precompile's input, exactly <see cref="Eip152InputLength"/> bytes.</param>
    /// <param name="destination">Where the 64-byte result goes: at least <see cref="Eip152OutputLength"/> bytes; only the first 64 are written.</param>
    /// <exception cref="ArgumentException"><paramref name="input"/> is not 213 bytes long or its last byte is neither 0 nor 1, or
    /// <paramref name="destination"/> is shorter than 64 bytes; nothing is written.</exception>
    public static void ComputeEip152(ReadOnlySpan<byte> input, Span<byte> destination)
    {
        if (input.Length != Eip152InputLength)
        {
            throw new ArgumentException($"EIP-152's input must be exactly {Eip152InputLength} bytes; it is {input.Length}. Nothing was written.", nameof(input));
        }

        byte flag = input[Eip152InputLength - 1];
        if (flag > 1)
        {
            throw new ArgumentException($"EIP-152's final-block flag (the last input byte) must be 0 or 1; it is {flag}. Nothing was written.", nameof(input));
        }

        Guard.Destination(destination.Length, Eip152OutputLength, nameof(destination));

        uint rounds = BinaryPrimitives.ReadUInt32BigEndian(input);
        Span<ulong> state = stackalloc ulong[8];
        Span<ulong> message = stackalloc ulong[16];
        for (int i = 0; i < 8; i++)
        {
            state[i] = BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(4 + (8 * i)));
        }

        for (int i = 0; i < 16; i++)
        {
            message[i] = BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(68 + (8 * i)));
        }

        ulong t0 = BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(196));
        ulong t1 = BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(204));
        Blake2bKernels.CompressRounds(Blake2bKernels.Best, state, message, rounds, t0, t1, flag == 1);
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(8 * i), state[i]);
        }
    }
}
