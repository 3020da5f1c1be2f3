using System;

namespace Blake2Fast.Tests;

/// <summary>The comparisons of the model tests: each failure says what was expected and what came.</summary>
internal static class ModelCheck
{
    /// <summary>
    /// <paramref name="action"/> must throw <typeparamref name="TException"/> (or a type derived from it,
    /// as <see cref="ArgumentOutOfRangeException"/> is an <see cref="ArgumentException"/>), naming
    /// <paramref name="paramName"/> when one is given.
    /// </summary>
    public static void Throws<TException>(Action action, string? paramName = null) where TException : Exception
    {
        try
        {
            action();
        }
        catch (TException e)
        {
            if (paramName is not null && e is ArgumentException argument && argument.ParamName != paramName)
            {
                throw new ModelMismatchException($"expected {typeof(TException).Name} naming '{paramName}', got one naming '{argument.ParamName}'", e);
            }

            return;
        }
        catch (Exception e)
        {
            throw new ModelMismatchException($"expected {typeof(TException).Name}, got {e.GetType().Name}: {e.Message}", e);
        }

        throw new ModelMismatchException($"expected {typeof(TException).Name}, nothing was thrown");
    }

    public static void Equal<T>(T expected, T actual, string what)
    {
        if (!Equals(expected, actual))
        {
            throw new ModelMismatchException($"{what}: expected {expected}, got {actual}");
        }
    }

    public static void Bytes(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string what)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new ModelMismatchException($"{what}: expected {Convert.ToHexString(expected)}, got {Convert.ToHexString(actual)}");
        }
    }

    /// <summary>A destination filled with a pattern, so that bytes written where none should be show.</summary>
    public static byte[] Sentinel(int length)
    {
        byte[] buffer = new byte[length];
        for (int i = 0; i < length; i++)
        {
            buffer[i] = (byte)(0xA5 ^ i);
        }

        return buffer;
    }

    /// <summary>Bytes <paramref name="from"/>.. of <paramref name="buffer"/> must still hold <see cref="Sentinel"/>'s pattern.</summary>
    public static void Untouched(byte[] buffer, int from, string what) =>
        Bytes(Sentinel(buffer.Length).AsSpan(from), buffer.AsSpan(from), what);
}
