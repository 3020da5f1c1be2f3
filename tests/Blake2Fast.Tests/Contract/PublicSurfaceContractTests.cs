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
        driver.DriveAll();
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

    /// <summary>Stands for API added to the library after the driver was written.</summary>
    private static class NewApi
    {
        public static byte[] HashData(ReadOnlySpan<byte> source, int wobble) => Blake2b.HashData(source, wobble);

        public static byte[] Frobnicate(ReadOnlySpan<byte> source) => Blake2b.HashData(source);
    }
}
