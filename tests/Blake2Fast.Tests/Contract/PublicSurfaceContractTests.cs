using System;
using System.Linq;
using Blake2Fast.Tests.Surface;

namespace Blake2Fast.Tests;

/// <summary>
/// The contract of every public method, constructor and setter, found by reflection so that API
/// added later is covered without anyone listing it: each parameter is driven through the edges of
/// its type and meaning (null, empty, one element, the documented limits and one past them, 0, -1,
/// int.MaxValue, long.MaxValue, a destination over the input) with the others valid, and each
/// instance method runs on its receiver in every condition (new, default, finished, cleared,
/// disposed). Every call must give the right answer or throw the exception its XML documentation
/// names, with ParamName the offending parameter, thrown by the library (not from inside the
/// framework), and write nothing when it refuses.
/// </summary>
/// <remarks>
/// To cover a new method: if the test fails with "no domain for parameter", describe the parameter
/// in Surface/Domains.cs (by name, or in its Overrides when the method gives it its own valid
/// values); "no effect for" means Surface/Effects.cs must say how a call shows; a new public type
/// goes in Family.OfType, and a new receiver (hash state, reader) in SubjectKind.
/// </remarks>
[Trait("Legs", "Build")]
public class PublicSurfaceContractTests(ITestOutputHelper output)
{
    [Fact]
    public void Every_public_member_gives_the_right_answer_or_its_documented_exception()
    {
        var driver = new SurfaceDriver();
        long started = System.Diagnostics.Stopwatch.GetTimestamp();
        driver.DriveAll(type => !Family.NeedsReferenceLibrary(type), frameworkMembers: true);
        Report(driver, started);
    }

    /// <summary>Argon2's methods, whose answers the reference libargon2 gives (where RFC 9106's vectors do not): skipped, saying why, without it.</summary>
    [Fact]
    public void Every_Argon2_member_gives_the_reference_answer_or_its_documented_exception()
    {
        Assert.SkipWhen(NativeArgon2.Argon2Missing is not null, NativeArgon2.Argon2Missing ?? "");
        var driver = new SurfaceDriver();
        long started = System.Diagnostics.Stopwatch.GetTimestamp();
        driver.DriveAll(Family.NeedsReferenceLibrary, frameworkMembers: false);
        Assert.True(driver.Calls > 0, "No member that needs the reference library was driven.");
        Report(driver, started);
    }

    private void Report(SurfaceDriver driver, long started)
    {
        output.WriteLine($"{driver.Calls} calls of {driver.Methods} public members ({driver.CallsByMethod.Count} member and receiver pairs) in {System.Diagnostics.Stopwatch.GetElapsedTime(started).TotalSeconds:F1} s; the slowest:");
        foreach ((string method, TimeSpan time) in driver.TimeByMethod.OrderByDescending(x => x.Value).Take(5))
        {
            output.WriteLine($"  {time.TotalMilliseconds,8:F0} ms  {method}");
        }

        foreach (string failure in driver.Unhandled.Concat(driver.Failures))
        {
            output.WriteLine(failure);
        }

        Assert.True(driver.Unhandled.Count == 0,
            $"The contract driver cannot drive {driver.Unhandled.Count} public members; extend it:{Environment.NewLine}{string.Join(Environment.NewLine, driver.Unhandled)}");
        Assert.True(driver.Failures.Count == 0,
            $"{driver.Failures.Count} of {driver.Calls} calls broke the contract:{Environment.NewLine}{string.Join(Environment.NewLine, driver.Failures.Take(200))}");
    }

    [Fact]
    public void A_method_the_driver_cannot_drive_fails_the_test_by_name()
    {
        var driver = new SurfaceDriver();
        driver.DriveOne(typeof(NewApi).GetMethod(nameof(NewApi.HashData))!, Family.B);
        driver.DriveOne(typeof(NewApi).GetMethod(nameof(NewApi.Frobnicate))!, Family.B);

        Assert.Collection(
            driver.Unhandled,
            message => Assert.Contains("NewApi.HashData(ReadOnlySpan<Byte> source, Int32 wobble): no domain for parameter 'wobble'", message, StringComparison.Ordinal),
            message => Assert.Contains("NewApi.Frobnicate(ReadOnlySpan<Byte> source): no effect for static method Frobnicate", message, StringComparison.Ordinal));
    }

    [Fact]
    public void A_wrong_compression_answer_fails_the_test_by_name()
    {
        var driver = new SurfaceDriver();
        driver.DriveOne(typeof(WrongAnswers).GetMethod(nameof(WrongAnswers.Compress))!, Family.F);
        driver.DriveOne(typeof(WrongAnswers).GetMethod(nameof(WrongAnswers.ComputeEip152))!, Family.F);

        Assert.Empty(driver.Unhandled);
        Assert.Contains(driver.Failures, f => f.StartsWith("WrongAnswers.Compress(UInt32 rounds, Span<UInt64> state", StringComparison.Ordinal) && f.Contains("valid arguments: wrong answer", StringComparison.Ordinal));
        Assert.Contains(driver.Failures, f => f.StartsWith("WrongAnswers.ComputeEip152(ReadOnlySpan<Byte> input, Span<Byte> destination), valid arguments: wrong answer", StringComparison.Ordinal));

        // F with 0 rounds is h ^ v[0..8] ^ v[8..16], which the wrong subject gets right: every other call is caught.
        Assert.DoesNotContain(driver.Failures, f => f.Contains("rounds = 0:", StringComparison.Ordinal));
    }

