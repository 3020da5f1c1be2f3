using System;
using System.Buffers;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;

namespace Blake2Fast.BlobService.Client;

/// <summary>
/// A client of the blob service: resumable uploads, and downloads of which every byte written has
/// been verified against the blob's BLAKE3 hash (Bao) before it is written.
/// </summary>
/// <remarks>
/// The <see cref="HttpClient"/> must have its <see cref="HttpClient.BaseAddress"/> set to the
/// service's root. Its <see cref="HttpClient.Timeout"/> applies to each request, a whole part or
/// download included; set it to <see cref="Timeout.InfiniteTimeSpan"/> for large blobs.
/// </remarks>
public sealed class BlobClient
{
    private const int BufferLength = 64 * 1024;

    // Reads of the verifying decoder: larger reads let it verify more chunks per call.
    private const int DownloadBufferLength = 256 * 1024;
    private const int ChunkGroupLength = 1024;
    private const string UploadOffsetHeader = "Upload-Offset";
    private const string UploadCompleteHeader = "Upload-Complete";
    private const string BlobHashHeader = "Blob-Hash";

    private readonly HttpClient _http;

    /// <summary>Creates a client over <paramref name="http"/>, whose base address is the service's root.</summary>
    /// <param name="http">The HTTP client; it stays the caller's to dispose.</param>
    /// <exception cref="ArgumentNullException"><paramref name="http"/> is <see langword="null"/>.</exception>
    public BlobClient(HttpClient http)
    {
        ArgumentNullException.ThrowIfNull(http);
        _http = http;
    }

    /// <summary>The largest part sent in one request (default 16 MiB): a broken connection loses at most the part's unsaved bytes.</summary>
    public long PartLength { get; init; } = 16 * 1024 * 1024;

    /// <summary>
    /// How many failed attempts in a row are retried before giving up (default 5): network failures
    /// (a broken connection, a truncated response, the HttpClient's timeout) and uploads locked by
    /// another request (423). Failures of the caller's own streams and statuses the server chose are not retried.
    /// </summary>
    public int MaxRetries { get; init; } = 5;

    /// <summary>The pause before the first retry, doubled after each further failure in a row (default 50 ms).</summary>
    public TimeSpan RetryDelay { get; init; } = TimeSpan.FromMilliseconds(50);

    /// <summary>
    /// Uploads <paramref name="source"/> from its position to its end and returns the blob's
    /// lowercase hex BLAKE3 hash. A broken connection is resumed where the server stored the upload.
    /// </summary>
    /// <param name="source">The data; it must be able to seek (a resumed part is read again from the server's offset).</param>
    /// <param name="cancellationToken">Cancels the upload (the server keeps what it received).</param>
    /// <returns>The blob's hash, as the server computed it while the data streamed in.</returns>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot read or seek.</exception>
    /// <exception cref="HttpRequestException">
    /// The server refused the upload (413 past its blob limit), or the connection failed, or the upload
    /// stayed locked (423), more than <see cref="MaxRetries"/> times in a row.
    /// </exception>
    /// <exception cref="IOException">Reading <paramref name="source"/> failed: the source's own exception, never retried.</exception>
    public Task<string> UploadAsync(Stream source, CancellationToken cancellationToken = default) =>
        UploadAsync(source, null, cancellationToken);

