using System;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// Which kernel each dispatcher picks, per CI leg. <c>.ci/run</c> names the leg it runs in
/// BLAKE2FAST_EXPECTED_ISA; these tests then check that the runtime switches really took effect
/// (a renamed DOTNET_Enable* knob would otherwise make two legs test the same code) and that every
/// dispatcher chose the kernel that leg is meant to exercise. Run outside CI, the leg is inferred
/// from the instruction sets the runtime reports. Against the netstandard2.0 build every dispatcher
/// must pick its scalar kernel in every leg.
/// </summary>
[Trait("Legs", "Kernel")]
public class DispatchTests
{
    private static string Leg =>
        Environment.GetEnvironmentVariable("BLAKE2FAST_EXPECTED_ISA") is { Length: > 0 } leg ? leg : InferLeg();

    [Fact]
    public void Runtime_instruction_sets_match_the_leg()
    {
        switch (Leg)
        {
            case "avx512":
                Assert.True(Avx512F.VL.IsSupported, "AVX-512VL should be on in the avx512 leg");
                break;
            case "avx2":
                Assert.True(Avx2.IsSupported, "AVX2 should be on in the avx2 leg");
                Assert.False(Avx512F.IsSupported, "DOTNET_EnableAVX512=0 did not turn AVX-512 off");
                break;
            case "sse41":
                Assert.True(Sse41.IsSupported && Ssse3.IsSupported, "SSE4.1 should be on in the sse41 leg");
                Assert.False(Avx2.IsSupported, "DOTNET_EnableAVX2=0 did not turn AVX2 off");
                break;
            case "sse2":
                Assert.True(Sse2.IsSupported, "SSE2 should be on in the sse2 leg");
                Assert.False(Ssse3.IsSupported, "DOTNET_EnableSSE42=0 did not turn SSSE3 off");
                break;
            case "scalar":
            case "arm64-scalar":
                Assert.False(Vector128.IsHardwareAccelerated, "DOTNET_EnableHWIntrinsic=0 did not turn hardware intrinsics off");
                break;
            case "arm64":
                Assert.True(System.Runtime.Intrinsics.Arm.AdvSimd.IsSupported, "AdvSimd should be on in the arm64 leg");
                Assert.True(Vector128.IsHardwareAccelerated, "Vector128 should be accelerated (AdvSimd) in the arm64 leg");
                break;
            default:
                Assert.Fail($"Unknown leg '{Leg}' in BLAKE2FAST_EXPECTED_ISA.");
                break;
        }
    }

    [Fact]
    public void The_leg_runs_on_its_architecture() =>
        Assert.Equal(Leg.StartsWith("arm64", StringComparison.Ordinal) ? Architecture.Arm64 : Architecture.X64, RuntimeInformation.ProcessArchitecture);

    [Fact]
    public void Blake2b_dispatcher_picks_the_legs_kernel()
    {
        Assert.Equal(Pick(Blake2bKernel.Avx512, Blake2bKernel.Avx2, Blake2bKernel.Sse41, Blake2bKernel.Sse2, Blake2bKernel.Scalar), Blake2bKernels.WidestSupported);
        Assert.Equal(ScalarPreference.ForSingleMessage ? Blake2bKernel.Scalar : Blake2bKernels.WidestSupported, Blake2bKernels.Best);
    }

    [Fact]
    public void Blake2s_dispatcher_picks_the_legs_kernel()
    {
        Assert.Equal(Pick(Blake2sKernel.Avx512, Blake2sKernel.Ssse3, Blake2sKernel.Ssse3, Blake2sKernel.Sse2, Blake2sKernel.Scalar), Blake2sKernels.WidestSupported);
        Assert.Equal(ScalarPreference.ForSingleMessage ? Blake2sKernel.Scalar : Blake2sKernels.WidestSupported, Blake2sKernels.Best);
    }

    /// <summary>
    /// The scalar preference is keyed to AMD family 1Ah only; its CPUID decoding is checked against
    /// what Linux reports for this machine in /proc/cpuinfo. Off x86 (ARM64, macOS included) there
    /// is no such preference to decode; on Windows x64 nothing independent reports the CPU family,
    /// so the test says it is skipped there.
    /// </summary>
    [Fact]
    public void Scalar_preference_matches_the_cpu_the_kernel_reports()
    {
        if (!X86Base.IsSupported)
        {
            Assert.False(ScalarPreference.ForSingleMessage, "the scalar preference is an x86 one");
            return;
        }

        Assert.SkipUnless(OperatingSystem.IsLinux(), "Needs Linux's /proc/cpuinfo to check the CPUID decoding against; Windows and macOS report the CPU family nowhere independent of CPUID.");

        string info = System.IO.File.ReadAllText("/proc/cpuinfo");
        bool amd = info.Contains("AuthenticAMD", StringComparison.Ordinal);
        bool family26 = System.Text.RegularExpressions.Regex.IsMatch(info, @"^cpu family\s*:\s*26\s*$", System.Text.RegularExpressions.RegexOptions.Multiline);
        Assert.Equal(amd && family26 && LibraryBuild.HasIntrinsics, ScalarPreference.ForSingleMessage);
    }

