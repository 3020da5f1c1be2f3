using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool;

/// <summary>
/// Starts the best build of b2fast the machine can run. Code compiled ahead of time (Native AOT)
/// is fixed to one x86-64 instruction-set level, and the library's vector kernels exist only
/// from AVX2 up, so the linux-x64 tool package carries three builds side by side: <c>b2fast</c>
/// for the default level (x86-64-v2), <c>b2fast-x86-64-v3</c> (AVX2) and <c>b2fast-x86-64-v4</c>
/// (AVX-512). The default build runs first; when the processor (CPUID) and the kernel (the vector
/// state it enabled) support a higher level whose build is installed next to it, it replaces
/// itself with that build (execv: same arguments, streams and environment) before it reads
/// anything.
/// </summary>
/// <remarks>
/// Code compiled at run time (the framework-dependent <c>any</c> package, <c>dotnet run</c>)
/// already uses every instruction set the machine has, so nothing happens there.
/// </remarks>
internal static partial class NativeLevelRelaunch
{
    /// <summary>The lowest level: what the default Native AOT build targets.</summary>
    public const int BaselineLevel = 2;

    /// <summary>The highest level a build exists for.</summary>
    public const int HighestLevel = 4;

    /// <summary>
    /// What each level needs beyond the one below it (the psABI x86-64 levels), as CPUID bits:
    /// leaf 1 ECX, leaf 7 EBX, leaf 0x80000001 ECX. These are the bits the runtime itself checks
    /// before it runs a build; the flags in /proc/cpuinfo are no substitute for them (on the build
    /// machine's hypervisor they lack LZCNT's <c>abm</c> while CPUID reports it), only a check of
    /// what the kernel enabled (<see cref="KernelEnabledLevel"/>).
    /// </summary>
    private static readonly CpuFeatures[] NeededByLevel =
    [
        // x86-64-v2: SSE3, SSSE3, CX16, SSE4.1, SSE4.2, POPCNT; LAHF/SAHF in 64-bit mode.
        new(Leaf1Ecx: (1u << 0) | (1u << 9) | (1u << 13) | (1u << 19) | (1u << 20) | (1u << 23), Leaf7Ebx: 0, Extended1Ecx: 1u << 0),
        // x86-64-v3: FMA, MOVBE, OSXSAVE, AVX, F16C; BMI1, AVX2, BMI2; LZCNT.
        new(Leaf1Ecx: (1u << 12) | (1u << 22) | (1u << 27) | (1u << 28) | (1u << 29), Leaf7Ebx: (1u << 3) | (1u << 5) | (1u << 8), Extended1Ecx: 1u << 5),
        // x86-64-v4: AVX-512 F, DQ, CD, BW, VL.
        new(Leaf1Ecx: 0, Leaf7Ebx: (1u << 16) | (1u << 17) | (1u << 28) | (1u << 30) | (1u << 31), Extended1Ecx: 0),
    ];

    /// <summary>
    /// The level this code was compiled for: ahead of time, the <c>IsSupported</c> properties
    /// are constants of the build; at run time they describe the machine.
    /// </summary>
    public static int CompiledLevel =>
        Avx512F.VL.IsSupported && Avx512BW.IsSupported && Avx512CD.IsSupported && Avx512DQ.IsSupported ? 4 :
        Avx2.IsSupported && Bmi1.IsSupported && Bmi2.IsSupported && Fma.IsSupported && Lzcnt.IsSupported ? 3 :
        BaselineLevel;

    /// <summary>
    /// How this process's code was compiled, for <c>--version</c>. A build compiled ahead of time
    /// for another processor than x86-64 (someone's own osx-arm64 or win-arm64 publish) has no
    /// x86-64 level: it names its architecture instead.
    /// </summary>
    public static string Describe() =>
        RuntimeFeature.IsDynamicCodeSupported ? "Machine code: compiled at run time for this processor." :
        X86Base.X64.IsSupported ? $"Machine code: compiled ahead of time for x86-64-v{CompiledLevel}." :
        $"Machine code: compiled ahead of time for {RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant()}.";

    /// <summary>The file name of the build for <paramref name="level"/>.</summary>
    public static string BuildName(int level) => level == BaselineLevel ? Cli.ProgramName : $"{Cli.ProgramName}-x86-64-v{level}";

    /// <summary>
    /// Replaces this process with a better build when there is one; returns when there is none
    /// (or when starting it failed, and this build carries on).
    /// </summary>
    public static void RelaunchIfBetterBuildInstalled()
    {
        if (RuntimeFeature.IsDynamicCodeSupported || !OperatingSystem.IsLinux() || !X86Base.X64.IsSupported)
        {
            return;
        }

        string? self = Environment.ProcessPath;
        if (self is null)
        {
            return;
        }

        string? better = ChooseBuild(Path.GetDirectoryName(self) ?? ".", CompiledLevel, LevelOfThisMachine(), File.Exists);
        if (better is not null)
        {
            Exec(better);
        }
    }

    /// <summary>
    /// The level this x86 machine runs: what CPUID reports, capped by the vector state the kernel
    /// enabled; the baseline when CPUID or /proc/cpuinfo cannot be read (not x86, not Linux).
    /// </summary>
    public static int LevelOfThisMachine() => X86Base.X64.IsSupported && KernelCpuFlags() is { } flags
        ? Math.Min(MachineLevel(CpuFeatures.OfThisMachine()), KernelEnabledLevel(flags))
        : BaselineLevel;

