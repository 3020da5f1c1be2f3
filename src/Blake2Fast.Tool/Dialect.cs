using System.Text;

namespace Blake2Fast.Tool;

/// <summary>
/// What differs between the two command lines the tool answers to, once the options are read:
/// <c>b2fast</c> speaks as coreutils' <c>b2sum</c>, <c>b3sum</c> (<see cref="B3sumCli"/>) as Debian's
/// b3sum 1.2. Both hash, check, escape names and read files through the same code
/// (<see cref="Hashing.HashCommand"/>, <see cref="Checking.CheckCommand"/>,
/// <see cref="Output.FileNameEscaping"/>, <see cref="Hashing.InputDigester"/>); this says only which
/// name the messages carry, which characters of a name are escaped, how a name that is not UTF-8 is
/// shown and how an input's failure is worded.
/// </summary>
internal sealed class Dialect
{
    /// <summary>coreutils' conventions, under the name <c>b2fast</c>.</summary>
    public static readonly Dialect B2fast = new(Cli.ProgramName, escapesCarriageReturn: true, showsNamesLossily: false);

    /// <summary>b3sum's conventions.</summary>
    public static readonly Dialect B3sum = new(B3sumCli.ProgramName, escapesCarriageReturn: false, showsNamesLossily: true);

    private Dialect(string programName, bool escapesCarriageReturn, bool showsNamesLossily)
    {
        ProgramName = programName;
        EscapesCarriageReturn = escapesCarriageReturn;
        ShowsNamesLossily = showsNamesLossily;
    }

    /// <summary>The name messages start with.</summary>
    public string ProgramName { get; }

    /// <summary>
    /// Whether a carriage return in a name is escaped (<c>\r</c>) as a backslash and a newline are:
    /// coreutils does, b3sum prints it as it is and does not read <c>\r</c> back.
    /// </summary>
    public bool EscapesCarriageReturn { get; }

    /// <summary>
    /// Whether a name that is not valid UTF-8 is printed with U+FFFD for each bad sequence (b3sum,
    /// Rust's <c>to_string_lossy</c>) instead of as its own bytes (coreutils).
    /// </summary>
    public bool ShowsNamesLossily { get; }

    /// <summary>Whether this is b3sum's command line.</summary>
    public bool IsB3sum => this == B3sum;

    /// <summary>The name as a checksum line shows it.</summary>
    public string Shown(string name) => ShowsNamesLossily ? Encoding.UTF8.GetString(Io.RawText.Encode(name)) : name;

    /// <summary>
    /// A failure to open or read <paramref name="name"/>, <paramref name="reason"/> being the C
    /// library's text: <c>b2fast: 'NAME': REASON</c> as coreutils prints it, or
    /// <c>b3sum: NAME: REASON (os error N)</c> as Rust's <c>io::Error</c> does.
    /// </summary>
    public void ReportInputError(ToolConsole console, string name, string reason) =>
        console.Error(IsB3sum ? $"{name}: {B3sumCli.OsError(reason)}" : $"{console.QuoteName(name)}: {reason}");
}
