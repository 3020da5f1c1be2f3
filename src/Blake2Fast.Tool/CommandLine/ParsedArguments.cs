using System.Collections.Generic;

namespace Blake2Fast.Tool.CommandLine;

/// <summary>
/// The command line split the way GNU getopt_long splits it: the options in the order given,
/// the operands (file names), and the first syntax error if there was one.
/// </summary>
/// <remarks>
/// Options before the error still count: coreutils acts on each option as getopt returns it, so
/// <c>--help --bogus</c> prints the help while <c>--bogus --help</c> fails.
/// </remarks>
internal sealed class ParsedArguments
{
    public List<(OptionSpec Option, string? Value)> Options { get; } = [];

    public List<string> Operands { get; } = [];

    /// <summary>The getopt-style message of the first error, without the program name.</summary>
    public string? Error { get; set; }
}
