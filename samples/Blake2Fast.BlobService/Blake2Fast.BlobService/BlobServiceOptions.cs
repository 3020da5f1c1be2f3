using System;
using System.IO;

namespace Blake2Fast.BlobService;

/// <summary>
/// The blob service's settings, bound from the <c>BlobService</c> section of the configuration
/// (arguments such as <c>--BlobService:MaxBlobLength=1048576</c>, <c>appsettings.json</c>, or
/// environment variables such as <c>BlobService__UploadExpiry=01:00:00</c>). Each bound exists so
/// that no client, however it behaves, can make the service hold memory, threads or disk without end.
/// </summary>
public sealed class BlobServiceOptions
{
    /// <summary>The configuration section the options are bound from.</summary>
    public const string SectionName = "BlobService";

    /// <summary>Where blobs and uploads live (default <c>./blob-data</c>, from the current directory).</summary>
    public string Directory { get; set; } = Path.Combine(System.IO.Directory.GetCurrentDirectory(), "blob-data");

    /// <summary>
    /// The largest blob an upload may reach, in bytes (default 4 GiB). A part that would take the
    /// upload past it is refused with 413 (before its body is read when its length is declared,
    /// otherwise as soon as the streamed bytes cross it), and nothing of that part is kept beyond the
    /// last saved checkpoint. Kestrel's request body limit is set to the same value.
    /// </summary>
    public long MaxBlobLength { get; set; } = 4L << 30;

    /// <summary>
    /// How long an upload may stay untouched (no part, no creation) before it is removed with its
    /// data, chaining values and saved state (default 24 hours). A completed upload's record (which
    /// tells <c>HEAD</c> its blob) is removed after the same idle time; the blob itself stays.
    /// </summary>
    public TimeSpan UploadExpiry { get; set; } = TimeSpan.FromHours(24);

    /// <summary>How often expired uploads are looked for (default 5 minutes); they are looked for at start-up too.</summary>
    public TimeSpan ExpiryScanInterval { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>
    /// How long a request on an upload (a <c>PATCH</c> or a <c>DELETE</c>) waits while another
    /// request holds that upload before it is answered 423 Locked with <c>Retry-After</c> (default 5 seconds).
    /// </summary>
    public TimeSpan UploadLockTimeout { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>
    /// A published browser client's <c>wwwroot</c> folder (the one holding <c>index.html</c>, such as
    /// <c>Blake2Fast.BlobService.BlazorClient</c>'s), served as static files at the service's root, or
    /// <see langword="null"/> (the default): no files are served, only the API.
    /// </summary>
    public string? ClientDirectory { get; set; }

    /// <summary>Throws if a setting is out of range, naming it.</summary>
    /// <exception cref="ArgumentException">A setting is out of range.</exception>
    public void Validate()
    {
        if (string.IsNullOrWhiteSpace(Directory))
        {
            throw new ArgumentException("BlobService:Directory must name a directory.", nameof(Directory));
        }

        if (ClientDirectory is not null && (string.IsNullOrWhiteSpace(ClientDirectory) || !File.Exists(Path.Combine(ClientDirectory, "index.html"))))
        {
            throw new ArgumentException(
                $"BlobService:ClientDirectory must name a published client's wwwroot folder, holding index.html; '{ClientDirectory}' does not.", nameof(ClientDirectory));
        }

        if (MaxBlobLength < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxBlobLength), MaxBlobLength, "BlobService:MaxBlobLength must not be negative.");
        }

        if (UploadExpiry <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(UploadExpiry), UploadExpiry, "BlobService:UploadExpiry must be positive.");
        }

        if (ExpiryScanInterval <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(ExpiryScanInterval), ExpiryScanInterval, "BlobService:ExpiryScanInterval must be positive.");
        }

        if (UploadLockTimeout < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(UploadLockTimeout), UploadLockTimeout, "BlobService:UploadLockTimeout must not be negative.");
        }
    }
}
