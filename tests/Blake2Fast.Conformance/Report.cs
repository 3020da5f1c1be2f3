using System;
using System.Collections.Generic;

namespace Blake2Fast.Conformance;

/// <summary>Counts every check, prints each failure with its label, and one closing line.</summary>
internal sealed class Report
{
    private readonly Dictionary<string, int> _bySuite = new(StringComparer.Ordinal);
    private string _suite = "";

    public int Passed { get; private set; }

    public int Failed { get; private set; }

    public void Begin(string suite)
    {
        _suite = suite;
        _bySuite[suite] = 0;
    }

    public void Check(bool ok, string label)
    {
        _bySuite[_suite]++;
        if (ok)
        {
            Passed++;
            return;
        }

        Failed++;
        if (Failed <= 50)
        {
            Console.Error.WriteLine($"FAIL [{_suite}] {label}");
        }
    }

    public void Equal(byte[] expected, byte[] actual, string label) =>
        Check(Hex.Of(expected) == Hex.Of(actual), $"{label}: expected {Hex.Of(expected)}, got {Hex.Of(actual)}");

    public void Throws<TException>(Action action, string label, string? paramName = null)
        where TException : Exception
    {
        try
        {
            action();
            Check(false, $"{label}: no exception, expected {typeof(TException).Name}");
        }
        catch (TException e) when (e.GetType() == typeof(TException))
        {
            string? actualParam = (e as ArgumentException)?.ParamName;
            Check(paramName is null || actualParam == paramName, $"{label}: ParamName '{actualParam}', expected '{paramName}'");
        }
        catch (Exception e)
        {
            Check(false, $"{label}: {e.GetType().Name} ({e.Message}), expected {typeof(TException).Name}");
        }
    }

    public void PrintSuites()
    {
        foreach (KeyValuePair<string, int> suite in _bySuite)
        {
            Console.WriteLine($"  {suite.Key}: {suite.Value} checks");
        }
    }
}

/// <summary>Hex without Convert.ToHexString, which .NET Framework lacks.</summary>
internal static class Hex
{
    public static string Of(byte[] bytes)
    {
        var text = new System.Text.StringBuilder(bytes.Length * 2);
        foreach (byte b in bytes)
        {
            text.Append(b.ToString("x2", System.Globalization.CultureInfo.InvariantCulture));
        }

        return text.ToString();
    }

    public static byte[] Parse(string hex)
    {
        byte[] bytes = new byte[hex.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = byte.Parse(hex.Substring(2 * i, 2), System.Globalization.NumberStyles.HexNumber, System.Globalization.CultureInfo.InvariantCulture);
        }

        return bytes;
    }
}
