namespace Blake2Fast.Tool.CommandLine;

/// <summary>One option the command line accepts.</summary>
/// <param name="Id">What the option means to the program.</param>
/// <param name="ShortName">The one-letter form (<c>-l</c>), or <c>'\0'</c> when there is none.</param>
/// <param name="LongName">The long form without dashes (<c>length</c>).</param>
/// <param name="TakesValue">Whether the option needs a value.</param>
internal sealed record OptionSpec(OptionId Id, char ShortName, string LongName, bool TakesValue);
