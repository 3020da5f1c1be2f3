namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2 message schedule.</summary>
internal static class Sigma
{
    /// <summary>
    /// The ten rows of RFC 7693's schedule packed four bits per entry (entry k in bits 4k..4k+3), for
    /// the scalar kernels' unrolled rounds: with the row a constant, the JIT folds every message
    /// word offset to an immediate without reading a table. Reads of a byte table at constant
    /// indices fold only when the JIT compiles at run time; ReadyToRun (crossgen2) leaves them as
    /// loads, and that made a ReadyToRun build of the BLAKE2b scalar kernel several times slower
    /// (docs/measurements.md#native-aot-inlining). The schedule tests check the rows against RFC 7693's
    /// table. The lane kernels keep the schedule as bytes instead (<see cref="Blake2pLaneSchedule"/>,
    /// <see cref="Blake2RowSchedule"/>).
    /// </summary>
    public const ulong Row0 = 0xFEDCBA9876543210, Row1 = 0x357B20C16DF984AE, Row2 = 0x491763EADF250C8B, Row3 = 0x8F04A562EBCD1397;

    /// <inheritdoc cref="Row0"/>
    public const ulong Row4 = 0xD386CB1EFA427509, Row5 = 0x91EF57D438B0A6C2, Row6 = 0xB8293670A4DEF15C, Row7 = 0xA2684F05931CE7BD;

    /// <inheritdoc cref="Row0"/>
    public const ulong Row8 = 0x5A417D2C803B9EF6, Row9 = 0x0DC3E9BF5167482A;
}