    /// <summary>The highest level all of whose features <paramref name="machine"/> has.</summary>
    public static int MachineLevel(CpuFeatures machine)
    {
        int level = 1;
        foreach (CpuFeatures needed in NeededByLevel)
        {
            if (!machine.Includes(needed))
            {
                break;
            }

            level++;
        }

        return level;
    }

    /// <summary>
    /// The highest level whose vector state the kernel has enabled, from the processor flags it
    /// reports in /proc/cpuinfo. CPUID tells what the processor has; whether the operating system
    /// saves the AVX and AVX-512 registers (XCR0, which C# cannot read) shows only here: a kernel
    /// that has not enabled them leaves their flags out. The runtime checks XCR0 before it starts
    /// a build, so handing over without this check could end in its refusal instead of a hash.
    /// </summary>
    public static int KernelEnabledLevel(string flags)
    {
        var present = new HashSet<string>(flags.Split(' ', '\t'), StringComparer.Ordinal);
        if (!present.Contains("avx") || !present.Contains("avx2"))
        {
            return BaselineLevel;
        }

        return present.Contains("avx512f") && present.Contains("avx512bw") && present.Contains("avx512cd")
            && present.Contains("avx512dq") && present.Contains("avx512vl") ? 4 : 3;
    }

    /// <summary>
    /// The path of the highest installed build above <paramref name="compiledLevel"/> that the
    /// machine can run, or null when this build is already the best one there is.
    /// </summary>
    public static string? ChooseBuild(string directory, int compiledLevel, int machineLevel, Func<string, bool> exists)
    {
        for (int level = Math.Min(machineLevel, HighestLevel); level > compiledLevel; level--)
        {
            string path = Path.Combine(directory, BuildName(level));
            if (exists(path))
            {
                return path;
            }
        }

        return null;
    }

    /// <summary>
    /// The flags line of the first processor in /proc/cpuinfo, or null when there is none: always
    /// off Linux, where the path would name another file (on Windows, C:\proc\cpuinfo) or none.
    /// </summary>
    internal static string? KernelCpuFlags()
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }

        try
        {
            // Only as far as the first processor's flags: the whole file takes milliseconds to
            // generate on machines with many processors.
            using var reader = new StreamReader("/proc/cpuinfo");
            while (reader.ReadLine() is { } line)
            {
                int colon = line.IndexOf(':', StringComparison.Ordinal);
                if (colon > 0 && line.AsSpan(0, colon).Trim().SequenceEqual("flags"))
                {
                    return line[(colon + 1)..];
                }
            }
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }

        return null;
    }

    /// <summary>
    /// Replaces the process image with <paramref name="path"/>, passing this process's arguments
    /// exactly as the kernel received them, so file names that are not valid UTF-8 reach the new
    /// build unchanged. Returns only when that failed.
    /// </summary>
    private static unsafe void Exec(string path)
    {
        if (KernelCommandLine.Read() is not { } read)
        {
            return;
        }

        (byte[] commandLine, List<Range> arguments) = read;

        byte[] pathBytes = new byte[System.Text.Encoding.UTF8.GetByteCount(path) + 1];
        System.Text.Encoding.UTF8.GetBytes(path, pathBytes);
        byte** argv = (byte**)NativeMemory.Alloc((nuint)(arguments.Count + 1), (nuint)sizeof(byte*));
        fixed (byte* bytes = commandLine)
        fixed (byte* file = pathBytes)
        {
            // Each argument is followed by its NUL in the buffer, as execv wants.
            for (int i = 0; i < arguments.Count; i++)
            {
                argv[i] = bytes + arguments[i].Start.Value;
            }

            argv[arguments.Count] = null;
            _ = Execv(file, argv);
        }

        NativeMemory.Free(argv);
    }

    [LibraryImport("libc.so.6", EntryPoint = "execv")]
    private static unsafe partial int Execv(byte* path, byte** argv);

    /// <summary>The CPUID registers that hold the level features.</summary>
    internal readonly record struct CpuFeatures(uint Leaf1Ecx, uint Leaf7Ebx, uint Extended1Ecx)
    {
        /// <summary>Reads this processor's CPUID (x86 only).</summary>
        public static CpuFeatures OfThisMachine()
        {
            int maxLeaf = X86Base.CpuId(0, 0).Eax;
            int maxExtended = X86Base.CpuId(unchecked((int)0x80000000), 0).Eax;
            return new(
                Leaf1Ecx: (uint)X86Base.CpuId(1, 0).Ecx,
                Leaf7Ebx: maxLeaf >= 7 ? (uint)X86Base.CpuId(7, 0).Ebx : 0,
                Extended1Ecx: (uint)maxExtended >= 0x80000001 ? (uint)X86Base.CpuId(unchecked((int)0x80000001), 0).Ecx : 0);
        }

        /// <summary>Whether every bit of <paramref name="needed"/> is set here.</summary>
        public bool Includes(CpuFeatures needed) =>
            (Leaf1Ecx & needed.Leaf1Ecx) == needed.Leaf1Ecx &&
            (Leaf7Ebx & needed.Leaf7Ebx) == needed.Leaf7Ebx &&
            (Extended1Ecx & needed.Extended1Ecx) == needed.Extended1Ecx;
    }
}
