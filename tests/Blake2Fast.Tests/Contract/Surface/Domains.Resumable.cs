using System;
using System.Collections.Generic;

namespace Blake2Fast.Tests.Surface;

/// <summary>The parameters of ExportState, TryExportState and ImportState (docs/resumable-hashing.md).</summary>
internal static partial class Domains
{
    private static IEnumerable<(string Why, Func<Site, Slot, bool> Applies, Maker Make)> ResumableOverrides() =>
    [
        ("includeSecrets: true exports any state; false refuses a keyed one (InvalidOperationException, no parameter to name)", (_, slot) => slot.Name == "includeSecrets",
            (_, _, _, _) => new Domain(() => true, new Edge("false", () => false, Expect.Either))),
        ("TryExportState's destination holds any export in 2 KiB; a short one declines", (site, slot) => site.Name == "TryExportState" && slot.Name == "destination",
            (_, slot, _, _) => Bytes(slot, new byte[2048], ("empty", 0, Expect.Declined), ("20 bytes, shorter than any export", 20, Expect.Declined), ("4 KiB", 4096, Expect.Valid))),
        ("ImportState takes an export of its own family, whole and unchanged", (_, slot) => slot.Name == "exportedState",
            (site, slot, _, _) => ExportedState(site, slot)),
    ];

    private static Domain ExportedState(Site site, Slot slot)
    {
        byte[] sample = SampleExport(site.Method.DeclaringType!);
        byte[] flipped = (byte[])sample.Clone();
        flipped[sample.Length / 2] ^= 0x10;
        byte[] foreign = SampleExport(site.Method.DeclaringType == typeof(Blake3) ? typeof(Blake2b) : typeof(Blake3));
        return new Domain(
            () => AsArgument(slot, (byte[])sample.Clone()),
            new Edge("empty", () => AsArgument(slot, []), Expect.Invalid),
            new Edge("a byte short", () => AsArgument(slot, sample[..^1]), Expect.Invalid),
            new Edge("a bit changed", () => AsArgument(slot, (byte[])flipped.Clone()), Expect.Invalid),
            new Edge("another family's", () => AsArgument(slot, (byte[])foreign.Clone()), Expect.Invalid));
    }

    /// <summary>An export of a hasher of <paramref name="family"/> (its static class) after 300 bytes.</summary>
    public static byte[] SampleExport(Type family)
    {
        byte[] data = Arguments.Pattern(300, 5);
        if (family == typeof(Blake2b))
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher();
            state.Update(data);
            return state.ExportState();
        }

        if (family == typeof(Blake2s))
        {
            Blake2sHashState state = Blake2s.CreateIncrementalHasher();
            state.Update(data);
            return state.ExportState();
        }

        if (family == typeof(Blake2bp))
        {
            Blake2bpHashState state = Blake2bp.CreateIncrementalHasher();
            state.Update(data);
            return state.ExportState();
        }

        if (family == typeof(Blake2sp))
        {
            Blake2spHashState state = Blake2sp.CreateIncrementalHasher();
            state.Update(data);
            return state.ExportState();
        }

        if (family == typeof(Blake2Xb))
        {
            Blake2XbHashState state = Blake2Xb.CreateIncrementalHasher(100);
            state.Update(data);
            return state.ExportState();
        }

        if (family == typeof(Blake2Xs))
        {
            Blake2XsHashState state = Blake2Xs.CreateIncrementalHasher(100);
            state.Update(data);
            return state.ExportState();
        }

        if (family == typeof(Blake3))
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher();
            state.Update(data);
            return state.ExportState();
        }

        throw new UnhandledException($"no exported state for {family.Name}: say in Domains.Resumable how to make one");
    }
}
