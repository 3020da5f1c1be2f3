using System.Runtime.CompilerServices;

namespace System;

// Index and Range, which the compiler needs for span[a..b] and span[^n]; .NET Standard 2.0 lacks
// them. Only what the compiler calls is here (spans slice through Length and Slice).

/// <summary>A position counted from the start, or from the end with <c>^</c>.</summary>
internal readonly struct Index
{
    private readonly int _value;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Index(int value, bool fromEnd = false)
    {
        if (value < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(value), "The index must not be negative.");
        }

        _value = fromEnd ? ~value : value;
    }

    private Index(int value, int marker) => _value = value;

    public static Index Start => new(0, 0);

    public static Index End => new(~0, 0);

    public bool IsFromEnd => _value < 0;

    public int Value => _value < 0 ? ~_value : _value;

    public static implicit operator Index(int value) => new(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int GetOffset(int length) => _value < 0 ? length + _value + 1 : _value;
}

/// <summary>A start and an end <see cref="Index"/>.</summary>
internal readonly struct Range(Index start, Index end)
{
    public Index Start { get; } = start;

    public Index End { get; } = end;

    public static Range StartAt(Index start) => new(start, Index.End);

    public static Range EndAt(Index end) => new(Index.Start, end);

    public static Range All => new(Index.Start, Index.End);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public (int Offset, int Length) GetOffsetAndLength(int length)
    {
        int start = Start.GetOffset(length);
        int end = End.GetOffset(length);
        if ((uint)end > (uint)length || (uint)start > (uint)end)
        {
            throw new ArgumentOutOfRangeException(nameof(length));
        }

        return (start, end - start);
    }
}
