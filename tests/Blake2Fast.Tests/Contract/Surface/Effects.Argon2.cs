using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tests.Surface;

// How Argon2's and F's calls show: tags against RFC 9106's vectors or the reference, PHC strings
// read back by the test and their tags recomputed by the reference, verification and NeedsRehash
// against the strings' own fields, F against EIP-152's vectors or the transcription of RFC 7693.
internal static partial class Effects
{
    /// <summary>A static Argon2 or F method, or a constructor of Argon2's settings, that returned.</summary>
    private static Observation Argon2Call(Site site, Request request, object?[] args, object? result)
    {
        Dictionary<string, object?> a = request.Arguments;
        switch (site.Name)
        {
            case ".ctor":
                return Argon2Defaults(result!);

            case "DeriveKey" or "ComputeEip152":
                return Output(site, request, args, result);

            case "Compress":
            {
                ulong[] expected = Oracles.Compression((uint)a["rounds"]!, (ulong[])a["state"]!, (ulong[])a["message"]!, (ulong)a["t0"]!, (ulong)a["t1"]!, (bool)a["finalBlock"]!);
                var state = (ArraySegment<ulong>)args[site.Slots.First(s => s.Name == "state").Index]!;
                return new Observation(MemoryMarshal.AsBytes(state.AsSpan()).ToArray(), MemoryMarshal.AsBytes(expected.AsSpan()).ToArray(), []);
            }

            case "HashPassword":
                return HashedPassword(request, (string)result!);

            case "VerifyPassword":
            {
                PhcSpec phc = PhcSpec.Read((string)a["encodedHash"]!) ?? throw new InvalidOperationException("a string the domain made does not read back");
                Argon2OptionsSpec options = site.Has("options") ? Oracles.SpecOf<Argon2OptionsSpec>(a["options"]) : Argon2OptionsSpec.Documented;
                bool expected = Oracles.Argon2Verifies(phc, (byte[])a["password"]!, options.Secret);
                return (bool)result! == expected ? Observation.Nothing : Observation.Fail($"wrong answer: returned {result}; the reference says {expected}.");
            }

            case "NeedsRehash":
            {
                PhcSpec phc = PhcSpec.Read((string)a["encodedHash"]!) ?? throw new InvalidOperationException("a string the domain made does not read back");
                Argon2Spec spec = Oracles.SpecOf<Argon2Spec>(a["parameters"]);
                bool expected = phc.Type != spec.Type || phc.Version != spec.Version || phc.MemorySize != spec.MemorySize || phc.Iterations != spec.Iterations
                    || phc.Parallelism != spec.Parallelism || phc.Salt.Length < Argon2.SaltLength || phc.Tag.Length < Argon2.TagLength;
                return (bool)result! == expected ? Observation.Nothing : Observation.Fail($"wrong answer: returned {result}; the string's fields against the settings say {expected}.");
            }
        }

        throw new Domains.UnhandledException($"no effect for {site.Name}: say in Effects.Argon2 how its result shows");
    }

    /// <summary>
    /// A PHC string HashPassword returned: the reference's format (read back by the test and written
    /// again to the same text), the settings' type, version and costs, a 16-byte salt and a 32-byte
    /// tag, the tag the reference computes for that salt (with the secret, which is not stored).
    /// </summary>
    private static Observation HashedPassword(Request request, string encoded)
    {
        PhcSpec? phc = PhcSpec.Read(encoded);
        if (phc is null || phc.Format() != encoded)
        {
            return Observation.Fail($"returned \"{encoded}\", which is not a PHC string in the reference's format.");
        }

        Argon2Spec spec = Oracles.SpecOf<Argon2Spec>(request.Arguments["parameters"]);
        if (phc.Type != spec.Type || phc.Version != spec.Version || phc.MemorySize != spec.MemorySize || phc.Iterations != spec.Iterations || phc.Parallelism != spec.Parallelism)
        {
            return Observation.Fail($"returned \"{encoded}\" for {spec.Type}, v={spec.Version}, m={spec.MemorySize}, t={spec.Iterations}, p={spec.Parallelism}.");
        }

        if (phc.Salt.Length != Argon2.SaltLength || phc.Tag.Length != Argon2.TagLength)
        {
            return Observation.Fail($"returned a {phc.Salt.Length}-byte salt and a {phc.Tag.Length}-byte tag; the documentation says 16 and 32.");
        }

        return new Observation(phc.Tag, Oracles.Argon2Tag(spec, (byte[])request.Arguments["password"]!, phc.Salt, spec.Secret, [], Argon2.TagLength), []);
    }

    /// <summary>A new Argon2Parameters or Argon2VerificationOptions holds the defaults its documentation gives.</summary>
    private static Observation Argon2Defaults(object made)
    {
        string? wrong = made switch
        {
            Argon2Parameters p => (p.Type, p.Version, p.Iterations, p.MemorySize, p.Parallelism, p.MaxDegreeOfParallelism, p.Secret.Length, p.AssociatedData.Length)
                == (Argon2Type.Argon2id, 0x13, 3, 64 * 1024, 1, 1, 0, 0) ? null
                : $"new Argon2Parameters() is {p.Type}, v={p.Version}, t={p.Iterations}, m={p.MemorySize}, p={p.Parallelism}, threads {p.MaxDegreeOfParallelism}; the documented defaults are Argon2id, 0x13, 3, 65536, 1, 1.",
            Argon2VerificationOptions o => (o.MaxMemorySize, o.MaxIterations, o.MaxParallelism, o.MaxDegreeOfParallelism, o.Secret.Length)
                == (Argon2OptionsSpec.Documented.MaxMemorySize, Argon2OptionsSpec.Documented.MaxIterations, Argon2OptionsSpec.Documented.MaxParallelism, 1, 0) ? null
                : $"new Argon2VerificationOptions() allows m={o.MaxMemorySize}, t={o.MaxIterations}, p={o.MaxParallelism}; the documented defaults are 4 GiB, 64, 256.",
            _ => throw new Domains.UnhandledException($"no effect for a constructor of {made.GetType().Name}: say in Effects.Argon2 how it shows"),
        };
        return wrong is null ? Observation.Nothing : Observation.Fail(wrong);
    }
}
