using System.Runtime.CompilerServices;
namespace Blake2Fast.Tests;

/// <summary>
/// A fact that needs the official KAT file from ../shared: reported as skipped, with the reason,
/// where that file is absent (decided when the attribute is built, so that the skip and its reason show in every runner).
/// </summary>
public sealed class KatFactAttribute : FactAttribute
{
    public KatFactAttribute([CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber)
    {
        if (TestData.FindKatFile() is null)
        {
            Skip = "Official KAT not found: " + TestData.KatSearchDescription;
        }
    }
}

/// <summary>The theory counterpart of <see cref="KatFactAttribute"/>.</summary>
public sealed class KatTheoryAttribute : TheoryAttribute
{
    public KatTheoryAttribute([CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber)
    {
        if (TestData.FindKatFile() is null)
        {
            Skip = "Official KAT not found: " + TestData.KatSearchDescription;
        }
    }
}
