using System;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;

namespace Blake2Fast.Tests;

/// <summary>
/// Which build of the library this run loaded, and which runtime runs it. Every CI leg names both
/// (BLAKE2FAST_EXPECTED_BUILD: net10.0, net8.0, netstandard2.1 or netstandard2.0;
/// BLAKE2FAST_EXPECTED_RUNTIME: the runtime's major version), so a leg that silently tested another
/// build, or ran on another runtime, fails here. Without them (a developer's plain dotnet test) the
/// loaded build must be the one NuGet picks for the test assembly's own target.
/// </summary>
[Trait("Legs", "Build")]
public class LibraryBuildTests
{
    [Fact]
    public void The_loaded_build_is_the_one_the_leg_names()
    {
        string expected = Environment.GetEnvironmentVariable("BLAKE2FAST_EXPECTED_BUILD") is { Length: > 0 } build
            ? FrameworkName(build)
            : TestAssemblyFramework;
        Assert.Equal(expected, LibraryBuild.TargetFramework);
    }

    [Fact]
    public void The_runtime_is_the_one_the_leg_names()
    {
        int expected = Environment.GetEnvironmentVariable("BLAKE2FAST_EXPECTED_RUNTIME") is { Length: > 0 } major
            ? int.Parse(major, System.Globalization.CultureInfo.InvariantCulture)
            : new FrameworkName(TestAssemblyFramework).Version.Major;
        Assert.True(
            Environment.Version.Major == expected,
            $"Expected .NET {expected}, running on {RuntimeInformation.FrameworkDescription} ({Environment.Version}).");
        Assert.StartsWith($".NET {expected}.", RuntimeInformation.FrameworkDescription, StringComparison.Ordinal);
    }

    private static string TestAssemblyFramework =>
        typeof(LibraryBuildTests).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName;

    private static string FrameworkName(string tfm) => tfm switch
    {
        "net10.0" => ".NETCoreApp,Version=v10.0",
        "net8.0" => ".NETCoreApp,Version=v8.0",
        "netstandard2.1" => ".NETStandard,Version=v2.1",
        "netstandard2.0" => ".NETStandard,Version=v2.0",
        _ => throw new ArgumentException($"BLAKE2FAST_EXPECTED_BUILD: unknown build '{tfm}'."),
    };
}
