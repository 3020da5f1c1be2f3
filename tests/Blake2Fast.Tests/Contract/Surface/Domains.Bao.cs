using System;
using System.Collections.Generic;

namespace Blake2Fast.Tests.Surface;

// Bao: encodings of one fixed input, cut, corrupted and sliced.
internal static partial class Domains
{
    private static IEnumerable<(string Why, Func<Site, Slot, bool> Applies, Maker Make)> BaoOverrides() => [];
}
