using System;
using System.Linq;

namespace Blake2Fast.Tests.Surface;

/// <summary>
/// How ExportState, TryExportState and ImportState show: an export, imported by its family,
/// continues as its receiver would (the usual probe); an imported state exports the very bytes it
/// came from.
/// </summary>
internal static partial class Effects
{
    private static Observation ResumableCall(Site site, Instance? receiver, Request request, object?[] args, object? result)
    {
        switch (site.Name)
        {
            case "ExportState":
                return Probe(Import(receiver!.Target.GetType(), (byte[])result!), request);

            case "TryExportState":
            {
                var view = (ArraySegment<byte>)args[0]!;
                int written = (int)args[1]!;
                if (result is not true)
                {
                    return Observation.Fail($"returned {result} for a destination of {view.Count} bytes, which holds any export.");
                }

                Observation probe = Probe(Import(receiver!.Target.GetType(), view.AsSpan(0, written).ToArray()), request);
                return probe with { Written = [(view.Array!, view.Offset, written)] };
            }

            default:
            {
                byte[] source = Arguments.BytesOf(args[0]);
                byte[] again = (byte[])result!.GetType().GetMethod("ExportState")!.Invoke(result, [true])!;
                return again.AsSpan().SequenceEqual(source)
                    ? Observation.Nothing
                    : Observation.Fail("the imported state does not export the bytes it was imported from.");
            }
        }
    }

    private static object Import(Type stateType, byte[] export) => stateType.Name switch
    {
        nameof(Blake2bHashState) => Blake2b.ImportState(export),
        nameof(Blake2sHashState) => Blake2s.ImportState(export),
        nameof(Blake2bpHashState) => Blake2bp.ImportState(export),
        nameof(Blake2spHashState) => Blake2sp.ImportState(export),
        nameof(Blake2XbHashState) => Blake2Xb.ImportState(export),
        nameof(Blake2XsHashState) => Blake2Xs.ImportState(export),
        nameof(Blake3HashState) => Blake3.ImportState(export),
        _ => throw new Domains.UnhandledException($"ExportState on a {stateType.Name}: say in Effects.Resumable how to import it"),
    };
}
