using System;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.CommandLine;

/// <summary>What the command line asked for, after every option was read and checked.</summary>
internal sealed class ToolSettings
{
    public HashAlgorithmInfo Algorithm { get; set; } = HashAlgorithms.Blake2b;

    /// <summary>
    /// The <c>-l</c> value in bits; <see langword="null"/> for the algorithm's default (no <c>-l</c>,
    /// or coreutils' <c>-l 0</c>; b3sum's <c>-l 0</c> asks for no output bytes at all).
    /// </summary>
    public ulong? LengthBits { get; set; }

    /// <summary>The <c>-l</c> value as typed, for messages.</summary>
    public string? LengthText { get; set; }

    /// <summary>-1 when neither <c>-b</c> nor <c>-t</c> was given (coreutils' "not set"), 1 binary, 0 text.</summary>
    public int Binary { get; set; } = -1;

    public bool Check { get; set; }

    public bool Tag { get; set; }

    public bool Zero { get; set; }

    /// <summary><c>--no-names</c>: each line is the digest alone.</summary>
    public bool NoNames { get; set; }

    /// <summary><c>--raw</c>: the digest's bytes themselves, of one input.</summary>
    public bool Raw { get; set; }

    public bool IgnoreMissing { get; set; }

    public bool Quiet { get; set; }

    public bool Status { get; set; }

    public bool Strict { get; set; }

    public bool Warn { get; set; }

    public string? KeyText { get; set; }

    public string? SaltText { get; set; }

    public string? PersonalText { get; set; }

    /// <summary>The <c>--tree</c> leaf length in bytes; 0 when not given (sequential hashing).</summary>
    public long TreeLeafLength { get; set; }

    /// <summary>
    /// <c>--mmap</c>: large files reach BLAKE3 and <c>--tree</c> through a memory mapping instead of
    /// being read at their offsets (the default, and what <c>--no-mmap</c> asks for again). The
    /// last of the two given wins.
    /// </summary>
    public bool Map { get; set; }

    /// <summary>
    /// <c>--num-threads N</c>, as <c>b3sum</c> has it: the threads that the hashes which run on
    /// every core (BLAKE3, <c>--tree</c>) use, mapped or read; 0 (or not given) for one per processor.
    /// </summary>
    public int Threads { get; set; }

    /// <summary>The <c>--bao</c> mode (encode, decode, slice, decode-slice), null when not given.</summary>
    public string? BaoMode { get; set; }

    /// <summary>The <c>--outboard</c> file (with <c>--bao</c>: the tree kept apart from the data), null when not given.</summary>
    public string? OutboardPath { get; set; }

    public byte[] Key { get; set; } = [];

    /// <summary>
    /// Whether the key was read from standard input (<c>b3sum --keyed</c>): <c>-</c> then names no
    /// input, and hashing it is refused.
    /// </summary>
    public bool KeyFromStandardInput { get; set; }

    public byte[] Salt { get; set; } = [];

    public byte[] Personalization { get; set; } = [];

    /// <summary>The <c>--derive-key</c> context (BLAKE3 only), null when not given.</summary>
    public string? DeriveKeyContext { get; set; }

    /// <summary>
    /// Applies an option that means the same in both personalities and needs no checking while it
    /// is read (a flag, or a value kept as text); the others (<c>-l</c>, <c>-a</c>, <c>--tree</c>,
    /// <c>--num-threads</c>, <c>--key</c>/<c>--keyed</c>, help and version) each command line reads itself.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="id"/> is one of those others.</exception>
    public void Set(OptionId id, string? value)
    {
        switch (id)
        {
            case OptionId.Binary:
                Binary = 1;
                break;
            case OptionId.Text:
                Binary = 0;
                break;
            case OptionId.Tag:
                // As in coreutils: --tag implies binary, so --tag -t is the conflict, -t --tag is not.
                (Tag, Binary) = (true, 1);
                break;
            case OptionId.Check:
                Check = true;
                break;
            case OptionId.Zero:
                Zero = true;
                break;
            case OptionId.IgnoreMissing:
                IgnoreMissing = true;
                break;
            case OptionId.Status:
                (Status, Warn, Quiet) = (true, false, false);
                break;
            case OptionId.Warn:
                (Status, Warn, Quiet) = (false, true, false);
                break;
            case OptionId.Quiet:
                (Status, Warn, Quiet) = (false, false, true);
                break;
            case OptionId.Strict:
                Strict = true;
                break;
            case OptionId.Salt:
                SaltText = value;
                break;
            case OptionId.Personal:
                PersonalText = value;
                break;
            case OptionId.DeriveKey:
                DeriveKeyContext = value;
                break;
            case OptionId.NoMmap:
            case OptionId.Mmap:
                Map = id == OptionId.Mmap;
                break;
            case OptionId.NoNames:
                NoNames = true;
                break;
            case OptionId.Raw:
                Raw = true;
                break;
            case OptionId.Bao:
                BaoMode = value;
                break;
            case OptionId.Outboard:
                OutboardPath = value;
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(id), id, "This option is read by its command line, not here.");
        }
    }

    /// <summary>The parameters of one hash of <paramref name="digestBytes"/> bytes under these settings.</summary>
    public HashParameters Parameters(long digestBytes) =>
        new(digestBytes, Key, Salt, Personalization) { DeriveKeyContext = DeriveKeyContext, TreeLeafLength = TreeLeafLength, Threads = Threads };

    /// <summary>The digest length in bits that hashing mode uses.</summary>
    public long DigestBits => LengthBits is ulong bits ? (long)bits : Algorithm.DefaultBits;
}
