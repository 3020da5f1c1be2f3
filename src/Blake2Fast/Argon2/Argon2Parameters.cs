using System;

namespace Blake2Fast;

/// <summary>
/// The costs and inputs of one Argon2 computation (RFC 9106, section 3.1), other than the password,
/// salt and tag length; immutable once built, so one instance can serve every call of an application.
/// </summary>
/// <remarks>
/// <para>Each property checks its own range as it is set (its exception names the property);
/// <see cref="MemorySize"/> against <see cref="Parallelism"/> (m &gt;= 8p) is checked when the
/// parameters are used. Three presets: <see cref="Rfc9106FirstRecommendation"/>,
/// <see cref="Rfc9106SecondRecommendation"/> and <see cref="OwaspMinimum"/>.</para>
/// <para>The defaults: Argon2id, version 0x13, 3 passes over 64 MiB in one lane, on the calling thread.</para>
/// </remarks>
public sealed class Argon2Parameters
{
    /// <summary>The largest number of lanes the RFC allows: 2^24 - 1.</summary>
    public const int MaxParallelism = 0xFFFFFF;

    private readonly Argon2Type _type = Argon2Type.Argon2id;
    private readonly int _version = 0x13;
    private readonly int _iterations = 3;
    private readonly int _memorySize = 64 * 1024;
    private readonly int _parallelism = 1;
    private readonly int _maxDegreeOfParallelism = 1;

    /// <summary>RFC 9106's first recommended option: Argon2id, t = 1, p = 4, m = 2 GiB (2,097,152 KiB), for machines that can spare the memory.</summary>
    public static Argon2Parameters Rfc9106FirstRecommendation { get; } = new() { Iterations = 1, Parallelism = 4, MemorySize = 2 * 1024 * 1024 };

    /// <summary>RFC 9106's second recommended option, where memory is tighter: Argon2id, t = 3, p = 4, m = 64 MiB (65,536 KiB).</summary>
    public static Argon2Parameters Rfc9106SecondRecommendation { get; } = new() { Iterations = 3, Parallelism = 4, MemorySize = 64 * 1024 };

    /// <summary>OWASP's Password Storage Cheat Sheet minimum for Argon2id: m = 19 MiB (19,456 KiB), t = 2, p = 1.</summary>
    public static Argon2Parameters OwaspMinimum { get; } = new() { Iterations = 2, Parallelism = 1, MemorySize = 19 * 1024 };

    /// <summary>The variant; Argon2id by default.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not one of <see cref="Argon2Type"/>'s.</exception>
    public Argon2Type Type
    {
        get => _type;
        init => _type = (uint)value <= (uint)Argon2Type.Argon2id ? value : throw new ArgumentOutOfRangeException(nameof(Type), value, "The type must be Argon2d (0), Argon2i (1) or Argon2id (2).");
    }

    /// <summary>The version: 0x13 (19, RFC 9106's, the default) or 0x10 (16, the older one, still found in stored hashes).</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is neither 0x13 nor 0x10.</exception>
    public int Version
    {
        get => _version;
        init => _version = value is 0x13 or 0x10 ? value : throw new ArgumentOutOfRangeException(nameof(Version), value, "The version must be 0x13 (19) or 0x10 (16).");
    }

    /// <summary>The number of passes over the memory, t: at least 1; 3 by default.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than 1.</exception>
    public int Iterations
    {
        get => _iterations;
        init => _iterations = value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(Iterations), value, "The number of iterations (passes) must be at least 1.");
    }

    /// <summary>
    /// The memory size m in KiB: at least 8 per lane (8p, checked when used), up to
    /// <see cref="int.MaxValue"/> (2 TiB); 65,536 (64 MiB) by default. Argon2 uses the largest
    /// multiple of 4p KiB that is not above it, as RFC 9106 says, and hashes m itself into H0.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than 8.</exception>
    public int MemorySize
    {
        get => _memorySize;
        init => _memorySize = value >= 8 ? value : throw new ArgumentOutOfRangeException(nameof(MemorySize), value, "The memory size must be at least 8 KiB (8 per lane).");
    }

    /// <summary>The number of lanes p: 1 to <see cref="MaxParallelism"/>; 1 by default. Part of the result: changing it changes the hash.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 1 to 2^24 - 1.</exception>
    public int Parallelism
    {
        get => _parallelism;
        init => _parallelism = value is >= 1 and <= MaxParallelism ? value : throw new ArgumentOutOfRangeException(nameof(Parallelism), value, $"The parallelism (lanes) must be between 1 and {MaxParallelism}.");
    }

    /// <summary>
    /// How many threads may fill the lanes, the calling thread among them: 1 (the default: every
    /// lane on the caller), a larger number (at most one per lane is used), or -1 (one per lane up
    /// to the processor count). Never changes the result.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is 0 or less than -1.</exception>
    public int MaxDegreeOfParallelism
    {
        get => _maxDegreeOfParallelism;
        init => _maxDegreeOfParallelism = value == -1 || value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(MaxDegreeOfParallelism), value, "The maximum degree of parallelism must be -1 (one thread per lane, up to the processor count) or at least 1.");
    }

    /// <summary>The secret K (a pepper kept outside the database), any length; empty by default.</summary>
    public ReadOnlyMemory<byte> Secret { get; init; }

    /// <summary>The associated data X, any length; empty by default. Not stored in PHC strings, so <see cref="Argon2.HashPassword(ReadOnlySpan{byte}, Argon2Parameters)"/> refuses it.</summary>
    public ReadOnlyMemory<byte> AssociatedData { get; init; }

    /// <summary>Checks what no single property can: m &gt;= 8p.</summary>
    internal void Validate(string paramName)
    {
        if (_memorySize / 8 < _parallelism)
        {
            throw new ArgumentException($"The memory size ({_memorySize} KiB) must be at least 8 KiB per lane ({_parallelism} lanes: {8L * _parallelism} KiB).", paramName);
        }
    }

    /// <summary>The number of threads to use for <paramref name="lanes"/> lanes.</summary>
    internal static int Threads(int maxDegreeOfParallelism, int lanes) =>
        maxDegreeOfParallelism == -1 ? Math.Min(lanes, Environment.ProcessorCount) : Math.Min(lanes, maxDegreeOfParallelism);
}
