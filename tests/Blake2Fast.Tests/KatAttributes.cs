namespace Blake2Fast.Tests;

/// <summary>
/// A fact that needs the official KAT file from ../shared: reported as skipped, with the reason,
/// where that file is absent (xunit 2 has no runtime skip, so the decision is made here).
/// </summary>
public sealed class KatFactAttribute : FactAttribute
{
    public KatFactAttribute()
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
    public KatTheoryAttribute()
    {
        if (TestData.FindKatFile() is null)
        {
            Skip = "Official KAT not found: " + TestData.KatSearchDescription;
        }
    }
}
