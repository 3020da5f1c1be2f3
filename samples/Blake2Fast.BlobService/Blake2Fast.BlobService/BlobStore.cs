using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;

namespace Blake2Fast.BlobService;

/// <summary>What an append did.</summary>
public enum AppendStatus
{
    /// <summary>No such upload.</summary>
    NotFound,

    /// <summary>The client's offset is not the stored one; <see cref="AppendResult.Offset"/> holds the stored one.</summary>
    OffsetMismatch,

    /// <summary>The upload was already completed; <see cref="AppendResult.Hash"/> names its blob.</summary>
    AlreadyComplete,

    /// <summary>The part was appended; more may follow.</summary>
    Appended,

    /// <summary>The part was appended and the blob completed.</summary>
    Completed,
}

/// <summary>The outcome of <see cref="BlobStore.AppendAsync"/>.</summary>
/// <param name="Status">What happened.</param>
/// <param name="Offset">The upload's stored offset afterwards (its length once complete).</param>
/// <param name="Hash">The blob's lowercase hex BLAKE3 hash once complete.</param>
/// <param name="Deduplicated">Whether the blob was already stored.</param>
public readonly record struct AppendResult(AppendStatus Status, long Offset, string? Hash = null, bool Deduplicated = false);

/// <summary>The state of an upload as <c>HEAD</c> reports it.</summary>
/// <param name="Offset">The stored offset: every byte before it is on disk and in the saved hash state.</param>
/// <param name="Hash">The blob's hash once the upload is complete, otherwise <see langword="null"/>.</param>
public readonly record struct UploadState(long Offset, string? Hash);

/// <summary>
/// The blobs and uploads under one directory. <c>uploads/ID.part</c> holds an upload's bytes,
/// <c>uploads/ID.cvs</c> the chaining values of its complete 1 KiB chunks (32 bytes each),
/// <c>uploads/ID.state</c> the stored offset, the length of the chaining values and the exported
/// BLAKE3 state of the bytes before the offset (replaced atomically, after the bytes and the chaining
/// values are flushed), <c>uploads/ID.done</c> the hash of a completed upload; <c>blobs/HASH</c> holds
/// a blob and <c>blobs/HASH.obao</c> its Bao outboard tree, built from the chaining values at completion.
/// </summary>
public sealed class BlobStore
{
    /// <summary>The stored offset and state are saved at least this often while a part streams in.</summary>
    public const long CheckpointInterval = 16 * 1024 * 1024;

    private const int BufferLength = 64 * 1024;
    private const int MaxStateLength = 16 + 1899;

    private readonly string _uploads;
    private readonly string _blobs;
    private readonly ConcurrentDictionary<string, SemaphoreSlim> _locks = new(StringComparer.Ordinal);

    /// <summary>Opens (and creates if needed) the store under <paramref name="root"/>.</summary>
    /// <param name="root">The directory.</param>
    public BlobStore(string root)
    {
        ArgumentException.ThrowIfNullOrEmpty(root);
        _uploads = Directory.CreateDirectory(Path.Combine(root, "uploads")).FullName;
        _blobs = Directory.CreateDirectory(Path.Combine(root, "blobs")).FullName;
    }

    /// <summary>Starts an upload and returns its id (32 lowercase hex digits).</summary>
    public string CreateUpload()
    {
        string id = Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(16));
        using (File.Create(PartPath(id)))
        {
        }

        using (File.Create(ChainingValuesPath(id)))
        {
        }

