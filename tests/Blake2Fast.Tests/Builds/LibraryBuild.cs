using System.Reflection;
using System.Runtime.Versioning;

namespace Blake2Fast.Tests;

/// <summary>Which build of the library this test run loaded (the package carries netstandard2.0, net8.0 and net10.0).</summary>
internal static class LibraryBuild
{
    /// <summary>The loaded Blake2Fast assembly's target framework, e.g. ".NETStandard,Version=v2.0".</summary>
    public static string TargetFramework { get; } =
        typeof(Blake2b).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "(none)";

    /// <summary>False for the netstandard2.0 build, whose dispatchers know only the scalar kernels.</summary>
    public static bool HasIntrinsics => TargetFramework.StartsWith(".NETCoreApp,", System.StringComparison.Ordinal);

    /// <summary>Whether the build reads a file stream at explicit offsets (.NET 8 and later); the netstandard builds read every stream in order.</summary>
    public static bool ReadsFilesAtOffsets => TargetFramework.StartsWith(".NETCoreApp,", System.StringComparison.Ordinal);

    /// <summary>
    /// Whether the build overrides HashAlgorithm's span methods (HashCore(ReadOnlySpan), TryHashFinal).
    /// The netstandard2.0 build cannot, so on .NET Core TryComputeHash on its HMAC objects reaches
    /// HMAC's own versions, which throw PlatformNotSupportedException.
    /// </summary>
    public static bool OverridesHashAlgorithmSpans => TargetFramework != ".NETStandard,Version=v2.0";
}
