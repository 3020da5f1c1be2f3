using System;
using System.IO;
using Blake2Fast.Tool.Output;

namespace Blake2Fast.Tool;

/// <summary>
/// The standard streams of one run plus what the tool needs to know about the terminal. Tests
/// pass memory streams and a string writer; the program passes the process's own streams.
/// </summary>
internal sealed class ToolConsole(Stream stdin, Stream stdout, TextWriter stderr, bool showProgress, bool utf8Locale)
{
    public Stream StandardInput { get; } = stdin;

    public Stream StandardOutput { get; } = stdout;

    public TextWriter StandardError { get; } = stderr;

    /// <summary>Whether a progress line may be drawn on standard error (it is a terminal).</summary>
    public bool ShowProgress { get; } = showProgress;

    /// <summary>
    /// Whether the locale is UTF-8: messages then quote values ‘like this’ and print non-ASCII
    /// names as they are; otherwise values are quoted 'like this' and such names escaped.
    /// </summary>
    public bool Utf8Locale { get; } = utf8Locale;

    /// <summary>
    /// The command line the tool was started as (<c>b2fast</c>, or <c>b3sum</c> through a link of
    /// that name): the program name in messages, how names are escaped and shown, and the texts of
    /// the messages that b3sum words otherwise than coreutils.
    /// </summary>
    public Dialect Dialect { get; private init; } = Dialect.B2fast;

    /// <summary>The same streams under <paramref name="dialect"/>.</summary>
    public ToolConsole As(Dialect dialect) => dialect == Dialect ? this : new ToolConsole(StandardInput, StandardOutput, StandardError, ShowProgress, Utf8Locale) { Dialect = dialect };

    /// <summary>Writes <c>b2fast: message</c> (or <c>b3sum: message</c>) to standard error, after flushing what standard output holds.</summary>
    public void Error(string message)
    {
        StandardOutput.Flush();
        StandardError.Write(Dialect.ProgramName + ": " + message + "\n");
        StandardError.Flush();
    }

    /// <summary>Writes an error followed by the hint coreutils gives after a usage mistake.</summary>
    public void UsageError(string message)
    {
        Error(message);
        StandardError.Write($"Try '{Dialect.ProgramName} --help' for more information.\n");
        StandardError.Flush();
    }

    /// <summary>Quotes an option value for a message, in the locale's style.</summary>
    public string Quote(string value) => ShellQuoting.QuoteValue(value, Utf8Locale);

    /// <summary>Quotes a file name for a message, as coreutils' <c>quotef</c> does in this locale.</summary>
    public string QuoteName(string name) => ShellQuoting.QuoteFileName(name, Utf8Locale);

    /// <summary>
    /// Whether the C library would pick curly quotes: the character set of LC_ALL, else LC_CTYPE,
    /// else LANG, is UTF-8.
    /// </summary>
    public static bool LocaleUsesUtf8()
    {
        string? locale = NonEmpty("LC_ALL") ?? NonEmpty("LC_CTYPE") ?? NonEmpty("LANG");
        return locale is not null
            && (locale.Contains("UTF-8", StringComparison.OrdinalIgnoreCase) || locale.Contains("utf8", StringComparison.OrdinalIgnoreCase));

        static string? NonEmpty(string name) => Environment.GetEnvironmentVariable(name) is { Length: > 0 } v ? v : null;
    }
}