    /// <summary>
    /// Uploads <paramref name="source"/> as <see cref="UploadAsync(Stream, CancellationToken)"/> does,
    /// reporting to <paramref name="progress"/> how many bytes the server has stored.
    /// </summary>
    /// <param name="source">The data; it must be able to seek (a resumed part is read again from the server's offset).</param>
    /// <param name="progress">
    /// Receives the server's stored offset (counted from the source's position at the call) after each
    /// answer that tells it: never decreasing, the last report the source's length. May be <see langword="null"/>.
    /// </param>
    /// <param name="cancellationToken">Cancels the upload (the server keeps what it received).</param>
    /// <returns>The blob's hash, as the server computed it while the data streamed in.</returns>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot read or seek.</exception>
    /// <exception cref="HttpRequestException">As for <see cref="UploadAsync(Stream, CancellationToken)"/>.</exception>
    /// <exception cref="IOException">Reading <paramref name="source"/> failed: the source's own exception, never retried.</exception>
    public async Task<string> UploadAsync(Stream source, IProgress<long>? progress, CancellationToken cancellationToken = default)
    {
        CheckSource(source);
        string id = await CreateUploadAsync(cancellationToken).ConfigureAwait(false);
        return await ResumeUploadAsync(id, source, progress, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Starts an upload and returns its id, for <see cref="ResumeUploadAsync(string, Stream, CancellationToken)"/>.</summary>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <returns>The upload's id.</returns>
    /// <exception cref="HttpRequestException">The server refused.</exception>
    public async Task<string> CreateUploadAsync(CancellationToken cancellationToken = default)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "uploads");
        using HttpResponseMessage response = await _http.SendAsync(request, cancellationToken).ConfigureAwait(false);
        response.EnsureSuccessStatusCode();
        Uri location = response.Headers.Location ?? throw new HttpRequestException(HttpRequestError.InvalidResponse, "The server did not say where the upload is.");
        string path = location.IsAbsoluteUri ? location.AbsolutePath : location.OriginalString;
        return path[(path.LastIndexOf('/') + 1)..];
    }

    /// <summary>
    /// Asks where an upload stands: its stored offset, and its blob's hash once complete.
    /// </summary>
    /// <param name="uploadId">The upload's id.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <returns>The stored offset and, once complete, the hash; <see langword="null"/> if the server has no such upload.</returns>
    public async Task<(long Offset, string? Hash)?> GetUploadStateAsync(string uploadId, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(uploadId);
        using var request = new HttpRequestMessage(HttpMethod.Head, UploadPath(uploadId));
        using HttpResponseMessage response = await _http.SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.NotFound)
        {
            return null;
        }

