using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Globalization;
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

    /// <summary>
    /// The part would take the upload past <see cref="BlobServiceOptions.MaxBlobLength"/>; nothing
    /// of it is kept past the last saved checkpoint, whose offset <see cref="AppendResult.Offset"/> holds.
    /// </summary>
    TooLarge,

    /// <summary>Another request held the upload for longer than <see cref="BlobServiceOptions.UploadLockTimeout"/>; nothing was read.</summary>
    Locked,
}

/// <summary>The outcome of <see cref="BlobStore.AppendAsync"/>.</summary>
/// <param name="Status">What happened.</param>
/// <param name="Offset">The upload's stored offset afterwards (its length once complete).</param>
/// <param name="Hash">The blob's lowercase hex BLAKE3 hash once complete.</param>
/// <param name="Deduplicated">Whether the blob was already stored.</param>
public readonly record struct AppendResult(AppendStatus Status, long Offset, string? Hash = null, bool Deduplicated = false);

/// <summary>What a deletion did.</summary>
public enum DeleteStatus
{
    /// <summary>No such upload.</summary>
    NotFound,

    /// <summary>The upload and its files are gone.</summary>
    Deleted,

    /// <summary>Another request held the upload for longer than <see cref="BlobServiceOptions.UploadLockTimeout"/>; nothing was deleted.</summary>
    Locked,
}

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
/// <remarks>
/// The state and done files' last-write times are set from the <see cref="TimeProvider"/>: they are
/// the uploads' last activity, by which abandoned uploads expire. Requests on one upload run one at a
/// time under a lock whose entry exists only while a request holds or waits for it.
/// </remarks>
public sealed class BlobStore : IDisposable
{
    /// <summary>The stored offset and state are saved at least this often while a part streams in.</summary>
    public const long CheckpointInterval = 16 * 1024 * 1024;

    /// <summary>The most bytes one read of a request body returns (Kestrel's limit leaves this much room above the blob limit).</summary>
    public const int ReadLength = 64 * 1024;

    private const int MaxStateLength = 16 + 1899;

    private readonly string _uploads;
    private readonly string _blobs;
    private readonly BlobServiceOptions _options;
    private readonly TimeProvider _time;
    private readonly Dictionary<string, UploadLock> _locks = new(StringComparer.Ordinal);
    private readonly ITimer _expiryTimer;
    private int _scanning;