    [Fact]
    public void Blake2bp_dispatcher_picks_the_legs_kernel() =>
        Assert.Equal(Pick(Blake2bpKernel.Avx512, Blake2bpKernel.Avx2, Blake2bpKernel.Vector128, Blake2bpKernel.Vector128, Blake2bpKernel.Scalar, arm64: Blake2bpKernel.Vector128), Blake2bpKernels.Best);

    [Fact]
    public void Blake2sp_dispatcher_picks_the_legs_kernel() =>
        Assert.Equal(Pick(Blake2spKernel.Avx512, Blake2spKernel.Avx2, Blake2spKernel.Vector128, Blake2spKernel.Vector128, Blake2spKernel.Scalar, arm64: Blake2spKernel.Vector128), Blake2spKernels.Best);

    /// <remarks>BLAKE2b has no 128-bit lane kernel on x64: it lost to one message at a time there (KernelRegistry.cs).</remarks>
    [Fact]
    public void Blake2b_HashMany_dispatcher_picks_the_legs_kernel() =>
        Assert.Equal(Pick(Blake2ManyKernel.Avx512, Blake2ManyKernel.Avx2, Blake2ManyKernel.Scalar, Blake2ManyKernel.Scalar, Blake2ManyKernel.Scalar, arm64: Blake2ManyKernel.Vector128), Blake2bManyKernels.Best);

    [Fact]
    public void Blake2s_HashMany_dispatcher_picks_the_legs_kernel() =>
        Assert.Equal(Pick(Blake2ManyKernel.Avx512, Blake2ManyKernel.Avx2, Blake2ManyKernel.Vector128, Blake2ManyKernel.Vector128, Blake2ManyKernel.Scalar, arm64: Blake2ManyKernel.Vector128), Blake2sManyKernels.Best);

    [Fact]
    public void Blake2Xb_dispatcher_picks_the_legs_kernel() =>
        Assert.Equal(Pick(Blake2XbKernel.Avx512, Blake2XbKernel.Avx2, Blake2XbKernel.Scalar, Blake2XbKernel.Scalar, Blake2XbKernel.Scalar), Blake2XbKernels.Best);

    [Fact]
    public void Blake2Xs_dispatcher_picks_the_legs_kernel() =>
        Assert.Equal(Pick(Blake2XsKernel.Avx512, Blake2XsKernel.Avx2, Blake2XsKernel.Scalar, Blake2XsKernel.Scalar, Blake2XsKernel.Scalar), Blake2XsKernels.Best);

    /// <remarks>BLAKE3 takes the widest lane kernel in every leg; on ARM64 the 128-bit one runs with AdvSimd.</remarks>
    [Fact]
    public void Blake3_dispatcher_picks_the_legs_kernel() =>
        Assert.Equal(Pick(Blake3Kernel.Vector512, Blake3Kernel.Vector256, Blake3Kernel.Vector128, Blake3Kernel.Vector128, Blake3Kernel.Scalar, arm64: Blake3Kernel.Vector128), Blake3Kernels.Best);

    /// <remarks>Argon2's block kernel: 512-bit with AVX-512F, 256-bit with AVX2, else the 128-bit one (SSE2, AdvSimd).</remarks>
    [Fact]
    public void Argon2_dispatcher_picks_the_legs_kernel() =>
        Assert.Equal(Pick(Argon2Kernel.Vector512, Argon2Kernel.Avx2, Argon2Kernel.Vector128, Argon2Kernel.Vector128, Argon2Kernel.Scalar, arm64: Argon2Kernel.Vector128), Argon2Kernels.Best);

    [Fact]
    public void New_hashers_use_the_dispatchers_choice()
    {
        Assert.Equal(Blake2bKernels.Best, Blake2b.CreateIncrementalHasher().Kernel);
        Assert.Equal(Blake2sKernels.Best, Blake2s.CreateIncrementalHasher().Kernel);
    }

    /// <summary>The kernel this leg must get; the netstandard2.0 build has only scalar kernels, whatever the leg.</summary>
    /// <remarks>
    /// On ARM64 (<paramref name="arm64"/>, the scalar kernel unless given) the single-message and
    /// BLAKE2X dispatchers have only their scalar kernels, their vector kernels being x86 ones, and
    /// BLAKE2bp/sp take the 128-bit kernel, which AdvSimd runs (Kernels/ScalarPreference.cs says why).
    /// </remarks>
    private static T Pick<T>(T avx512, T avx2, T sse41, T sse2, T scalar, T? arm64 = null) where T : struct, Enum => !LibraryBuild.HasIntrinsics ? scalar : Leg switch
    {
        "avx512" => avx512,
        "avx2" => avx2,
        "sse41" => sse41,
        "sse2" => sse2,
        "scalar" => scalar,
        "arm64" => arm64 ?? scalar,
        "arm64-scalar" => scalar,
        _ => throw new InvalidOperationException($"Unknown leg '{Leg}' in BLAKE2FAST_EXPECTED_ISA."),
    };

    private static string InferLeg() =>
        RuntimeInformation.ProcessArchitecture == Architecture.Arm64 ? (Vector128.IsHardwareAccelerated ? "arm64" : "arm64-scalar") :
        Avx512F.VL.IsSupported ? "avx512" :
        Avx2.IsSupported ? "avx2" :
        Sse41.IsSupported ? "sse41" :
        Sse2.IsSupported ? "sse2" :
        "scalar";
}
