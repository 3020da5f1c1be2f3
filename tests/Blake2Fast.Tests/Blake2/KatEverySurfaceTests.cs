using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>The official known answers (keyed and unkeyed) through every public way of hashing a whole message.</summary>
[Trait("Legs", "Kernel")]
public class KatEverySurfaceTests
{
    public static TheoryData<string, string> Surfaces()
    {
        var data = new TheoryData<string, string>();
        foreach (Api api in new[] { Api.B, Api.S })
        {
            foreach (OneShotSurface s in api.OneShots)
            {
                data.Add(api.Name, s.Name);
            }
        }

        return data;
    }

    public static TheoryData<string, string> Feeders()
    {
        var data = new TheoryData<string, string>();
        foreach (Api api in new[] { Api.B, Api.S })
        {
            foreach ((string name, _) in Tests.Feeders.For(api))
            {
                data.Add(api.Name, name);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public void Official_kat_through(string algorithm, string surface)
    {
        Api api = Api.Get(algorithm);
        OneShotSurface s = api.OneShots.Single(x => x.Name == surface);
        int checkedCases = 0;
        foreach (KatCase c in KnownAnswerTests.RequireKat(algorithm))
        {
            if (!s.Accepts(api, c.Key, c.Expected.Length))
            {
                continue;
            }

            Check.Digest(c.Expected, s.Hash(c.Key, c.Input, c.Expected.Length), $"{surface}: {c}");
            checkedCases++;
        }

        // Unkeyed-only surfaces get the 256 unkeyed cases, the others all 512.
        Assert.Equal(s.TakesKey ? 512 : 256, checkedCases);
    }

    [Theory]
    [MemberData(nameof(Feeders))]
    public void Official_kat_incremental(string algorithm, string feeder)
    {
        Api api = Api.Get(algorithm);
        var feed = Tests.Feeders.For(api).Single(f => f.Name == feeder).Feed;
        foreach (KatCase c in KnownAnswerTests.RequireKat(algorithm))
        {
            foreach ((string factory, var create) in api.HasherFactories)
            {
                IHasher? h = create(c.Key, c.Expected.Length);
                if (h is null)
                {
                    continue;
                }

                feed(h, c.Input);
                Check.Digest(c.Expected, h.Finish(), $"{factory}, {feeder}: {c}");
            }
        }
    }
}
