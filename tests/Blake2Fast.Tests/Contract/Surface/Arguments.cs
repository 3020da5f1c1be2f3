using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;

namespace Blake2Fast.Tests.Surface;

/// <summary>The values the contract test passes: messages, keys, byte views, destinations, streams.</summary>
internal static class Arguments
{
    /// <summary>What a destination is filled with, so that a byte written where it should not be shows.</summary>
    public const byte Sentinel = 0xA5;

    /// <summary>Bytes before and after each view inside its array, where nothing may be written.</summary>
    public const int Guard = 8;

    /// <summary>The default message: longer than any block, and a prime length, so no block or lane comes out even.</summary>
    public const int MessageLength = 1031;

    /// <summary>The default message of the overloads that split BLAKE3 input across threads: past the 128 KiB where they start to.</summary>
    public const int ParallelMessageLength = (128 * 1024) + 1031;

    /// <summary>A deterministic message: byte i is (7i + seed) mod 256.</summary>
    public static byte[] Pattern(int length, int seed = 1)
    {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++)
        {
            data[i] = (byte)((7 * i) + seed);
        }

        return data;
    }

    /// <summary><paramref name="content"/> as a view inside a larger array, with guard bytes of the sentinel around it.</summary>
    public static ArraySegment<byte> View(byte[] content) => Guarded<byte>(content, Sentinel);

    /// <summary><paramref name="text"/> as a view inside a larger array, with guard characters around it.</summary>
    public static ArraySegment<char> View(string text) => Guarded(text.AsSpan(), (char)Sentinel);

    /// <summary><paramref name="words"/> as a view inside a larger array, with guard words of the sentinel around it.</summary>
    public static ArraySegment<ulong> View(ulong[] words) => Guarded<ulong>(words, 0x0101010101010101UL * Sentinel);

    /// <summary><paramref name="content"/> copied into the middle of an array of <paramref name="guard"/>, <see cref="Guard"/> elements each side.</summary>
    private static ArraySegment<T> Guarded<T>(ReadOnlySpan<T> content, T guard)
    {
        T[] backing = new T[Guard + content.Length + Guard];
        backing.AsSpan().Fill(guard);
        content.CopyTo(backing.AsSpan(Guard));
        return new ArraySegment<T>(backing, Guard, content.Length);
    }

    /// <summary>Every array of words an argument lets the method reach (BLAKE2b's F takes its state and message as words).</summary>
    public static IEnumerable<ulong[]> WordArraysOf(object? value)
    {
        switch (value)
        {
            case ulong[] array:
                yield return array;
                break;
            case ArraySegment<ulong> { Array: { } array }:
                yield return array;
                break;
        }
    }

    /// <summary>A destination of <paramref name="length"/> bytes of the sentinel, inside guard bytes of the sentinel.</summary>
    public static ArraySegment<byte> Destination(int length)
    {
        byte[] backing = new byte[Guard + length + Guard];
        backing.AsSpan().Fill(Sentinel);
        return new ArraySegment<byte>(backing, Guard, length);
    }

    /// <summary>The bytes an argument holds, as the method will read them: views, arrays, memory lists, streams, single values.</summary>
    public static byte[] BytesOf(object? value) => value switch
    {
        null => [],
        byte[] array => array.ToArray(),
        ArraySegment<byte> segment => segment.AsSpan().ToArray(),
        byte single => [single],
        Stream stream => Contents.TryGetValue(stream, out byte[]? content) ? content.ToArray() : [],
        _ => throw new InvalidOperationException($"No bytes in a {value.GetType()}."),
    };

    /// <summary>The messages of a HashMany list.</summary>
    public static IReadOnlyList<byte[]> MessagesOf(object? value) => value switch
    {
        null => [],
        ReadOnlyMemory<byte>[] list => list.Select(m => m.ToArray()).ToList(),
        _ => throw new InvalidOperationException($"No messages in a {value.GetType()}."),
    };

    /// <summary>Every array an argument lets the method reach, for the check that nothing is written outside the destination.</summary>
    public static IEnumerable<byte[]> ArraysOf(object? value)
    {
        switch (value)
        {
            case byte[] array:
                yield return array;
                break;
            case ArraySegment<byte> { Array: { } array }:
                yield return array;
                break;
            case ReadOnlyMemory<byte>[] list:
                foreach (ReadOnlyMemory<byte> m in list)
                {
                    if (MemoryMarshal.TryGetArray(m, out ArraySegment<byte> segment) && segment.Array is not null)
                    {
                        yield return segment.Array;
                    }
                }

                break;
        }
    }

    private static readonly ConditionalWeakTable<Stream, byte[]> Contents = new();

    /// <summary><paramref name="stream"/>, whose content (all it will read) the test remembers for the answer.</summary>
    public static Stream Remember(Stream stream, byte[] content)
    {
        Contents.Add(stream, content);
        return stream;
    }

    private sealed record ModeContent(byte[] Key, string? Context);

    private static readonly ConditionalWeakTable<object, ModeContent> ModeContents = new();

    /// <summary>A boxed <see cref="Blake3Mode"/>, whose key or context (which it does not show) the test remembers for the answer.</summary>
    public static object RememberMode(Blake3Mode mode, byte[] key, string? context)
    {
        object box = mode;
        ModeContents.Add(box, new ModeContent(key, context));
        return box;
    }

    /// <summary>The key (empty if none) and context (null if none) of a mode made by <see cref="RememberMode"/>.</summary>
    public static (byte[] Key, string? Context) ModeOf(object box) => ModeContents.TryGetValue(box, out ModeContent? mode)
        ? (mode.Key, mode.Context)
        : throw new InvalidOperationException("A Blake3Mode the test did not make.");

    public static CancellationToken Canceled()
    {
        using var source = new CancellationTokenSource();
        source.Cancel();
        return source.Token;
    }
}
