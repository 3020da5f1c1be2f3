using System.Reflection;

namespace Blake2Fast.Tool.CommandLine;

/// <summary>The texts of <c>--help</c> and <c>--version</c>.</summary>
/// <remarks>
/// A raw string's lines end as this source file's do, which is <c>\r\n</c> in a Windows checkout
/// that converts line ends (Git's <c>core.autocrlf</c>); the texts are printed with <c>\n</c> on
/// every system, as everything else the tool writes.
/// </remarks>
internal static class HelpText
{
    public static string Usage => UsageText.ReplaceLineEndings("\n");

    private static string UsageText => $"""
        Usage: {Cli.ProgramName} [OPTION]... [FILE]...
        Compute or verify BLAKE2 checksums (BLAKE2b-512 unless told otherwise).
        Output and options are those of GNU coreutils b2sum, plus a choice of algorithm and keyed hashing.

        FILE '-', or no FILE at all, means standard input.

        Options that take a value take it in both forms: -l 256, --length=256.
          -a, --algorithm=NAME  blake2b (default), blake2s, blake2bp, blake2sp,
                                  blake2xb, blake2xs or blake3 (as b3sum prints it)
          -b, --binary          mark lines with '*' (binary); on this system the
                                  bytes read are the same in either mode
          -c, --check           read checksum lines from the FILEs and verify them
          -l, --length=BITS     digest length in bits: a multiple of 8, at most the
                                  algorithm's maximum (512 for blake2b/bp, 256 for
                                  blake2s/sp); for blake2xb/xs and blake3 the output
                                  length (default 512 / 256 / 256); 0 means the default
              --tag             print BSD-style lines: BLAKE2b-256 (FILE) = HEX
          -t, --text            mark lines with ' ' (text; the default)
          -z, --zero            end lines with NUL instead of newline and never
                                  escape file names
              --no-names        print each digest alone, without its file name
              --raw             write the digest's raw bytes, not hex (one FILE)
              --key=HEX|@FILE   keyed hashing (a MAC); the key as hex digits, or
                                  the raw bytes of FILE (blake3: exactly 32 bytes)
              --derive-key=CONTEXT
                                blake3 only: key derivation with CONTEXT, the input
                                  being the key material (as b3sum --derive-key)
              --salt=HEX|@FILE  salt (blake2b/xb: up to 16 bytes, blake2s/xs: 8)
              --personal=HEX|@FILE
                                personalization, same sizes as the salt
              --tree=SIZE       BLAKE2 tree hashing with unlimited fanout (as
                                  bt2sum and s3git): leaves of SIZE bytes (a
                                  number with an optional k, m or g suffix, e.g.
                                  5m), hashed on every core; blake2b or blake2s
              --mmap            map files of 1 MiB and more into memory for
                                  blake3 and --tree instead of reading them (a
                                  file cut shorter while mapped stops the program)
              --no-mmap         read files (the default; undoes --mmap)
              --num-threads=N   threads for blake3 and --tree (as b3sum's
                                  --num-threads): 0 or absent for one per
                                  processor; mapped and read files alike

        Bao verified streaming (BLAKE3; what the bao command does), with the mode's
        operands after the options; '-' or nothing means standard input or output:
              --bao=encode INPUT [OUTPUT]
                                write INPUT's combined Bao encoding (its tree and
                                  data) to OUTPUT
              --bao=decode HASH [INPUT] [OUTPUT]
                                write the data of the encoding INPUT, checked
                                  against HASH (64 hex digits, the blake3 sum) as
                                  it is read: only verified bytes are written, and
                                  the first mismatch stops with exit status 1
              --bao=slice START COUNT [INPUT] [OUTPUT]
                                write the slice of the encoding INPUT that proves
                                  COUNT bytes from START
              --bao=decode-slice HASH START COUNT [INPUT] [OUTPUT]
                                check such a slice and write those bytes
              --outboard=FILE   the tree in FILE, apart from the data: encode
                                  writes it there instead of OUTPUT; decode and
                                  slice read it there, with INPUT the data

        Only when checking (-c):
              --ignore-missing  skip listed files that do not exist
              --quiet           print only failures, not OK lines
              --status          print nothing; the exit status tells the result
              --strict          fail when a line is not a checksum line
          -w, --warn            report each line that is not a checksum line

              --help            show this help and exit
              --version         show the version and exit

        Exit status: 0 when every file was read (and, with -c, every checksum
        matched); 1 otherwise, or when the command line is wrong.
        When run from a terminal, large inputs show their progress on standard error.

        Started under the name b3sum (a link or copy of this program, or with
        B2FAST_AS=b3sum in the environment), it takes b3sum's own options instead
        (-l in bytes, --keyed with the key on standard input, ...) and prints what
        b3sum prints.

        """;

    public static string Version
    {
        get
        {
            string version = typeof(HelpText).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "unknown";
            int plus = version.IndexOf('+', System.StringComparison.Ordinal);
            if (plus >= 0)
            {
                version = version[..plus];
            }

            return $"""
                {Cli.ProgramName} (Blake2Fast) {version}
                BLAKE2b, BLAKE2s, BLAKE2bp, BLAKE2sp, BLAKE2X and BLAKE3 checksums; b2sum- and b3sum-compatible output.
                {NativeLevelRelaunch.Describe()}
                License: MIT.

                """.ReplaceLineEndings("\n");
        }
    }
}
