using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tool.CommandLine;

/// <summary>
/// A GNU getopt_long work-alike: options may follow operands, short options cluster (<c>-bl8</c>),
/// long options may be abbreviated to any unique prefix and take values as <c>--opt=v</c> or
/// <c>--opt v</c>, and <c>--</c> ends the options. Error texts are glibc's, so that scripts and
/// users see what they see from coreutils.
/// </summary>
internal static class OptionParser
{
    public static ParsedArguments Parse(IReadOnlyList<string> args, IReadOnlyList<OptionSpec> specs)
    {
        var result = new ParsedArguments();
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            if (arg == "--")
            {
                result.Operands.AddRange(args.Skip(i + 1));
                break;
            }

            if (arg.StartsWith("--", StringComparison.Ordinal))
            {
                if (!ParseLong(args, ref i, specs, result))
                {
                    break;
                }
            }
            else if (arg.Length > 1 && arg[0] == '-')
            {
                if (!ParseShortCluster(args, ref i, specs, result))
                {
                    break;
                }
            }
            else
            {
                result.Operands.Add(arg);
            }
        }

        return result;
    }

    private static bool ParseLong(IReadOnlyList<string> args, ref int index, IReadOnlyList<OptionSpec> specs, ParsedArguments result)
    {
        string arg = args[index];
        string body = arg[2..];
        int equals = body.IndexOf('=', StringComparison.Ordinal);
        string name = equals < 0 ? body : body[..equals];
        string? inlineValue = equals < 0 ? null : body[(equals + 1)..];

        OptionSpec? spec = specs.FirstOrDefault(s => s.LongName == name);
        if (spec is null)
        {
            List<OptionSpec> candidates = specs.Where(s => s.LongName.StartsWith(name, StringComparison.Ordinal)).ToList();
            if (candidates.Count == 0)
            {
                result.Error = $"unrecognized option '{arg}'";
                return false;
            }

            if (candidates.Count > 1)
            {
                string possibilities = string.Join(" ", candidates.Select(c => $"'--{c.LongName}'"));
                result.Error = $"option '--{name}' is ambiguous; possibilities: {possibilities}";
                return false;
            }

            spec = candidates[0];
        }

        if (!spec.TakesValue)
        {
            if (inlineValue is not null)
            {
                result.Error = $"option '--{spec.LongName}' doesn't allow an argument";
                return false;
            }

            result.Options.Add((spec, null));
            return true;
        }

        if (inlineValue is null)
        {
            if (index + 1 >= args.Count)
            {
                result.Error = $"option '--{spec.LongName}' requires an argument";
                return false;
            }

            inlineValue = args[++index];
        }

        result.Options.Add((spec, inlineValue));
        return true;
    }

    private static bool ParseShortCluster(IReadOnlyList<string> args, ref int index, IReadOnlyList<OptionSpec> specs, ParsedArguments result)
    {
        string arg = args[index];
        for (int j = 1; j < arg.Length; j++)
        {
            char letter = arg[j];
            OptionSpec? spec = letter == '\0' ? null : specs.FirstOrDefault(s => s.ShortName == letter);
            if (spec is null)
            {
                result.Error = $"invalid option -- '{letter}'";
                return false;
            }

            if (!spec.TakesValue)
            {
                result.Options.Add((spec, null));
                continue;
            }

            // The rest of the cluster is the value (-l256); otherwise the next argument is.
            if (j + 1 < arg.Length)
            {
                result.Options.Add((spec, arg[(j + 1)..]));
            }
            else if (index + 1 < args.Count)
            {
                result.Options.Add((spec, args[++index]));
            }
            else
            {
                result.Error = $"option requires an argument -- '{letter}'";
                return false;
            }

            return true;
        }

        return true;
    }
}