        Blake3HashState hasher = Blake3.CreateIncrementalHasher();
        SaveState(id, 0, 0, hasher);
        return id;
    }

    /// <summary>Whether <paramref name="id"/> has the form of an upload id.</summary>
    public static bool IsUploadId(string id) => id.Length == 32 && IsLowerHex(id);

    /// <summary>
    /// Parses a hash given as 64 hex digits of either case to its lowercase form, or returns
    /// <see langword="false"/>.
    /// </summary>
    public static bool TryNormalizeHash(string? hash, out string normalized)
    {
        normalized = string.Empty;
        if (hash is null || hash.Length != 64)
        {
            return false;
        }

        foreach (char c in hash)
        {
            if (!char.IsAsciiHexDigit(c))
            {
                return false;
            }
        }

        normalized = hash.ToLowerInvariant();
        return true;
    }

    /// <summary>The stored state of an upload, or <see langword="null"/> if there is none.</summary>
    public UploadState? GetUpload(string id)
    {
        if (File.Exists(DonePath(id)))
        {
            string[] done = File.ReadAllText(DonePath(id)).Split(' ');
            return new UploadState(long.Parse(done[1], System.Globalization.CultureInfo.InvariantCulture), done[0]);
        }

        byte[]? state = ReadStateFile(id);
        return state is null ? null : new UploadState(BinaryPrimitives.ReadInt64LittleEndian(state), null);
    }

    /// <summary>
    /// Appends <paramref name="body"/> at <paramref name="offset"/>, hashing it as it streams in, and
    /// completes the blob if <paramref name="complete"/>. If the body fails part way (a dropped
    /// connection), what arrived is kept: flushed, hashed and saved, so the upload resumes there.
    /// </summary>
    public async Task<AppendResult> AppendAsync(string id, long offset, Stream body, bool complete, CancellationToken cancellationToken)
    {
        SemaphoreSlim gate = _locks.GetOrAdd(id, static _ => new SemaphoreSlim(1, 1));
        await gate.WaitAsync(cancellationToken);
        bool completed = false;
        try
        {
            UploadState? upload = GetUpload(id);
            if (upload is null)
            {
                return new AppendResult(AppendStatus.NotFound, 0);
            }

            if (upload.Value.Hash is not null)
            {
                return new AppendResult(AppendStatus.AlreadyComplete, upload.Value.Offset, upload.Value.Hash);
            }

            long stored = upload.Value.Offset;
            if (offset != stored)
            {
                return new AppendResult(AppendStatus.OffsetMismatch, stored);
            }

            byte[] state = ReadStateFile(id)!;
            long sidecarLength = BinaryPrimitives.ReadInt64LittleEndian(state.AsSpan(8));
            if (sidecarLength != ChunkChainingValues.SidecarLength(stored))
            {
                throw new InvalidDataException($"The state of upload {id} is damaged.");
            }

            Blake3HashState hasher = Blake3.ImportState(state.AsSpan(16));
            FileStream? file = new FileStream(PartPath(id), FileMode.Open, FileAccess.ReadWrite, FileShare.Read, 1, FileOptions.Asynchronous);
            FileStream? sidecar = null;
            try
            {
                // Bytes past the stored offset (written before a crash, never hashed into a saved state) go,
                // and so do chaining values past the saved length.
                file.SetLength(stored);
                file.Position = stored;
                sidecar = new FileStream(ChainingValuesPath(id), FileMode.Open, FileAccess.ReadWrite, FileShare.Read, 16 * 1024);
                sidecar.SetLength(sidecarLength);
                sidecar.Position = sidecarLength;

                // The incomplete last chunk (at most 1023 bytes) is read back from the data file.
                byte[] pending = new byte[(int)(stored % ChunkChainingValues.ChunkLength)];
                ReadExactlyAt(file, pending, stored - pending.Length);
                var chunks = new ChunkChainingValues(sidecar, stored, pending);
                long position = stored;
                long checkpoint = stored;
                byte[] buffer = ArrayPool<byte>.Shared.Rent(BufferLength);
                try
                {
                    int read;
                    while ((read = await body.ReadAsync(buffer.AsMemory(0, BufferLength), cancellationToken)) > 0)
                    {
                        await file.WriteAsync(buffer.AsMemory(0, read), cancellationToken);
                        hasher.Update(buffer.AsSpan(0, read));
                        chunks.Update(buffer.AsSpan(0, read));
                        position += read;
                        if (position - checkpoint >= CheckpointInterval)
                        {
                            Checkpoint(id, file, sidecar, position, hasher);
                            checkpoint = position;
                        }
                    }
                }
                catch
                {
                    // The connection broke or the request was cancelled: keep what was written and hashed.
                    if (position != checkpoint)
                    {
                        Checkpoint(id, file, sidecar, position, hasher);
                    }

                    throw;
                }
                finally
                {
                    ArrayPool<byte>.Shared.Return(buffer);
                }

                // Saved before completing too, so that an upload whose completion fails is kept whole.
                if (position != checkpoint)
                {
                    Checkpoint(id, file, sidecar, position, hasher);
                }

                if (!complete)
                {
                    return new AppendResult(AppendStatus.Appended, position);
                }

                byte[] hash = new byte[Bao.HashLength];
                hasher.Finish(hash);
                string hex = Convert.ToHexStringLower(hash);
                chunks.Finish();
                FileStream completing = file, completingSidecar = sidecar;
                file = null;
                sidecar = null;
                bool deduplicated = await CompleteAsync(id, completing, completingSidecar, position, hash, hex);
                completed = true;
                return new AppendResult(AppendStatus.Completed, position, hex, deduplicated);
            }
            finally
            {
                if (file is not null)
                {
                    await file.DisposeAsync();
                }

                if (sidecar is not null)
                {
                    await sidecar.DisposeAsync();
                }
            }
        }
        finally
        {
            gate.Release();

            // A later request for a completed upload finds its .done file, with or without this lock.
            if (completed)
            {
                _locks.TryRemove(id, out _);
            }
        }
    }

    /// <summary>Opens a blob and its outboard tree, or returns <see langword="false"/> if there is no such blob.</summary>
    public bool TryOpenBlob(string hash, out FileStream? data, out FileStream? outboard)
    {
        data = null;
        outboard = null;
        string path = BlobPath(hash);
        try
        {
            data = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 64 * 1024, FileOptions.SequentialScan);
            outboard = new FileStream(path + ".obao", FileMode.Open, FileAccess.Read, FileShare.Read, 16 * 1024);
            return true;
        }
        catch (FileNotFoundException)
        {
            data?.Dispose();
            data = null;
            return false;
        }
    }

    private async Task<bool> CompleteAsync(string id, FileStream file, FileStream sidecar, long length, byte[] hash, string hex)
    {
        string blob = BlobPath(hex);
        bool deduplicated = File.Exists(blob);
        try
        {
            if (!deduplicated)
            {
                // The outboard tree, built from the chunks' chaining values (no read of the data but the
                // last chunk's), off the request threads.
                string outboardTemp = Path.Combine(_uploads, id + ".obao");
                try
                {
                    await Task.Factory.StartNew(
                        () => BuildOutboard(file, sidecar, outboardTemp, length, hash),
                        CancellationToken.None,
                        TaskCreationOptions.LongRunning,
                        TaskScheduler.Default);
                }
                catch
                {
                    File.Delete(outboardTemp);
                    throw;
                }

                await file.DisposeAsync();

                // The tree first: a blob's data file exists only once its tree does.
                File.Move(outboardTemp, blob + ".obao", overwrite: true);
                try
                {
                    File.Move(PartPath(id), blob, overwrite: false);
                }
                catch (IOException) when (File.Exists(blob))
                {
                    deduplicated = true;
                }
            }
        }
        finally
        {
            await file.DisposeAsync();
            await sidecar.DisposeAsync();
        }

        long blobLength = new FileInfo(blob).Length;
        WriteAtomically(DonePath(id), Encoding.ASCII.GetBytes(FormattableString.Invariant($"{hex} {blobLength}")));
        File.Delete(PartPath(id));
        File.Delete(ChainingValuesPath(id));
        File.Delete(StatePath(id));
        return deduplicated;
    }

    private static void BuildOutboard(FileStream file, FileStream sidecar, string outboardPath, long length, byte[] hash)
    {
        sidecar.Flush();
        using var outboard = new FileStream(outboardPath, FileMode.Create, FileAccess.ReadWrite, FileShare.None, 1);
        byte[] root = new byte[Bao.HashLength];
        if (!OutboardBuilder.Build(sidecar.SafeFileHandle, outboard.SafeFileHandle, length, root))
        {
            // One chunk: no parents, and the root is the chunk's own hash; it is at most 1 KiB, read it again.
            byte[] chunk = new byte[(int)length];
            ReadExactlyAt(file, chunk, 0);
            Blake3.HashData(chunk, root);
        }

        if (!CryptographicOperations.FixedTimeEquals(root, hash))
        {
            throw new InvalidOperationException("The chunks' chaining values do not merge to the hash of the state saved while the upload streamed in.");
        }

        outboard.Flush(flushToDisk: true);
    }

    private static void ReadExactlyAt(FileStream file, Span<byte> destination, long offset)
    {
        while (!destination.IsEmpty)
        {
            int read = RandomAccess.Read(file.SafeFileHandle, destination, offset);
            if (read == 0)
            {
                throw new InvalidDataException("The upload's data file ends before its stored offset.");
            }

            destination = destination[read..];
            offset += read;
        }
    }

    private void Checkpoint(string id, FileStream file, FileStream sidecar, long position, Blake3HashState hasher)
    {
        // The data and the chaining values first, on disk, then the state that vouches for them.
        file.Flush(flushToDisk: true);
        sidecar.Flush(flushToDisk: true);
        SaveState(id, position, sidecar.Position, hasher);
    }

    private void SaveState(string id, long position, long sidecarLength, Blake3HashState hasher)
    {
        byte[] state = new byte[MaxStateLength];
        BinaryPrimitives.WriteInt64LittleEndian(state, position);
        BinaryPrimitives.WriteInt64LittleEndian(state.AsSpan(8), sidecarLength);
        if (!hasher.TryExportState(state.AsSpan(16), out int written))
        {
            throw new InvalidOperationException("The exported state is longer than expected.");
        }

        WriteAtomically(StatePath(id), state.AsSpan(0, 16 + written));
    }

    private static void WriteAtomically(string path, ReadOnlySpan<byte> content)
    {
        string temp = path + ".tmp";
        using (var stream = new FileStream(temp, FileMode.Create, FileAccess.Write, FileShare.None, 1))
        {
            stream.Write(content);
            stream.Flush(flushToDisk: true);
        }

        File.Move(temp, path, overwrite: true);
    }

    private byte[]? ReadStateFile(string id)
    {
        try
        {
            byte[] state = File.ReadAllBytes(StatePath(id));
            return state.Length > 16 ? state : throw new InvalidDataException($"The state of upload {id} is damaged.");
        }
        catch (FileNotFoundException)
        {
            return null;
        }
    }

    private static bool IsLowerHex(string s)
    {
        foreach (char c in s)
        {
            if (!char.IsAsciiHexDigitLower(c) && !char.IsAsciiDigit(c))
            {
                return false;
            }
        }

        return true;
    }

    private string PartPath(string id) => Path.Combine(_uploads, id + ".part");

    private string ChainingValuesPath(string id) => Path.Combine(_uploads, id + ".cvs");

    private string StatePath(string id) => Path.Combine(_uploads, id + ".state");

    private string DonePath(string id) => Path.Combine(_uploads, id + ".done");

    private string BlobPath(string hash) => Path.Combine(_blobs, hash);
}
