using System;
using System.Text;

namespace Blake2Fast.Fuzz;

/// <summary>
/// <c>argon2-verify</c>: <see cref="Argon2.VerifyPassword(ReadOnlySpan{byte}, string, Argon2VerificationOptions)"/>
/// on the input read as a PHC string (one character per byte, Latin-1, so that any byte reaches the
/// parser), with the password "pw" and limits small enough that every accepted string is cheap
/// (at most 64 KiB, 2 passes, 4 lanes). It must give true or false, or refuse as documented: a
/// <see cref="FormatException"/> naming a field, or an <see cref="ArgumentException"/> naming
/// <c>encodedHash</c> for costs above the limits. <see cref="Argon2.NeedsRehash"/> must refuse
/// exactly the strings the verifier finds malformed.
/// </summary>
internal static class PhcVerifyTarget
{
    private static readonly Argon2VerificationOptions Limits = new() { MaxMemorySize = 64, MaxIterations = 2, MaxParallelism = 4 };

    private static readonly Argon2Parameters Current = new() { Iterations = 1, MemorySize = 8 };

    public static void Run(ReadOnlySpan<byte> input)
    {
        string encoded = Encoding.Latin1.GetString(input);
        bool malformed = false;
        try
        {
            _ = Argon2.VerifyPassword("pw"u8, encoded, Limits);
        }
        catch (FormatException e)
        {
            FuzzAssert.That(e.Message.Contains("field '", StringComparison.Ordinal), $"a FormatException that names no field: {e.Message}");
            malformed = true;
        }
        catch (ArgumentException e) when (e is not ArgumentOutOfRangeException)
        {
            FuzzAssert.That(e.ParamName == "encodedHash", $"an ArgumentException naming '{e.ParamName}' rather than encodedHash: {e.Message}");
        }

        try
        {
            _ = Argon2.NeedsRehash(encoded, Current);
            FuzzAssert.That(!malformed, "NeedsRehash accepted a string the verifier found malformed");
        }
        catch (FormatException)
        {
            FuzzAssert.That(malformed, "NeedsRehash refused a string the verifier read");
        }
    }
}