    /// <summary>
    /// Opens (and creates if needed) the store under <paramref name="options"/>'
    /// <see cref="BlobServiceOptions.Directory"/>; finishes the record of any upload whose completion
    /// was cut after its blob was in place, removes expired uploads, and looks for them again every
    /// <see cref="BlobServiceOptions.ExpiryScanInterval"/>.
    /// </summary>
    /// <param name="options">The settings (validated here).</param>
    /// <param name="timeProvider">The clock of upload expiry and lock waits.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> or <paramref name="timeProvider"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">A setting is out of range.</exception>
    public BlobStore(BlobServiceOptions options, TimeProvider timeProvider)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(timeProvider);
        options.Validate();
        _options = options;
        _time = timeProvider;
        _uploads = Directory.CreateDirectory(Path.Combine(options.Directory, "uploads")).FullName;
        _blobs = Directory.CreateDirectory(Path.Combine(options.Directory, "blobs")).FullName;
        RemoveExpiredUploads();
        _expiryTimer = timeProvider.CreateTimer(_ => ScanQuietly(), null, options.ExpiryScanInterval, options.ExpiryScanInterval);
    }

    /// <summary>The largest blob an upload may reach (<see cref="BlobServiceOptions.MaxBlobLength"/>).</summary>
    public long MaxBlobLength => _options.MaxBlobLength;

    /// <summary>
    /// Test hook: called with a step's name and the upload's id before each file operation of a
    /// part or a completion, and at lock events (<c>lock acquired</c>, <c>lock waiting</c> once the
    /// wait's timeout runs, <c>lock released</c> after the release). A hook
    /// that throws stops the work there, as a crash would (nothing is cleaned up).
    /// </summary>
    internal Action<string, string>? Hook { get; set; }

    /// <summary>The number of per-upload lock entries: requests that hold or wait for an upload (tests).</summary>
    internal int LockEntries
    {
        get
        {
            lock (_locks)
            {
                return _locks.Count;
            }
        }
    }

    /// <summary>Starts an upload and returns its id (32 lowercase hex digits).</summary>
    public string CreateUpload()
    {
        string id = Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(16));

        // Held while the files appear, so that an expiry scan never takes a half-created upload for leftovers.
        UploadLease lease = TryAcquireNow(id) ?? throw new InvalidOperationException("A new upload id is already in use.");
        using (lease)
        {
            // The data and the chaining values first: an upload exists once its state does.
            using (File.Create(PartPath(id)))
            {
            }

            using (File.Create(ChainingValuesPath(id)))
            {
            }

            SaveState(id, 0, 0, Blake3.CreateIncrementalHasher());
        }

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
            return new UploadState(long.Parse(done[1], CultureInfo.InvariantCulture), done[0]);
        }

        byte[]? state = ReadStateFile(id);
        return state is null ? null : new UploadState(BinaryPrimitives.ReadInt64LittleEndian(state), null);
    }

    /// <summary>
    /// Appends <paramref name="body"/> at <paramref name="offset"/>, hashing it as it streams in, and
    /// completes the blob if <paramref name="complete"/>. If reading the body fails part way (a
    /// dropped connection), what arrived is kept: flushed, hashed and saved, so the upload resumes
    /// there. Any other failure keeps the last saved checkpoint only.
    /// </summary>
    /// <param name="id">The upload's id.</param>
    /// <param name="offset">The client's offset: the part is appended only if it is the stored one.</param>
    /// <param name="body">The part's bytes.</param>
    /// <param name="declaredLength">The body's declared length, if known: a part declared past the blob limit is refused before it is read.</param>
    /// <param name="complete">Whether this is the last part.</param>
    /// <param name="cancellationToken">The request's cancellation: seen by the lock wait and the body's reads.</param>
    public async Task<AppendResult> AppendAsync(string id, long offset, Stream body, long? declaredLength, bool complete, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(body);

        // No lock entry for an id that names no upload: unknown ids cost a file look-up and nothing kept.
        if (!UploadExists(id))
        {
            return new AppendResult(AppendStatus.NotFound, 0);
        }

        UploadLease? lease = await AcquireAsync(id, cancellationToken);
        if (lease is null)
        {
            return new AppendResult(AppendStatus.Locked, 0);
        }

        using (lease)
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

            long room = Math.Max(0, _options.MaxBlobLength - stored);
            if (declaredLength > room)
            {
                return new AppendResult(AppendStatus.TooLarge, stored);
            }

            if (!File.Exists(PartPath(id)))
            {
                // A completion cut after its data moved into blobs/ (see CompleteAsync).
                AppendResult? recovered = RecoverCompletion(id);
                return recovered ?? new AppendResult(AppendStatus.NotFound, 0);
            }

            return await AppendLockedAsync(id, stored, body, complete, room, cancellationToken);
        }
    }

    /// <summary>
    /// Removes an upload (its data, chaining values, state, or the record of its completion; a
    /// completed upload's blob stays).
    /// </summary>
    /// <param name="id">The upload's id.</param>
    /// <param name="cancellationToken">The request's cancellation, seen by the lock wait.</param>
    public async Task<DeleteStatus> DeleteUploadAsync(string id, CancellationToken cancellationToken)
    {
        if (!UploadExists(id))
        {
            return DeleteStatus.NotFound;
        }

        UploadLease? lease = await AcquireAsync(id, cancellationToken);
        if (lease is null)
        {
            return DeleteStatus.Locked;
        }

        using (lease)
        {
            if (!UploadExists(id))
            {
                return DeleteStatus.NotFound;
            }

            RemoveUploadFiles(id);
            return DeleteStatus.Deleted;
        }
    }

    /// <summary>
    /// Removes the uploads untouched for longer than <see cref="BlobServiceOptions.UploadExpiry"/>
    /// (by the <see cref="TimeProvider"/>'s clock) and the leftovers of uploads that never came to
    /// exist, skipping any upload a request holds; first finishes the record of any upload whose
    /// completion was cut after its blob was in place. Returns the number of uploads removed.
    /// </summary>
    public int RemoveExpiredUploads()
    {
        DateTime cutoff = (_time.GetUtcNow() - _options.UploadExpiry).UtcDateTime;
        var ids = new HashSet<string>(StringComparer.Ordinal);
        foreach (string path in Directory.EnumerateFiles(_uploads))
        {
            string name = Path.GetFileName(path);
            int dot = name.IndexOf('.', StringComparison.Ordinal);
            string id = dot < 0 ? name : name[..dot];
            if (IsUploadId(id))
            {
                ids.Add(id);
            }
        }

        int removed = 0;
        foreach (string id in ids)
        {
            using UploadLease? lease = TryAcquireNow(id);
            if (lease is null)
            {
                continue;
            }

            try
            {
                if (ExpireOrTidy(id, cutoff))
                {
                    removed++;
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or InvalidDataException or ArgumentException)
            {
                // One upload's damaged or locked files do not stop the scan (nor the start-up): they
                // are tried again at the next scan, and requests on that upload report the damage.
            }
        }

        return removed;
    }

    /// <summary>Removes the upload if it expired, or finishes a cut completion; under its lock.</summary>
    private bool ExpireOrTidy(string id, DateTime cutoff)
    {
        if (!File.Exists(DonePath(id)) && File.Exists(StatePath(id)) && !File.Exists(PartPath(id)))
        {
            RecoverCompletion(id);
        }

        if (File.Exists(DonePath(id)))
        {
            // A completion cut after its record: what it had still to delete.
            RemoveLeftovers(id, keepRecord: true);
        }

        // The last activity: the state's time while the upload runs, the record's once complete;
        // neither means leftovers of a creation or a deletion that was cut.
        var state = new FileInfo(StatePath(id));
        var done = new FileInfo(DonePath(id));
        DateTime? last = state.Exists ? state.LastWriteTimeUtc : done.Exists ? done.LastWriteTimeUtc : null;
        if (last is null || last < cutoff)
        {
            RemoveUploadFiles(id);
            return true;
        }

        return false;
    }

    /// <summary>Opens a blob and its outboard tree, or returns <see langword="false"/> if there is no such blob.</summary>
    public bool TryOpenBlob(string hash, out FileStream? data, out FileStream? outboard)
    {
        data = null;
        outboard = null;
        string path = BlobPath(hash);
        try
        {
            // Unbuffered: the response code reads through buffers of its own.
            data = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 0, FileOptions.Asynchronous);
            outboard = new FileStream(path + ".obao", FileMode.Open, FileAccess.Read, FileShare.Read, 0, FileOptions.Asynchronous);
            return true;
        }
        catch (FileNotFoundException)
        {
            data?.Dispose();
            data = null;
            return false;
        }
    }

    /// <summary>Stops the expiry scans.</summary>
    public void Dispose() => _expiryTimer.Dispose();

    private async Task<AppendResult> AppendLockedAsync(string id, long stored, Stream body, bool complete, long room, CancellationToken cancellationToken)
    {
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
            bool tooLarge = false;
            byte[] buffer = ArrayPool<byte>.Shared.Rent(ReadLength);
            try
            {
                while (true)
                {
                    int read;
                    try
                    {
                        read = await body.ReadAsync(buffer.AsMemory(0, ReadLength), cancellationToken);
                    }
                    catch
                    {
                        // The connection broke or the request was cancelled. Every buffer before this read
                        // went wholly into the data, the hash state and the chaining values, so the
                        // triple is consistent here: keep it. (A failure anywhere else keeps only the
                        // last checkpoint: the state may then hold bytes the files do not.)
                        if (position != checkpoint)
                        {
                            Checkpoint(id, file, sidecar, position, hasher);
                        }

                        throw;
                    }

                    if (read == 0)
                    {
                        break;
                    }

                    if (read > room - (position - stored))
                    {
                        tooLarge = true;
                        break;
                    }

                    // Not cancelled by the request: a write is finished or fails on its own.
                    await file.WriteAsync(buffer.AsMemory(0, read), CancellationToken.None);
                    hasher.Update(buffer.AsSpan(0, read));
                    Step("append: record the chaining values", id);
                    chunks.Update(buffer.AsSpan(0, read));
                    position += read;
                    if (position - checkpoint >= CheckpointInterval)
                    {
                        Checkpoint(id, file, sidecar, position, hasher);
                        checkpoint = position;
                    }
                }
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }

            if (tooLarge)
            {
                // Nothing past the last checkpoint stays on disk; the upload is as that checkpoint saved it.
                sidecar.Flush();
                file.SetLength(checkpoint);
                sidecar.SetLength(ChunkChainingValues.SidecarLength(checkpoint));
                return new AppendResult(AppendStatus.TooLarge, checkpoint);
            }

            // Saved before completing too: a completion that stops anywhere resumes from the whole upload.
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

    /// <summary>
    /// Completes a saved upload. Each step leaves a state that a later request (or the start-up
    /// scan) finishes: (1) the outboard tree is built in <c>uploads/ID.obao</c>; (2) it moves to
    /// <c>blobs/HASH.obao</c> (a tree without its data is no blob: reads open the data first);
    /// (3) the data moves to <c>blobs/HASH</c>, or is deleted if that blob exists; (4) the record
    /// <c>uploads/ID.done</c> is written; (5) the chaining values and (6) the state are deleted. Up to
    /// (3) the upload is as saved, and a PATCH with <c>Upload-Complete: ?1</c> at its offset runs the
    /// completion again from the start; after (3) the data file is gone and the saved state's hash
    /// names a complete blob, from which <see cref="RecoverCompletion"/> writes the record.
    /// </summary>
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
                Step("complete: build the outboard tree", id);
                await Task.Factory.StartNew(
                    () => BuildOutboard(file, sidecar, outboardTemp, length, hash),
                    CancellationToken.None,
                    TaskCreationOptions.LongRunning,
                    TaskScheduler.Default);
                Step("complete: move the tree into blobs/", id);
                File.Move(outboardTemp, blob + ".obao", overwrite: true);
            }
        }
        finally
        {
            await file.DisposeAsync();
            await sidecar.DisposeAsync();
        }

        if (!deduplicated)
        {
            Step("complete: move the data into blobs/", id);
            try
            {
                File.Move(PartPath(id), blob, overwrite: false);
            }
            catch (IOException) when (File.Exists(blob))
            {
                deduplicated = true;
            }
        }

        if (deduplicated)
        {
            Step("complete: delete the duplicate data", id);
            File.Delete(PartPath(id));
        }

        FinishRecord(id, hex, length);
        return deduplicated;
    }

    /// <summary>Steps (4) to (6) of <see cref="CompleteAsync"/>.</summary>
    private void FinishRecord(string id, string hex, long length)
    {
        WriteAtomically(DonePath(id), Encoding.ASCII.GetBytes(FormattableString.Invariant($"{hex} {length}")), "complete: write the record", id);
        Step("complete: delete the chaining values", id);
        File.Delete(ChainingValuesPath(id));
        Step("complete: delete the state", id);
        File.Delete(StatePath(id));
    }

    /// <summary>
    /// For an upload whose data file is gone but whose state remains (a completion cut after step
    /// (3)): the saved state's hash names the blob; if that blob is there with the saved length, the
    /// record is written and the upload reported complete. Otherwise the data is lost and the upload
    /// removed (a later request gets 404, never 500). Called under the upload's lock.
    /// </summary>
    private AppendResult? RecoverCompletion(string id)
    {
        byte[]? state = ReadStateFile(id);
        if (state is null)
        {
            return null;
        }

        long length = BinaryPrimitives.ReadInt64LittleEndian(state);
        string hex = Convert.ToHexStringLower(Blake3.ImportState(state.AsSpan(16)).Finish());
        var blob = new FileInfo(BlobPath(hex));
        if (blob.Exists && blob.Length == length && File.Exists(blob.FullName + ".obao"))
        {
            FinishRecord(id, hex, length);
            return new AppendResult(AppendStatus.AlreadyComplete, length, hex);
        }

        RemoveUploadFiles(id);
        return null;
    }

    /// <summary>Deletes every file of an upload, the state first (from then on it is unknown), then its leftovers.</summary>
    private void RemoveUploadFiles(string id)
    {
        File.Delete(StatePath(id));
        RemoveLeftovers(id, keepRecord: false);
    }

    private void RemoveLeftovers(string id, bool keepRecord)
    {
        string record = DonePath(id);
        foreach (string file in Directory.EnumerateFiles(_uploads, id + ".*"))
        {
            if (!keepRecord || !string.Equals(file, record, StringComparison.Ordinal))
            {
                File.Delete(file);
            }
        }
    }

    private bool UploadExists(string id) => File.Exists(StatePath(id)) || File.Exists(DonePath(id));

    private void ScanQuietly()
    {
        // Timer callbacks may overlap when a scan outlasts the interval: one at a time.
        if (Interlocked.Exchange(ref _scanning, 1) != 0)
        {
            return;
        }

        try
        {
            RemoveExpiredUploads();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A file that could not be removed now is tried again at the next scan.
        }
        finally
        {
            Volatile.Write(ref _scanning, 0);
        }
    }

    private void Step(string name, string id) => Hook?.Invoke(name, id);

    /// <summary>
    /// Takes the upload's lock, waiting at most <see cref="BlobServiceOptions.UploadLockTimeout"/>;
    /// <see langword="null"/> if it stayed held. The entry lives while some request holds or waits for it.
    /// </summary>
    private async Task<UploadLease?> AcquireAsync(string id, CancellationToken cancellationToken)
    {
        UploadLock entry = Enter(id);
        try
        {
            if (!entry.Gate.Wait(0, CancellationToken.None))
            {
                using var timeout = new CancellationTokenSource(_options.UploadLockTimeout, _time);
                using var either = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, timeout.Token);
                Step("lock waiting", id);
                try
                {
                    await entry.Gate.WaitAsync(either.Token);
                }
                catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
                {
                    Leave(id, entry);
                    return null;
                }
            }
        }
        catch
        {
            Leave(id, entry);
            throw;
        }

        var lease = new UploadLease(this, id, entry);
        try
        {
            Step("lock acquired", id);
        }
        catch
        {
            lease.Dispose();
            throw;
        }

        return lease;
    }

    private UploadLease? TryAcquireNow(string id)
    {
        UploadLock entry = Enter(id);
        if (entry.Gate.Wait(0, CancellationToken.None))
        {
            return new UploadLease(this, id, entry);
        }

        Leave(id, entry);
        return null;
    }

    private UploadLock Enter(string id)
    {
        lock (_locks)
        {
            if (!_locks.TryGetValue(id, out UploadLock? entry))
            {
                entry = new UploadLock();
                _locks.Add(id, entry);
            }

            entry.Users++;
            return entry;
        }
    }

    private void Leave(string id, UploadLock entry)
    {
        lock (_locks)
        {
            if (--entry.Users == 0)
            {
                _locks.Remove(id);
            }
        }
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

        WriteAtomically(StatePath(id), state.AsSpan(0, 16 + written), "save the state", id);
    }

    /// <summary>
    /// Replaces <paramref name="path"/> with <paramref name="content"/> all at once (a temporary file,
    /// flushed to disk, renamed over it), its last-write time the clock's now: the upload's last activity.
    /// </summary>
    private void WriteAtomically(string path, ReadOnlySpan<byte> content, string step, string id)
    {
        string temp = path + ".tmp";
        Step(step + ": write a temporary file", id);
        using (var stream = new FileStream(temp, FileMode.Create, FileAccess.Write, FileShare.None, 1))
        {
            stream.Write(content);
            stream.Flush(flushToDisk: true);
        }

        File.SetLastWriteTimeUtc(temp, _time.GetUtcNow().UtcDateTime);
        Step(step + ": rename it", id);
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

    /// <summary>One upload's lock and the number of requests that hold or wait for it.</summary>
    private sealed class UploadLock
    {
        public SemaphoreSlim Gate { get; } = new(1, 1);

        public int Users { get; set; }
    }

    /// <summary>A held upload lock; disposing releases it and drops the entry once nobody uses it.</summary>
    private sealed class UploadLease(BlobStore store, string id, UploadLock entry) : IDisposable
    {
        private int _released;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _released, 1) == 0)
            {
                entry.Gate.Release();
                store.Leave(id, entry);
                store.Step("lock released", id);
            }
        }
    }
}
