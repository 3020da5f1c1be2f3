using System;
using Orleans;

namespace Blake2Fast.OrleansSample;

/// <summary>Which BLAKE3 function a job computes.</summary>
public enum Blake3ModeKind
{
    /// <summary>Plain hashing, as <c>b3sum</c>.</summary>
    Hash,

    /// <summary>Keyed hashing (a MAC), as <c>b3sum --keyed</c>.</summary>
    Keyed,

    /// <summary>Key derivation, as <c>b3sum --derive-key CONTEXT</c>: the file is the key material.</summary>
    DeriveKey,
}

/// <summary>
/// The wire form of a <see cref="Blake3Mode"/>: what a job sends to every worker, which builds
/// its own <see cref="Blake3Mode"/> from it (a <see cref="Blake3Mode"/> holds its key in private
/// fields and is not a message type).
/// </summary>
/// <remarks>
/// A keyed job's key travels to every silo that hashes a piece and stays in the messages' buffers
/// until they are collected: run a keyed job only over a transport you trust with the key (Orleans
/// can run its connections over TLS), or hash in plain mode and key the result.
/// </remarks>
[GenerateSerializer]
[Immutable]
public sealed class Blake3ModeSpec
{
    /// <summary>Plain hashing.</summary>
    public static Blake3ModeSpec Hash { get; } = new();

    /// <summary>The function.</summary>
    [Id(0)]
    public Blake3ModeKind Kind { get; init; }

    /// <summary>The 32-byte key of a keyed job; empty otherwise.</summary>
    [Id(1)]
    public ReadOnlyMemory<byte> Key { get; init; }

    /// <summary>The context string of a key derivation job; <see langword="null"/> otherwise.</summary>
    [Id(2)]
    public string? Context { get; init; }

    /// <summary>Keyed hashing with a copy of <paramref name="key"/>.</summary>
    /// <param name="key">The key: exactly 32 bytes.</param>
    /// <returns>The mode.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes.</exception>
    public static Blake3ModeSpec Keyed(ReadOnlySpan<byte> key)
    {
        // Blake3Mode.Keyed checks the length, so a bad key is refused here, on the caller's side.
        _ = Blake3Mode.Keyed(key);
        return new() { Kind = Blake3ModeKind.Keyed, Key = key.ToArray() };
    }

    /// <summary>Key derivation with <paramref name="context"/>.</summary>
    /// <param name="context">The context string; the empty string is a legal context.</param>
    /// <returns>The mode.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public static Blake3ModeSpec DeriveKey(string context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return new() { Kind = Blake3ModeKind.DeriveKey, Context = context };
    }

    /// <summary>The library's mode, built on the silo that uses it.</summary>
    /// <returns>The mode.</returns>
    /// <exception cref="ArgumentException">The spec is keyed without a 32-byte key, derives keys without a context, or names no known function.</exception>
    public Blake3Mode ToMode() => Kind switch
    {
        Blake3ModeKind.Hash => Blake3Mode.Hash,
        Blake3ModeKind.Keyed => Blake3Mode.Keyed(Key.Span),
        Blake3ModeKind.DeriveKey => Blake3Mode.DeriveKey(Context ?? throw new ArgumentException("A key derivation job needs a context string.", nameof(Context))),
        _ => throw new ArgumentException($"Unknown BLAKE3 mode {Kind}.", nameof(Kind)),
    };

    /// <summary>The function's name; never the key.</summary>
    /// <returns>"Hash", "Keyed" or "DeriveKey".</returns>
    public override string ToString() => Kind.ToString();
}
