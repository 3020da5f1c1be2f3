using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast;

/// <summary>
/// BLAKE3: plain hashing, keyed hashing (a MAC with a 32-byte key) and key derivation, with output
/// of any length, in managed code.
/// </summary>
/// <remarks>
/// <para>The output length is the destination's length: 32 bytes is the standard hash, and any
/// longer output extends it (its first 32 bytes are the 32-byte hash). To read output from an
/// arbitrary position, use <see cref="Blake3HashState.CreateOutputReader"/>.</para>
/// <para>The overloads without <c>maxDegreeOfParallelism</c> run on the calling thread only. Those
/// with it split the input's tree at its left-full boundaries across threads, the calling thread
/// among them, for inputs of at least 128 KiB; the result is the same.</para>
/// <para>Every method is thread-safe; the span methods allocate nothing on one thread. Keys and
/// chaining values are erased from the memory the methods used before they return.</para>
/// </remarks>
public static partial class Blake3
{
    /// <summary>The standard output length: 32 bytes.</summary>
    public const int DefaultOutputLength = 32;

    /// <summary>The key length of keyed hashing: exactly 32 bytes.</summary>
    public const int KeyLength = 32;

    private const int StreamBufferLength = 1024 * 1024;

    /// <summary>Computes the 32-byte BLAKE3 hash of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The 32-byte hash.</returns>
    public static byte[] HashData(ReadOnlySpan<byte> source)
    {
        byte[] hash = new byte[DefaultOutputLength];
        HashData(source, hash);
        return hash;
    }

