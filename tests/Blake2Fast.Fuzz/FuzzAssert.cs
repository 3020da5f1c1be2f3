using System;

namespace Blake2Fast.Fuzz;

/// <summary>A property the code under test broke: thrown so that afl-fuzz records the input as a crash.</summary>
internal sealed class FuzzPropertyException : Exception
{
    public FuzzPropertyException()
    {
    }

    public FuzzPropertyException(string message)
        : base(message)
    {
    }

    public FuzzPropertyException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}

/// <summary>The targets' checks: a broken property throws <see cref="FuzzPropertyException"/>.</summary>
internal static class FuzzAssert
{
    public static void That(bool condition, string property)
    {
        if (!condition)
        {
            throw new FuzzPropertyException(property);
        }
    }
}