        response.EnsureSuccessStatusCode();
        long offset = ReadOffset(response);
        string? hash = response.Headers.TryGetValues(BlobHashHeader, out var values) ? values.First() : null;
        return (offset, hash);
    }

    /// <summary>
    /// Continues the upload <paramref name="uploadId"/> (started by this or another process) from
    /// the server's stored offset, reading <paramref name="source"/> from that offset on (counted
    /// from the source's position at the call), and returns the blob's hash.
    /// </summary>
    /// <param name="uploadId">The upload's id.</param>
    /// <param name="source">The whole data, positioned at its start; it must be able to seek.</param>
    /// <param name="cancellationToken">Cancels the upload (the server keeps what it received).</param>
    /// <returns>The blob's lowercase hex BLAKE3 hash.</returns>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot read or seek.</exception>
    /// <exception cref="HttpRequestException">
    /// The server refused the upload (413 past its blob limit) or has no such upload, or the connection
    /// failed, or the upload stayed locked (423), more than <see cref="MaxRetries"/> times in a row.
    /// </exception>
    /// <exception cref="IOException">Reading <paramref name="source"/> failed: the source's own exception, never retried.</exception>
    public Task<string> ResumeUploadAsync(string uploadId, Stream source, CancellationToken cancellationToken = default) =>
        ResumeUploadAsync(uploadId, source, null, cancellationToken);

    /// <summary>
    /// Continues an upload as <see cref="ResumeUploadAsync(string, Stream, CancellationToken)"/> does,
    /// reporting to <paramref name="progress"/> how many bytes the server has stored.
    /// </summary>
    /// <param name="uploadId">The upload's id.</param>
    /// <param name="source">The whole data, positioned at its start; it must be able to seek.</param>
    /// <param name="progress">
    /// Receives the server's stored offset after each answer that tells it (the first from the
    /// server's HEAD, where a resumed upload starts): never decreasing, the last report the source's
    /// length. May be <see langword="null"/>.
    /// </param>
    /// <param name="cancellationToken">Cancels the upload (the server keeps what it received).</param>
    /// <returns>The blob's lowercase hex BLAKE3 hash.</returns>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot read or seek.</exception>
    /// <exception cref="HttpRequestException">As for <see cref="ResumeUploadAsync(string, Stream, CancellationToken)"/>.</exception>
    /// <exception cref="IOException">Reading <paramref name="source"/> failed: the source's own exception, never retried.</exception>
    public async Task<string> ResumeUploadAsync(string uploadId, Stream source, IProgress<long>? progress, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(uploadId);
        CheckSource(source);
        long origin = source.Position;
        long total = source.Length - origin;
        long? offset = null;
        int failures = 0;
        long reported = -1;
        void Report(long stored)
        {
            // The stored offset never goes back on the server; a stale answer is not reported twice.
            if (progress is not null && stored > reported)
            {
                reported = stored;
                progress.Report(stored);
            }
        }

        while (true)
        {
            PartStream? part = null;
            try
            {
                if (offset is null)
                {
                    var state = await GetUploadStateAsync(uploadId, cancellationToken).ConfigureAwait(false)
                        ?? throw new HttpRequestException($"The server has no upload {uploadId}.", null, HttpStatusCode.NotFound);
                    if (state.Hash is not null)
                    {
                        Report(total);
                        return state.Hash;
                    }

                    offset = state.Offset;
                    Report(offset.Value);
                }

                if (offset > total)
                {
                    throw new InvalidOperationException($"The server holds {offset} bytes of the upload, more than the source's {total}.");
                }

                long partLength = Math.Min(PartLength, total - offset.Value);
                bool last = partLength == total - offset.Value;
                source.Position = origin + offset.Value;
                part = new PartStream(source, partLength);
                using var request = new HttpRequestMessage(HttpMethod.Patch, UploadPath(uploadId));
                request.Headers.Add(UploadOffsetHeader, offset.Value.ToString(CultureInfo.InvariantCulture));
                request.Headers.Add(UploadCompleteHeader, last ? "?1" : "?0");
                request.Content = new StreamContent(part, BufferLength);
                request.Content.Headers.ContentLength = partLength;
                request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/offset+octet-stream");
                using HttpResponseMessage response = await _http.SendAsync(request, cancellationToken).ConfigureAwait(false);
                if (response.StatusCode == HttpStatusCode.Conflict)
                {
                    // Another offset (a part the server saved after we asked), or already complete.
                    if (response.Headers.TryGetValues(BlobHashHeader, out var hashes))
                    {
                        Report(total);
                        return hashes.First();
                    }

                    offset = ReadOffset(response);
                    if (++failures > MaxRetries)
                    {
                        throw new HttpRequestException("The server's offset kept changing.", null, HttpStatusCode.Conflict);
                    }

                    continue;
                }

                if (response.StatusCode == HttpStatusCode.Locked)
                {
                    // Another request (often our own broken one, still being saved) holds the upload: ask again later.
                    if (++failures > MaxRetries)
                    {
                        throw new HttpRequestException("The upload stayed locked by another request.", null, HttpStatusCode.Locked);
                    }

                    offset = null;
                    await Task.Delay(Backoff(failures), cancellationToken).ConfigureAwait(false);
                    continue;
                }

                response.EnsureSuccessStatusCode();
                failures = 0;
                offset = ReadOffset(response);
                Report(offset.Value);
                if (last)
                {
                    return response.Headers.TryGetValues(BlobHashHeader, out var hashes)
                        ? hashes.First()
                        : throw new HttpRequestException(HttpRequestError.InvalidResponse, "The server completed the upload without naming its blob.");
                }
            }
            catch (Exception) when (part?.Failure is not null)
            {
                // The caller's source failed, not the network: its own exception, and no retry.
                part!.Failure!.Throw();
                throw;
            }
            catch (Exception e) when (IsNetworkFailure(e, cancellationToken))
            {
                if (++failures > MaxRetries)
                {
                    throw;
                }

                offset = null;
                await Task.Delay(Backoff(failures), cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>
    /// Removes an upload that will not be finished (its saved bytes go; a completed upload's blob stays).
    /// </summary>
    /// <param name="uploadId">The upload's id.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <returns><see langword="true"/> if it was removed, <see langword="false"/> if the server has no such upload.</returns>
    /// <exception cref="HttpRequestException">The server refused, for instance with 423 while another request holds the upload.</exception>
    public async Task<bool> DeleteUploadAsync(string uploadId, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(uploadId);
        using var request = new HttpRequestMessage(HttpMethod.Delete, UploadPath(uploadId));
        using HttpResponseMessage response = await _http.SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.NotFound)
        {
            return false;
        }

        response.EnsureSuccessStatusCode();
        return true;
    }

    /// <summary>
    /// Downloads the blob <paramref name="hash"/> into <paramref name="destination"/>, writing only
    /// bytes verified against the hash. A broken or truncated download resumes with a slice from
    /// the last verified offset (rounded down to its 1 KiB chunk).
    /// </summary>
    /// <param name="hash">The blob's BLAKE3 hash, 64 hex digits.</param>
    /// <param name="destination">Receives the verified bytes, in order.</param>
    /// <param name="cancellationToken">Cancels the download.</param>
    /// <returns>The number of bytes written: the blob's length.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 64 hex digits.</exception>
    /// <exception cref="BaoVerificationException">
    /// The server sent bytes that do not match <paramref name="hash"/>, or kept ending its response
    /// early; everything written before is verified.
    /// </exception>
    /// <exception cref="HttpRequestException">The server has no such blob or refused, or the connection failed more than <see cref="MaxRetries"/> times in a row.</exception>
    /// <exception cref="IOException">Writing to <paramref name="destination"/> failed: the stream's own exception, never retried (a retry could write its bytes twice).</exception>
    public Task<long> DownloadAsync(string hash, Stream destination, CancellationToken cancellationToken = default) =>
        DownloadAsync(hash, destination, null, cancellationToken);

    /// <summary>
    /// Downloads the blob <paramref name="hash"/> as <see cref="DownloadAsync(string, Stream, CancellationToken)"/>
    /// does, reporting to <paramref name="progress"/> how many verified bytes have been written.
    /// </summary>
    /// <param name="hash">The blob's BLAKE3 hash, 64 hex digits.</param>
    /// <param name="destination">Receives the verified bytes, in order.</param>
    /// <param name="progress">
    /// Receives the number of verified bytes written to <paramref name="destination"/> after each
    /// write: increasing, the last report the blob's length (none for an empty blob). May be <see langword="null"/>.
    /// </param>
    /// <param name="cancellationToken">Cancels the download.</param>
    /// <returns>The number of bytes written: the blob's length.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 64 hex digits.</exception>
    /// <exception cref="BaoVerificationException">As for <see cref="DownloadAsync(string, Stream, CancellationToken)"/>.</exception>
    /// <exception cref="HttpRequestException">As for <see cref="DownloadAsync(string, Stream, CancellationToken)"/>.</exception>
    /// <exception cref="IOException">Writing to <paramref name="destination"/> failed: the stream's own exception, never retried.</exception>
    public async Task<long> DownloadAsync(string hash, Stream destination, IProgress<long>? progress, CancellationToken cancellationToken = default)
    {
        byte[] root = ParseHash(hash);
        ArgumentNullException.ThrowIfNull(destination);
        long written = 0;
        int failures = 0;
        bool writing = false;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(DownloadBufferLength);
        try
        {
            while (true)
            {
                long start = written - (written % ChunkGroupLength);
                long count = long.MaxValue - start;
                string path = written == 0
                    ? $"blobs/{hash}"
                    : FormattableString.Invariant($"blobs/{hash}/slice?start={start}&count={count}");
                try
                {
                    using HttpResponseMessage response = await _http.GetAsync(path, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
                    response.EnsureSuccessStatusCode();
                    Stream body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
                    using Stream verified = written == 0 ? Bao.CreateDecoder(body, root) : Bao.CreateSliceDecoder(body, root, start, count);
                    long skip = written - start;
                    int read;
                    while ((read = await verified.ReadAsync(buffer.AsMemory(0, DownloadBufferLength), cancellationToken).ConfigureAwait(false)) > 0)
                    {
                        int from = (int)Math.Min(skip, read);
                        skip -= from;
                        if (from < read)
                        {
                            // A failure of the caller's stream is not retried: its bytes may be partly written.
                            writing = true;
                            await destination.WriteAsync(buffer.AsMemory(from, read - from), cancellationToken).ConfigureAwait(false);
                            writing = false;
                            written += read - from;
                            failures = 0;
                            progress?.Report(written);
                        }
                    }

                    return written;
                }
                catch (Exception e) when (!writing && IsNetworkFailure(e, cancellationToken))
                {
                    if (++failures > MaxRetries)
                    {
                        if (e is EndOfStreamException)
                        {
                            throw new BaoVerificationException("The server's responses kept ending before the data they must prove.", e);
                        }

                        throw;
                    }

                    await Task.Delay(Backoff(failures), cancellationToken).ConfigureAwait(false);
                }
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>
    /// Returns the bytes of the blob <paramref name="hash"/> from <paramref name="start"/>,
    /// <paramref name="count"/> of them or fewer where the blob ends, verified from a Bao slice.
    /// </summary>
    /// <param name="hash">The blob's BLAKE3 hash, 64 hex digits.</param>
    /// <param name="start">The first byte.</param>
    /// <param name="count">The number of bytes wanted.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <returns>The verified bytes.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 64 hex digits.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="BaoVerificationException">The slice does not match <paramref name="hash"/>, or ends early.</exception>
    /// <exception cref="HttpRequestException">The server has no such blob or refused.</exception>
    public async Task<byte[]> GetRangeAsync(string hash, long start, int count, CancellationToken cancellationToken = default)
    {
        byte[] root = ParseHash(hash);
        ArgumentOutOfRangeException.ThrowIfNegative(start);
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        string path = FormattableString.Invariant($"blobs/{hash}/slice?start={start}&count={count}");
        using HttpResponseMessage response = await _http.GetAsync(path, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        response.EnsureSuccessStatusCode();
        Stream body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        using Stream verified = Bao.CreateSliceDecoder(body, root, start, count);
        using var result = new MemoryStream();
        try
        {
            await verified.CopyToAsync(result, cancellationToken).ConfigureAwait(false);
        }
        catch (EndOfStreamException e)
        {
            throw new BaoVerificationException("The slice ended before the data it must prove.", e);
        }

        return result.ToArray();
    }

    /// <summary>
    /// Whether a failure is the network's, worth a retry: the transport's exceptions (no status
    /// code, not a response the client refuses), reads of a response body that broke or ended early,
    /// and the HttpClient's own timeout. A status the server chose, a verification failure and the
    /// caller's cancellation are not; failures of the caller's streams are kept apart before this.
    /// </summary>
    private static bool IsNetworkFailure(Exception e, CancellationToken cancellationToken) => e switch
    {
        OperationCanceledException => !cancellationToken.IsCancellationRequested,
        HttpRequestException http => http.StatusCode is null && http.HttpRequestError != HttpRequestError.InvalidResponse,
        IOException => true,
        _ => false,
    };

    private TimeSpan Backoff(int failures) => RetryDelay * (1 << Math.Min(failures - 1, 6));

    private static long ReadOffset(HttpResponseMessage response) =>
        response.Headers.TryGetValues(UploadOffsetHeader, out var values)
        && long.TryParse(values.First(), NumberStyles.None, CultureInfo.InvariantCulture, out long offset)
            ? offset
            : throw new HttpRequestException(HttpRequestError.InvalidResponse, "The server's response has no valid Upload-Offset.");

    private static string UploadPath(string uploadId) => "uploads/" + Uri.EscapeDataString(uploadId);

    private static void CheckSource(Stream source)
    {
        ArgumentNullException.ThrowIfNull(source);
        if (!source.CanRead || !source.CanSeek)
        {
            throw new ArgumentException("The source must be able to read and seek: a resumed upload reads it again from the server's offset.", nameof(source));
        }
    }

    private static byte[] ParseHash(string hash)
    {
        ArgumentNullException.ThrowIfNull(hash);
        if (hash.Length != 2 * Bao.HashLength || !hash.All(char.IsAsciiHexDigit))
        {
            throw new ArgumentException("A hash is 64 hexadecimal digits.", nameof(hash));
        }

        return Convert.FromHexString(hash);
    }

    /// <summary>
    /// Reads at most a part's length from the source, leaving the source open; a failure of the
    /// source is kept in <see cref="Failure"/>, so that it is not taken for the network's.
    /// </summary>
    private sealed class PartStream(Stream source, long length) : Stream
    {
        private long _left = length;

        public ExceptionDispatchInfo? Failure { get; private set; }

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            int read;
            try
            {
                read = source.Read(buffer[..(int)Math.Min(buffer.Length, _left)]);
            }
            catch (Exception e)
            {
                Failure ??= ExceptionDispatchInfo.Capture(e);
                throw;
            }

            _left -= read;
            return read;
        }

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            int read;
            try
            {
                read = await source.ReadAsync(buffer[..(int)Math.Min(buffer.Length, _left)], cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
            {
                Failure ??= ExceptionDispatchInfo.Capture(e);
                throw;
            }

            _left -= read;
            return read;
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