    /// <summary>Computes the BLAKE3 output of <paramref name="source"/>, as long as <paramref name="destination"/>.</summary>
    /// <param name="source">The data to hash; it may overlap <paramref name="destination"/>.</param>
    /// <param name="destination">Receives the output; 1 byte or more (32 is the standard hash).</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        // The body of the overload below with one thread, not a call to it: one method less to compile before a process's first hash (see HashPaddedChunk).
        CheckDestination(destination.Length, nameof(destination));
        Hash(source, Iv, 0, 1, destination);
    }

    /// <summary>
    /// Computes the BLAKE3 output of <paramref name="source"/> on up to
    /// <paramref name="maxDegreeOfParallelism"/> threads, the calling thread among them.
    /// </summary>
    /// <param name="source">The data to hash; it may overlap <paramref name="destination"/>.</param>
    /// <param name="destination">Receives the output; 1 byte or more.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, int maxDegreeOfParallelism)
    {
        CheckDestination(destination.Length, nameof(destination));
        int degree = Degree(maxDegreeOfParallelism);
        Hash(source, Iv, 0, degree, destination);
    }

    /// <summary>Computes the keyed BLAKE3 output (a MAC) of <paramref name="source"/>, as long as <paramref name="destination"/>.</summary>
    /// <param name="key">The key: exactly 32 bytes.</param>
    /// <param name="source">The data to authenticate; it may overlap <paramref name="destination"/>.</param>
    /// <param name="destination">Receives the output; 1 byte or more (32 is standard).</param>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes, or <paramref name="destination"/> is empty; nothing was written.</exception>
    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) => HashData(key, source, destination, 1);

    /// <summary>Computes the keyed BLAKE3 output of <paramref name="source"/> on up to <paramref name="maxDegreeOfParallelism"/> threads.</summary>
    /// <param name="key">The key: exactly 32 bytes.</param>
    /// <param name="source">The data to authenticate; it may overlap <paramref name="destination"/>.</param>
    /// <param name="destination">Receives the output; 1 byte or more.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes, or <paramref name="destination"/> is empty; nothing was written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, int maxDegreeOfParallelism)
    {
        CheckKey(key);
        CheckDestination(destination.Length, nameof(destination));
        int degree = Degree(maxDegreeOfParallelism);
        Span<uint> words = stackalloc uint[8];
        KeyWords(key, words);
        Hash(source, words, Blake3Constants.KeyedHash, degree, destination);
        SecretBytes.Erase(MemoryMarshal.AsBytes(words));
    }

    /// <summary>
    /// Derives key material from <paramref name="keyMaterial"/> in BLAKE3's key derivation mode: the
    /// context string, hard-coded, globally unique and application-specific, picks the derived key.
    /// </summary>
    /// <param name="context">The context, e.g. "example.com 2025-01-01 session tokens v1"; hashed as UTF-8.</param>
    /// <param name="keyMaterial">The input key material.</param>
    /// <param name="destination">Receives the derived key; 1 byte or more.</param>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty; nothing was written.</exception>
    public static void DeriveKey(string context, ReadOnlySpan<byte> keyMaterial, Span<byte> destination)
    {
        ArgumentNullException.ThrowIfNull(context);
        CheckDestination(destination.Length, nameof(destination));
        Span<uint> words = stackalloc uint[8];
        ContextKey(context, words);
        Hash(keyMaterial, words, Blake3Constants.DeriveKeyMaterial, 1, destination);
        SecretBytes.Erase(MemoryMarshal.AsBytes(words));
    }

    /// <summary>Computes the BLAKE3 output of the rest of <paramref name="source"/>, as long as <paramref name="destination"/>, on the calling thread.</summary>
    /// <param name="source">The stream, read to its end.</param>
    /// <param name="destination">Receives the output; 1 byte or more.</param>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read, or <paramref name="destination"/> is empty; nothing was read or written.</exception>
    public static void HashData(Stream source, Span<byte> destination)
    {
        CheckDestination(destination.Length, nameof(destination));
        Blake3HashState state = StartStream(source);
        byte[] buffer = ArrayPool<byte>.Shared.Rent(StreamBufferLength);
        int used = 0;
        try
        {
            int read;
            while ((read = source.Read(buffer, 0, StreamBufferLength)) > 0)
            {
                used = Math.Max(used, read);
                state.Update(buffer.AsSpan(0, read));
            }

            state.Finish(destination);
        }
        finally
        {
            state.Clear();
            StreamBuffers.Return(buffer, used);
        }
    }

    /// <summary>Computes the 32-byte BLAKE3 hash of the rest of <paramref name="source"/>.</summary>
    /// <param name="source">The stream, read to its end.</param>
    /// <returns>The 32-byte hash.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read.</exception>
    public static byte[] HashData(Stream source)
    {
        byte[] hash = new byte[DefaultOutputLength];
        HashData(source, hash);
        return hash;
    }

    /// <summary>Computes the BLAKE3 output of the rest of <paramref name="source"/>, reading it asynchronously.</summary>
    /// <param name="source">The stream, read to its end.</param>
    /// <param name="destination">Receives the output; 1 byte or more.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>A task that completes when the output is written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read, or <paramref name="destination"/> is empty; nothing was read or written.</exception>
    public static ValueTask HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken = default)
    {
        CheckDestination(destination.Length, nameof(destination));
        Blake3HashState state = StartStream(source);
        return HashCoreAsync(state, source, destination, cancellationToken);
    }

    /// <summary>Computes the 32-byte BLAKE3 hash of the rest of <paramref name="source"/>, reading it asynchronously.</summary>
    /// <param name="source">The stream, read to its end.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The 32-byte hash.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read.</exception>
    public static ValueTask<byte[]> HashDataAsync(Stream source, CancellationToken cancellationToken = default)
    {
        byte[] hash = new byte[DefaultOutputLength];
        return AsyncResults.Then(HashDataAsync(source, hash, cancellationToken), hash);
    }

    /// <summary>Creates an incremental BLAKE3 hasher.</summary>
    /// <returns>A new hash state.</returns>
    public static Blake3HashState CreateIncrementalHasher()
    {
        Blake3HashState state = default;
        state.Initialize(Iv, 0);
        return state;
    }

    /// <summary>Creates an incremental keyed BLAKE3 hasher.</summary>
    /// <param name="key">The key: exactly 32 bytes (copied; erased by <see cref="Blake3HashState.Finish(Span{byte})"/> and <see cref="Blake3HashState.Clear"/>).</param>
    /// <returns>A new hash state.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes.</exception>
    public static Blake3HashState CreateIncrementalHasher(ReadOnlySpan<byte> key)
    {
        CheckKey(key);
        Span<uint> words = stackalloc uint[8];
        KeyWords(key, words);
        Blake3HashState state = default;
        state.Initialize(words, Blake3Constants.KeyedHash);
        SecretBytes.Erase(MemoryMarshal.AsBytes(words));
        return state;
    }

    /// <summary>Creates an incremental hasher in BLAKE3's key derivation mode: feed it the key material.</summary>
    /// <param name="context">The context string (see <see cref="DeriveKey"/>).</param>
    /// <returns>A new hash state.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public static Blake3HashState CreateDeriveKeyHasher(string context)
    {
        ArgumentNullException.ThrowIfNull(context);
        Span<uint> words = stackalloc uint[8];
        ContextKey(context, words);
        Blake3HashState state = default;
        state.Initialize(words, Blake3Constants.DeriveKeyMaterial);
        SecretBytes.Erase(MemoryMarshal.AsBytes(words));
        return state;
    }

    /// <summary>
    /// Resumes a hash from bytes written by <see cref="Blake3HashState.ExportState"/> or
    /// <see cref="Blake3HashState.TryExportState"/> (in any process, on any machine, by this version of the
    /// library or an earlier one): the returned state continues exactly where the exported one stood,
    /// in the same mode; a subtree hasher (<see cref="Blake3Subtree.CreateHasher"/>) stays one, at its offset.
    /// </summary>
    /// <remarks>
    /// The export's checksum catches damaged or cut-short bytes, not an attacker (who can recompute
    /// it): keep a stored state as safe as the data it stands for, and as secret as the key when it
    /// holds one. Format: docs/resumable-hashing.md.
    /// </remarks>
    /// <param name="exportedState">The exported state, exactly as written.</param>
    /// <returns>A hash state, ready for more <c>Update</c> calls and <c>Finish</c> (or <c>FinishSubtree</c>).</returns>
    /// <exception cref="CryptographicException"><paramref name="exportedState"/> is not a whole, unchanged BLAKE3 export in a format version this library reads, or describes a state no hash can reach.</exception>
    public static Blake3HashState ImportState(ReadOnlySpan<byte> exportedState) => Blake3HashState.Import(exportedState);

    /// <summary>Creates a <see cref="HashAlgorithm"/> computing the 32-byte BLAKE3 hash, for <see cref="CryptoStream"/> and other APIs that take one.</summary>
    /// <returns>A reusable <see cref="HashAlgorithm"/>.</returns>
    public static HashAlgorithm CreateHashAlgorithm() => new Blake3HashAlgorithm(CreateIncrementalHasher());

    /// <summary>Creates a <see cref="HashAlgorithm"/> computing the 32-byte keyed BLAKE3 output.</summary>
    /// <param name="key">The key: exactly 32 bytes (copied; erased when the object is disposed).</param>
    /// <returns>A reusable <see cref="HashAlgorithm"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes.</exception>
    public static HashAlgorithm CreateHashAlgorithm(ReadOnlySpan<byte> key) => new Blake3HashAlgorithm(CreateIncrementalHasher(key));

    /// <summary>The key words of unkeyed hashing: BLAKE2s's IV.</summary>
    /// <remarks>
    /// An array behind a span, not a constant span of uint: .NET 8 builds the latter through
    /// RuntimeHelpers.CreateSpan, which its first-tier code reaches through an allocating helper
    /// (found by the allocation test in the .NET 8 legs, as for BLAKE2s's schedule in 946f484).
    /// </remarks>
    internal static ReadOnlySpan<uint> Iv => IvWords;

    private static readonly uint[] IvWords =
    [
        Blake2sScalar.IV0, Blake2sScalar.IV1, Blake2sScalar.IV2, Blake2sScalar.IV3,
        Blake2sScalar.IV4, Blake2sScalar.IV5, Blake2sScalar.IV6, Blake2sScalar.IV7,
    ];

    /// <summary>Checks a <c>maxDegreeOfParallelism</c> argument and returns the number of threads it allows.</summary>
    internal static int Degree(int maxDegreeOfParallelism, string paramName = "maxDegreeOfParallelism")
    {
        if (maxDegreeOfParallelism == 0 || maxDegreeOfParallelism < -1)
        {
            throw new ArgumentOutOfRangeException(paramName, maxDegreeOfParallelism, "The degree of parallelism must be -1 (as many threads as there are processors) or at least 1.");
        }

        return maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : maxDegreeOfParallelism;
    }

    internal static void CheckDestination(int length, string paramName)
    {
        if (length < 1)
        {
            throw new ArgumentException("The destination receives the output, whose length is the destination's: it must hold at least 1 byte.", paramName);
        }
    }

    internal static void CheckKey(ReadOnlySpan<byte> key)
    {
        if (key.Length != KeyLength)
        {
            throw new ArgumentException($"A BLAKE3 key must be exactly {KeyLength} bytes; it is {key.Length} bytes. Nothing was written.", nameof(key));
        }
    }

    internal static void KeyWords(ReadOnlySpan<byte> key, Span<uint> words) => Blake3Scalar.LoadWords(key, words);

    /// <summary>The context key of key derivation: the context string hashed with DERIVE_KEY_CONTEXT.</summary>
    internal static unsafe void ContextKey(string context, Span<uint> words)
    {
        // Contexts are short strings: encoded on the stack, so key derivation allocates nothing.
        int length = Encoding.UTF8.GetByteCount(context);
        byte[]? rented = length > 512 ? ArrayPool<byte>.Shared.Rent(length) : null;
        Span<byte> utf8 = rented is null ? stackalloc byte[512] : rented;
        utf8 = utf8[..length];
        // An empty context is legal BLAKE3; `fixed` over an empty span yields a null pointer, which
        // GetBytes refuses, so there is nothing to encode and no pointer to take.
        if (length > 0)
        {
            fixed (char* chars = context)
            fixed (byte* bytes = utf8)
            {
                Encoding.UTF8.GetBytes(chars, context.Length, bytes, length);
            }
        }

        Span<byte> contextKey = stackalloc byte[32];
        Hash(utf8, Iv, Blake3Constants.DeriveKeyContext, 1, contextKey);
        Blake3Scalar.LoadWords(contextKey, words);
        SecretBytes.Erase(contextKey);
        if (rented is not null)
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>The output of <paramref name="source"/> in the mode of <paramref name="key"/> and <paramref name="flags"/>; arguments checked by the caller.</summary>
    internal static void Hash(ReadOnlySpan<byte> source, ReadOnlySpan<uint> key, uint flags, int degree, Span<byte> destination)
    {
        if (source.Length <= Blake3Constants.ChunkLength && destination.Length <= Blake3Constants.ChainingValueLength)
        {
            if (source.Length <= Blake3Constants.BlockLength)
            {
                HashOneBlock(source, key, flags, destination);
            }
            else if (source.Length % Blake3Constants.BlockLength == 0 && destination.Length == Blake3Constants.ChainingValueLength)
            {
                // One chunk of whole blocks, hashed where it lies in one chain of compressions, the last with CHUNK_END and ROOT:
                // its chaining value is the output. The kernel reads every block before it writes the output, so the destination
                // may overlap the source.
                Blake3Kernels.CompressChain(Blake3Kernels.Best, key, source, Blake3Constants.BlockLength, 0, flags, Blake3Constants.ChunkStart, Blake3Constants.ChunkEnd | Blake3Constants.Root, destination);
            }
            else
            {
                HashPaddedChunk(source, key, flags, destination);
            }

            return;
        }

        if (Blake3Tree.RootInLanes(source.Length, destination.Length))
        {
            Blake3Tree.RootBytesInLanes(source, key, flags, degree, destination);
            return;
        }

        Blake3Output root = default;
        Blake3Tree.Root(source, key, flags, degree, ref root);
        root.WriteRootBytes(0, destination);
        root.Erase();
    }

    /// <summary>
    /// Up to 64 bytes of input and 32 of output: one compression, the root of a one-block chunk,
    /// whose first 8 output words are the chaining value it leaves.
    /// </summary>
    /// <remarks>
    /// A 64-byte input is compressed where it lies and the result written straight to a 32-byte
    /// destination: no copy of the input or key, no buffer to erase. A single compression is a
    /// chain of dependent vector operations, and when a program hashes many small inputs the
    /// processor overlaps one hash's chain with the next; every instruction outside the chain
    /// takes room from that overlap. Shorter inputs are padded in a block of their own
    /// (<see cref="HashPaddedBlock"/>), kept out of this method so the 64-byte path carries no
    /// stack buffer and its overrun check.
    /// </remarks>
    private static void HashOneBlock(ReadOnlySpan<byte> source, ReadOnlySpan<uint> key, uint flags, Span<byte> destination)
    {
        flags |= Blake3Constants.ChunkStart | Blake3Constants.ChunkEnd | Blake3Constants.Root;
        if (source.Length == Blake3Constants.BlockLength && destination.Length == Blake3Constants.ChainingValueLength)
        {
            Blake3Kernels.CompressToBytes(Blake3Kernels.Best, key, source, Blake3Constants.BlockLength, 0, flags, destination);
            return;
        }

        HashPaddedBlock(source, key, flags, destination);
    }

    /// <summary>
    /// 65 to 1024 bytes of input that end in a partial block, or an output shorter than 32 bytes:
    /// the root is the only chunk, its blocks before the last one chain of compressions through
    /// the row kernel, and the last, zero-padded, one more with CHUNK_END and ROOT, whose chaining
    /// value is the output.
    /// </summary>
    /// <remarks>
    /// <see cref="Hash"/> hashes a chunk of whole blocks itself. Both are the compressions of
    /// <see cref="Blake3Tree.Chunk"/> and the root output's (<see cref="Blake3Output"/>) without
    /// keeping the last block for an output of any length, and the path is kept short on purpose:
    /// a fresh process compiles every method on it before its first hash. A 1 KiB hash compiles
    /// 13 methods where it compiled 31 through the tree (the tree's chunk and the root output's
    /// chain among those gone), and its first call is shorter by the JIT time of those
    /// (docs/measurements.md#blake3-one-chunk).
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void HashPaddedChunk(ReadOnlySpan<byte> source, ReadOnlySpan<uint> key, uint flags, Span<byte> destination)
    {
        // The chaining value between the two calls (and then the output), and the last block, zero-padded.
        Span<byte> buffer = stackalloc byte[Blake3Constants.ChainingValueLength + Blake3Constants.BlockLength];
        Span<byte> chain = buffer[..Blake3Constants.ChainingValueLength];
        Span<byte> block = buffer[Blake3Constants.ChainingValueLength..];
        int before = (source.Length - 1) / Blake3Constants.BlockLength * Blake3Constants.BlockLength;
        scoped ReadOnlySpan<uint> start = key;
        uint firstFlags = Blake3Constants.ChunkStart;
        if (before > 0)
        {
            Blake3Kernels.CompressChain(Blake3Kernels.Best, key, source[..before], Blake3Constants.BlockLength, 0, flags, Blake3Constants.ChunkStart, 0, chain);
            start = MemoryMarshal.Cast<byte, uint>(chain);
            firstFlags = 0;
        }

        block.Clear();
        source[before..].CopyTo(block);
        Blake3Kernels.CompressChain(Blake3Kernels.Best, start, block, (uint)(source.Length - before), 0, flags, firstFlags, Blake3Constants.ChunkEnd | Blake3Constants.Root, chain);

        // The source has been read whole by now, so a destination over it can be written.
        chain[..destination.Length].CopyTo(destination);

        // The block is a copy of the input, the chaining value derives from the key.
        SecretBytes.Erase(buffer);
    }

    /// <summary><see cref="HashOneBlock"/> for an input shorter than a block or an output shorter than 32 bytes.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void HashPaddedBlock(ReadOnlySpan<byte> source, ReadOnlySpan<uint> key, uint flags, Span<byte> destination)
    {
        Span<byte> block = stackalloc byte[Blake3Constants.BlockLength + Blake3Constants.ChainingValueLength];
        block.Clear();
        source.CopyTo(block);
        Span<byte> output = block.Slice(Blake3Constants.BlockLength);
        Blake3Kernels.CompressToBytes(Blake3Kernels.Best, key, block[..Blake3Constants.BlockLength], (uint)source.Length, 0, flags, output);

        // The source is in the block by now, so a destination over it can be written.
        output[..destination.Length].CopyTo(destination);

        // The block is a copy of the input, the output derives from the key.
        SecretBytes.Erase(block);
    }

    private static Blake3HashState StartStream(Stream source)
    {
        ArgumentNullException.ThrowIfNull(source);
        if (!source.CanRead)
        {
            throw new ArgumentException("The stream does not support reading.", nameof(source));
        }

        return CreateIncrementalHasher();
    }

    private static async ValueTask HashCoreAsync(Blake3HashState state, Stream source, Memory<byte> destination, CancellationToken cancellationToken)
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(StreamBufferLength);
        int used = 0;
        try
        {
            int read;
            while ((read = await source.ReadAsync(buffer.AsMemory(0, StreamBufferLength), cancellationToken).ConfigureAwait(false)) > 0)
            {
                used = Math.Max(used, read);
                state.Update(buffer.AsSpan(0, read));
            }

            state.Finish(destination.Span);
        }
        finally
        {
            state.Clear();
            StreamBuffers.Return(buffer, used);
        }
    }
}
