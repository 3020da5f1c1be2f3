using System.IO;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// Decides whether a regular file is hashed through a mapping or read, as <see cref="InputReading"/>
/// asks: by default the file is mapped, <see cref="MappingProbe"/> measures what reaching its bytes
/// costs, and the mapping is kept only when it pays.
/// </summary>
/// <param name="File">The mapped file, or <see langword="null"/> when the file is to be read.</param>
/// <param name="Populate">
/// Whether to have the system map each part of <see cref="File"/> ahead of the hash
/// (<see cref="MappedFile.Populate"/>): only when the probe measured the mapping cheap and found
/// every page it touched in the page cache, so that populating maps pages and reads nothing from disk.
/// </param>
internal readonly record struct MappingChoice(MappedFile? File, bool Populate)
{
    /// <summary>Maps <paramref name="file"/> (up to <paramref name="maxLength"/> bytes) or not, as <paramref name="reading"/> asks.</summary>
    public static MappingChoice Make(FileStream file, long maxLength, InputReading reading)
    {
        if (reading == InputReading.Read)
        {
            return default;
        }

        MappedFile? mapped = MappedFile.TryMap(file, maxLength);
        if (mapped is null || reading == InputReading.Mapped)
        {
            return new MappingChoice(mapped, Populate: false);
        }

        MappingCost? cost = MappingProbe.Measure(mapped, file.SafeFileHandle);
        if (!KeepsMapping(cost, mapped.Length))
        {
            mapped.Dispose();
            return default;
        }

        return new MappingChoice(mapped, Populate: cost is { FavorsMapping: true, Usage.MajorFaults: 0 });
    }

    /// <summary>
    /// Whether a file of <paramref name="fileLength"/> bytes, probed at a cost of <paramref name="cost"/>,
    /// is hashed through its mapping: when the probe could not measure (<see langword="null"/>, off
    /// Linux: the tool maps there, as it did before it measured), when the mapping pays, or when the
    /// probe touched the whole file, whose mapping is then paid for already (reading it would only
    /// add the copy).
    /// </summary>
    public static bool KeepsMapping(MappingCost? cost, long fileLength) =>
        cost is not MappingCost measured || measured.FavorsMapping || measured.BytesTouched >= fileLength;
}
