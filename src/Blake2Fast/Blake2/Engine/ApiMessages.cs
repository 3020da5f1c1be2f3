namespace Blake2Fast.Internal;

/// <summary>Messages shared by several public types.</summary>
internal static class ApiMessages
{
    /// <summary>
    /// Why <c>HashData(byte[], byte[])</c> is an error-level obsolete member on every facade: C#
    /// binds two arrays to (key, source), silently computing a MAC where the caller may have meant
    /// (source, destination).
    /// </summary>
    public const string AmbiguousArrays =
        "HashData(byte[], byte[]) is ambiguous: write HashData(key: k, source: data) for a keyed hash, or HashData(data, destination.AsSpan()) to write the digest into an array.";

    /// <summary>A BLAKE2 hash state used after <c>Finish</c> or <c>Clear</c>.</summary>
    public const string StateFinished =
        "This hash state has been finished and its key and data erased. Create a new hasher to hash again.";

    /// <summary>A BLAKE2 hash state used while <see langword="default"/>.</summary>
    public const string StateUninitialized =
        "This hash state is not initialized. Create it with CreateIncrementalHasher().";
}