    [Fact]
    public void A_wrong_Argon2_answer_fails_the_test_by_name()
    {
        Assert.SkipWhen(NativeArgon2.Argon2Missing is not null, NativeArgon2.Argon2Missing ?? "");
        var driver = new SurfaceDriver();
        driver.DriveOne(typeof(WrongAnswers).GetMethod(nameof(WrongAnswers.DeriveKey))!, Family.A2);
        driver.DriveOne(typeof(WrongAnswers).GetMethod(nameof(WrongAnswers.VerifyPassword))!, Family.A2);
        driver.DriveOne(typeof(WrongAnswers).GetMethod(nameof(WrongAnswers.NeedsRehash))!, Family.A2);

        Assert.Empty(driver.Unhandled);
        Assert.Contains(driver.Failures, f => f.StartsWith("WrongAnswers.DeriveKey(ReadOnlySpan<Byte> password, ReadOnlySpan<Byte> salt, Span<Byte> destination, Argon2Parameters parameters), parameters = t = 1, m = 8, p = 1", StringComparison.Ordinal)
            && f.Contains("wrong answer", StringComparison.Ordinal));
        Assert.Contains(driver.Failures, f => f.StartsWith("WrongAnswers.VerifyPassword(ReadOnlySpan<Byte> password, String encodedHash), valid arguments: wrong answer: returned False; the reference says True", StringComparison.Ordinal));
        Assert.Contains(driver.Failures, f => f.StartsWith("WrongAnswers.NeedsRehash(String encodedHash, Argon2Parameters parameters), parameters = another m: wrong answer", StringComparison.Ordinal));

        // The answers the wrong subjects get right pass: RFC 9106's own inputs, the other settings.
        Assert.DoesNotContain(driver.Failures, f => f.StartsWith("WrongAnswers.DeriveKey", StringComparison.Ordinal) && f.Contains("valid arguments", StringComparison.Ordinal));
        Assert.DoesNotContain(driver.Failures, f => f.StartsWith("WrongAnswers.NeedsRehash", StringComparison.Ordinal) && f.Contains("another t:", StringComparison.Ordinal));
    }

    /// <summary>
    /// The library's Argon2 and F with one mistake each, as a regression would make it: the driver,
    /// given them, must report their wrong answers by name (and only those).
    /// </summary>
    private static class WrongAnswers
    {
        /// <summary>F that skips the last round (a round-count off by one).</summary>
        public static void Compress(uint rounds, Span<ulong> state, ReadOnlySpan<ulong> message, ulong t0, ulong t1, bool finalBlock) =>
            Blake2bCompression.Compress(rounds == 0 || state.Length != 8 || message.Length != 16 ? rounds : rounds - 1, state, message, t0, t1, finalBlock);

        /// <summary>EIP-152 with a bit of its output flipped.</summary>
        public static void ComputeEip152(ReadOnlySpan<byte> input, Span<byte> destination)
        {
            Blake2bCompression.ComputeEip152(input, destination);
            destination[63] ^= 0x80;
        }

        /// <summary>Argon2 that fills 16 KiB where one lane asks for 8 (a cost mix-up).</summary>
        public static void DeriveKey(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> destination, Argon2Parameters parameters) =>
            Argon2.DeriveKey(password, salt, destination, parameters is { MemorySize: 8, Parallelism: 1 } ? new Argon2Parameters { Type = parameters.Type, Version = parameters.Version, Iterations = parameters.Iterations, MemorySize = 16, Parallelism = 1 } : parameters);

        /// <summary>Verification that accepts nothing.</summary>
        public static bool VerifyPassword(ReadOnlySpan<byte> password, string encodedHash)
        {
            Argon2.VerifyPassword(password, encodedHash);
            return false;
        }

        /// <summary>NeedsRehash that overlooks the memory size.</summary>
        public static bool NeedsRehash(string encodedHash, Argon2Parameters parameters) =>
            Argon2.NeedsRehash(encodedHash, parameters) && !(parameters.MemorySize == 40 && parameters.Iterations == 2);
    }

    /// <summary>Stands for API added to the library after the driver was written.</summary>
    private static class NewApi
    {
        public static byte[] HashData(ReadOnlySpan<byte> source, int wobble) => Blake2b.HashData(source, wobble);

        public static byte[] Frobnicate(ReadOnlySpan<byte> source) => Blake2b.HashData(source);
    }
}
