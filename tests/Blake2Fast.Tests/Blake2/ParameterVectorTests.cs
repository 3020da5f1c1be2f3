using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>
/// Salt, personalization and every tree field through Blake2bParameters / Blake2sParameters,
/// one-shot and incremental, against blake2-params.json (an independent implementation) and
/// hashlib-vectors.json (Python's hashlib, random combinations of every field).
/// </summary>
[Trait("Legs", "Kernel")]
public class ParameterVectorTests
{
    public static TheoryData<string, string> Files => new()
    {
        { "blake2b", "blake2-params.json" },
        { "blake2s", "blake2-params.json" },
        { "blake2b", "hashlib-vectors.json" },
        { "blake2s", "hashlib-vectors.json" },
    };

    private static IReadOnlyList<ParamCase> Load(string algorithm, string file)
    {
        IReadOnlyList<ParamCase> cases = file == "blake2-params.json" ? TestData.ParamCases(algorithm) : TestData.HashlibCases(algorithm);
        Assert.True(cases.Count >= 50, $"only {cases.Count} {algorithm} cases in {file}");
        return cases;
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void One_shot_with_parameters(string algorithm, string file)
    {
        Api api = Api.Get(algorithm);
        foreach (ParamCase c in Load(algorithm, file))
        {
            Check.Digest(c.Expected, api.HashWithParameters(c, c.Input), c.ToString());
        }
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Incremental_with_parameters(string algorithm, string file)
    {
        Api api = Api.Get(algorithm);
        foreach (ParamCase c in Load(algorithm, file))
        {
            foreach ((string name, var feed) in Feeders.For(api))
            {
                IHasher h = api.CreateHasher(c);
                Assert.Equal(c.DigestLength, h.DigestLength);
                feed(h, c.Input);
                Check.Digest(c.Expected, h.Finish(), $"{name}: {c}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Fields_in_the_files_are_in_effect(string algorithm, string file)
    {
        // Guards against vector files that would not exercise what they claim to.
        IReadOnlyList<ParamCase> cases = Load(algorithm, file);
        Assert.Contains(cases, c => c.Salt.Length != 0 && c.Personalization.Length != 0 && c.Key.Length != 0);
        Assert.Contains(cases, c => c.FanOut != 1 && c.Depth != 1 && c.LeafLength != 0 && c.NodeOffset != 0 && c.NodeDepth != 0 && c.InnerLength != 0);
        Assert.Contains(cases, c => c.LastNode);
    }

    public static TheoryData<string, string> RegressionSurfaces() => KatEverySurfaceTests.Surfaces();

    /// <summary>
    /// hashlib's answers for exact block multiples (1 to 4 blocks), lengths one either side, a
    /// key with no data, and digest lengths 1 and max, through every surface that can express them.
    /// </summary>
    [Theory]
    [MemberData(nameof(RegressionSurfaces))]
    public void Block_boundaries_key_only_and_extreme_digest_lengths_through(string algorithm, string surface)
    {
        Api api = Api.Get(algorithm);
        OneShotSurface s = api.OneShots.Single(x => x.Name == surface);
        int checkedCases = s.CheckAccepted(api, TestData.HashlibCases(algorithm, "regression").Select(c => (c.Key, c.Input, c.Expected, (object)c)));
        Assert.True(checkedCases >= 9, $"{surface} checked only {checkedCases} cases");
    }
}
