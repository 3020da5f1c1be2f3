using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>One row of the algorithm table: names, limits and how to start a hash.</summary>
/// <param name="Name">The name given to <c>-a</c>, lower case: <c>blake2b</c>.</param>
/// <param name="TagName">The name in BSD-style (<c>--tag</c>) lines: <c>BLAKE2b</c>.</param>
/// <param name="MaxBits">The largest digest length <c>-l</c> accepts, in bits.</param>
/// <param name="DefaultBits">The digest length without <c>-l</c> (or with <c>-l 0</c>), in bits.</param>
/// <param name="IsExtendable">
/// Whether this is an extendable-output function (BLAKE2X). Its tag always names the length,
/// because no length is "the" length of an XOF.
/// </param>
/// <param name="MaxKeyBytes">The longest key, in bytes.</param>
/// <param name="SaltBytes">The longest salt in bytes; 0 when the algorithm takes none.</param>
/// <param name="PersonalizationBytes">The longest personalization in bytes; 0 when the algorithm takes none.</param>
/// <param name="Create">Starts a hash.</param>
internal sealed record HashAlgorithmInfo(
    string Name,
    string TagName,
    long MaxBits,
    long DefaultBits,
    bool IsExtendable,
    int MaxKeyBytes,
    int SaltBytes,
    int PersonalizationBytes,
    Func<HashParameters, IIncrementalHash> Create);
