using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Runtime.Intrinsics.X86;
using Features = Blake2Fast.Tool.NativeLevelRelaunch.CpuFeatures;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// Which native build b2fast hands over to. The machine's level is checked against the runtime's
/// own feature detection (these tests run under the JIT, where the IsSupported properties describe
/// the processor); .ci/run checks the installed tool against which builds the runtime agrees to
/// start.
/// </summary>
public sealed class NativeLevelRelaunchTests
{
    private const string Directory = "/opt/tools/b2fast";

    [Fact]
    public void The_machine_level_b2fast_reads_is_the_level_the_runtime_detects()
    {
        if (!X86Base.X64.IsSupported)
        {
            Assert.Equal(NativeLevelRelaunch.BaselineLevel, NativeLevelRelaunch.CompiledLevel);
            return;
        }

        if (!OperatingSystem.IsLinux())
        {
            // b2fast hands over on Linux only; elsewhere it reports the baseline.
            Assert.Equal(NativeLevelRelaunch.BaselineLevel, NativeLevelRelaunch.LevelOfThisMachine());
            return;
        }

        int machine = NativeLevelRelaunch.LevelOfThisMachine();
        if (InstructionSetsSwitchedOff())
        {
            // DOTNET_Enable*=0 hides instruction sets from the runtime, not from CPUID.
            Assert.True(NativeLevelRelaunch.CompiledLevel <= machine, $"runtime {NativeLevelRelaunch.CompiledLevel}, b2fast {machine}");
        }
        else
        {
            Assert.Equal(NativeLevelRelaunch.CompiledLevel, machine);
        }
    }

    [Theory]
    // Bits from Intel's SDM, CPUID leaf 1 ECX: POPCNT 23, SSE4.2 20, OSXSAVE 27, AVX 28.
    [InlineData(1, 23, 1)]
    [InlineData(1, 20, 1)]
    [InlineData(1, 27, 2)]
    [InlineData(1, 28, 2)]
    // Leaf 7 EBX: AVX2 5, BMI2 8, AVX512F 16, AVX512BW 30, AVX512VL 31; FSGSBASE (0) is in no level.
    [InlineData(7, 5, 2)]
    [InlineData(7, 8, 2)]
    [InlineData(7, 16, 3)]
    [InlineData(7, 30, 3)]
    [InlineData(7, 31, 3)]
    [InlineData(7, 0, 4)]
    // Leaf 0x80000001 ECX: LAHF/SAHF 0, LZCNT 5.
    [InlineData(0x80000001, 0, 1)]
    [InlineData(0x80000001, 5, 2)]
    public void A_missing_feature_caps_the_machine_level(uint leaf, int bit, int expectedLevel)
    {
        uint without = ~(1u << bit);
        var everything = new Features(uint.MaxValue, uint.MaxValue, uint.MaxValue);
        Features machine = leaf switch
        {
            1 => everything with { Leaf1Ecx = without },
            7 => everything with { Leaf7Ebx = without },
            _ => everything with { Extended1Ecx = without },
        };

        Assert.Equal(4, NativeLevelRelaunch.MachineLevel(everything));
        Assert.Equal(expectedLevel, NativeLevelRelaunch.MachineLevel(machine));
    }

    [Fact]
    public void A_machine_without_the_baseline_features_is_below_every_build() =>
        Assert.Equal(1, NativeLevelRelaunch.MachineLevel(new Features(0, 0, 0)));

    /// <summary>The flags line of /proc/cpuinfo on the build machine (AMD EPYC, Zen 5, in a virtual machine).</summary>
    private const string BuildMachineFlags =
        "fpu vme de pse tsc msr pae mce cx8 apic sep pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx mmxext lm constant_tsc rep_good nopl xtopology tsc_reliable nonstop_tsc cpuid extd_apicid tsc_known_freq pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand hypervisor lahf_lm cr8_legacy misalignsse 3dnowprefetch topoext pti        vmmcall bmi1 avx2 bmi2 erms avx512f avx512dq adx avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 avx_vnni avx512_bf16 clzero xsaveerptr arat avx512vbmi avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq movdiri movdir64b fsrm avx512_vp2intersect";

    [Fact]
    public void The_kernel_flags_of_the_build_machine_enable_every_level() =>
        Assert.Equal(4, NativeLevelRelaunch.KernelEnabledLevel(BuildMachineFlags));

