namespace Blake2Fast.Internal;

// The netstandard version of Shared/Modern/OutputArrays.cs: .NET Standard has no way to skip the
// zeroing of a new array.

/// <summary>Allocation of result arrays whose every byte the caller writes.</summary>
internal static class OutputArrays
{
    /// <summary>An array of <paramref name="length"/> bytes (zeroed here, as every array is).</summary>
    public static byte[] Uninitialized(int length) => new byte[length];
}
