namespace Blake2Fast.Tool.Io;

/// <summary>
/// How a regular file of <see cref="MappedFile.MinimumLength"/> or more reaches the hashes that run on
/// every core (BLAKE3 and <c>--tree</c>); every other input is read through buffers whatever this says.
/// </summary>
internal enum InputReading
{
    /// <summary>
    /// The default: on Linux the file is mapped and <see cref="MappingProbe"/> measures what reaching
    /// its first MiBs costs; the mapping is kept when <see cref="MappingCost.FavorsMapping"/>, and the
    /// file is read otherwise. Where the probe cannot measure (other systems) the file stays mapped.
    /// </summary>
    Measured,

    /// <summary>Mapped whenever the system allows, without a probe: how the tests reach the mapped path.</summary>
    Mapped,

    /// <summary><c>--no-mmap</c>: never mapped, always read.</summary>
    Read,
}