    [Theory]
    [InlineData("avx512vl", 3)]
    [InlineData("avx512bw", 3)]
    [InlineData("avx512f", 3)]
    [InlineData("avx2", 2)]
    [InlineData("avx", 2)]
    public void A_vector_state_the_kernel_left_out_caps_the_level(string missing, int expectedLevel)
    {
        string flags = string.Join(' ', Array.FindAll(BuildMachineFlags.Split(' '), flag => flag != missing));

        Assert.Equal(expectedLevel, NativeLevelRelaunch.KernelEnabledLevel(flags));
    }

    [Fact]
    public void The_kernel_flags_here_allow_at_least_the_level_the_runtime_uses()
    {
        // /proc/cpuinfo has x86 flags only on x86 Linux; elsewhere b2fast never hands over: it
        // reads no flags off Linux, and a machine without them stays at the baseline level.
        if (!OperatingSystem.IsLinux() || !X86Base.X64.IsSupported)
        {
            Assert.True(OperatingSystem.IsLinux() || NativeLevelRelaunch.KernelCpuFlags() is null, "/proc/cpuinfo was read off Linux");
            Assert.Equal(NativeLevelRelaunch.BaselineLevel, NativeLevelRelaunch.LevelOfThisMachine());
            return;
        }

        string? flags = NativeLevelRelaunch.KernelCpuFlags();
        Assert.NotNull(flags);
        Assert.True(NativeLevelRelaunch.KernelEnabledLevel(flags) >= NativeLevelRelaunch.CompiledLevel, flags);
    }

    [Fact]
    public void The_best_installed_build_the_machine_runs_is_chosen()
    {
        var installed = new HashSet<string>(StringComparer.Ordinal)
        {
            Path.Combine(Directory, "b2fast"),
            Path.Combine(Directory, "b2fast-x86-64-v3"),
            Path.Combine(Directory, "b2fast-x86-64-v4"),
        };

        Assert.Equal(Path.Combine(Directory, "b2fast-x86-64-v4"), NativeLevelRelaunch.ChooseBuild(Directory, 2, 4, installed.Contains));
        Assert.Equal(Path.Combine(Directory, "b2fast-x86-64-v3"), NativeLevelRelaunch.ChooseBuild(Directory, 2, 3, installed.Contains));
        Assert.Equal(Path.Combine(Directory, "b2fast-x86-64-v4"), NativeLevelRelaunch.ChooseBuild(Directory, 3, 4, installed.Contains));

        // Already the best build, or a machine below every extra build: stay.
        Assert.Null(NativeLevelRelaunch.ChooseBuild(Directory, 4, 4, installed.Contains));
        Assert.Null(NativeLevelRelaunch.ChooseBuild(Directory, 3, 3, installed.Contains));
        Assert.Null(NativeLevelRelaunch.ChooseBuild(Directory, 2, 2, installed.Contains));
        Assert.Null(NativeLevelRelaunch.ChooseBuild(Directory, 2, 1, installed.Contains));
    }

    [Fact]
    public void A_missing_build_falls_back_to_the_next_lower_one_or_to_none()
    {
        var withoutV4 = new HashSet<string>(StringComparer.Ordinal) { Path.Combine(Directory, "b2fast-x86-64-v3") };
        Assert.Equal(Path.Combine(Directory, "b2fast-x86-64-v3"), NativeLevelRelaunch.ChooseBuild(Directory, 2, 4, withoutV4.Contains));
        Assert.Null(NativeLevelRelaunch.ChooseBuild(Directory, 3, 4, withoutV4.Contains));
        Assert.Null(NativeLevelRelaunch.ChooseBuild(Directory, 2, 4, _ => false));
    }

    [Fact]
    public void Build_names_extend_the_command_name()
    {
        Assert.Equal("b2fast", NativeLevelRelaunch.BuildName(2));
        Assert.Equal("b2fast-x86-64-v3", NativeLevelRelaunch.BuildName(3));
        Assert.Equal("b2fast-x86-64-v4", NativeLevelRelaunch.BuildName(4));
    }

    [Fact]
    public void A_build_compiled_at_run_time_says_so_and_stays()
    {
        Assert.Equal("Machine code: compiled at run time for this processor.", NativeLevelRelaunch.Describe());

        // Under the JIT nothing is replaced: the call returns and this test process carries on.
        NativeLevelRelaunch.RelaunchIfBetterBuildInstalled();
    }

    private static bool InstructionSetsSwitchedOff()
    {
        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            string name = (string)variable.Key;
            if ((name.StartsWith("DOTNET_Enable", StringComparison.OrdinalIgnoreCase) || name.StartsWith("COMPlus_Enable", StringComparison.OrdinalIgnoreCase))
                && (string?)variable.Value == "0")
            {
                return true;
            }
        }

        return false;
    }
}
