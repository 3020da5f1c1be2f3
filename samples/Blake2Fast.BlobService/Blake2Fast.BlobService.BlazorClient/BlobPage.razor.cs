namespace Blake2Fast.BlobService.BlazorClient;

/// <summary>
/// The sample's one page: a picked file hashed with BLAKE3 as it is read, uploaded resumably
/// through <see cref="Client.BlobClient"/> (across reloads, from the server's offset), and blobs
/// downloaded with every 1 KiB chunk verified (Bao) before the page offers them as a file.
/// </summary>
public partial class BlobPage
{
}
