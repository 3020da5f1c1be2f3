using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>One incremental hash of any family, as the resumable-hashing tests drive it.</summary>
public interface IResumableHasher
{
    void Update(ReadOnlySpan<byte> input);

    byte[] Export(bool includeSecrets);

    bool TryExport(Span<byte> destination, out int bytesWritten, bool includeSecrets);

    /// <summary>The digest, output or (for a subtree hasher) chaining value.</summary>
    byte[] Finish();
}

/// <summary>
/// One family in one mode: how to start it, resume it from an export and hash a whole input at
/// once (the reference every split point must match).
/// </summary>
public sealed record ResumableSubject(
    string Name,
    int BlockLength,
    bool HoldsSecrets,
    Func<IResumableHasher> Create,
    Func<byte[], IResumableHasher> Import,
    Func<byte[], byte[]> OneShot)
{
    public override string ToString() => Name;
}

/// <summary>Every family and mode that exports its state.</summary>
public static class ResumableSubjects
{
    public static readonly byte[] Key64 = Enumerable.Range(1, 64).Select(i => (byte)(i * 7)).ToArray();
    public static readonly byte[] Key32 = Key64.AsSpan(0, 32).ToArray();
    private static readonly byte[] Key20 = Key64.AsSpan(0, 20).ToArray();
    private static readonly byte[] Salt16 = Enumerable.Range(0, 16).Select(i => (byte)(0xA0 + i)).ToArray();
    private static readonly byte[] Personal16 = Enumerable.Range(0, 16).Select(i => (byte)(0x50 + i)).ToArray();
    private const string Context = "Blake2Fast 2026-11-28 resumable hashing tests";

    public static IReadOnlyList<ResumableSubject> All { get; } = Build();

    public static TheoryData<string> Names => new(All.Select(s => s.Name));

    public static ResumableSubject Named(string name) => All.Single(s => s.Name == name);

    public static byte[] Input(int length) => Enumerable.Range(0, length).Select(i => (byte)((i * 13) % 251)).ToArray();

    private static List<ResumableSubject> Build()
    {
        var bParams = new Blake2bParameters
        {
            DigestLength = 40, Key = Key64.AsMemory(0, 17), Salt = Salt16, Personalization = Personal16,
            FanOut = 4, MaxDepth = 3, LeafLength = 4096, NodeOffset = 0x0102030405, NodeDepth = 1, InnerLength = 48, IsLastNode = true,
        };
        var bTree = new Blake2bParameters
        {
            DigestLength = 64, Salt = Salt16, Personalization = Personal16, FanOut = 0, MaxDepth = 2, LeafLength = 1 << 20, NodeOffset = 7, InnerLength = 64,
        };
        var sParams = new Blake2sParameters
        {
            DigestLength = 20, Key = Key64.AsMemory(0, 9), Salt = Salt16.AsMemory(0, 8), Personalization = Personal16.AsMemory(0, 8),
            FanOut = 2, MaxDepth = 5, LeafLength = 65536, NodeOffset = 0x010203040506, NodeDepth = 2, InnerLength = 32, IsLastNode = true,
        };
        var xbParams = new Blake2bParameters { Key = Key64.AsMemory(0, 33), Salt = Salt16, Personalization = Personal16 };
        var xsParams = new Blake2sParameters { Key = Key64.AsMemory(0, 11), Salt = Salt16.AsMemory(0, 8), Personalization = Personal16.AsMemory(0, 8) };

        return
        [
            B2b("BLAKE2b-512", false, () => Blake2b.CreateIncrementalHasher(), d => Blake2b.HashData(d)),
            B2b("BLAKE2b-256 keyed", true, () => Blake2b.CreateIncrementalHasher(32, Key64), d => Blake2b.HashData(Key64, d, 32)),
            B2b("BLAKE2b parameters", true, () => Blake2b.CreateIncrementalHasher(bParams), d => Blake2b.HashData(bParams, d)),
            B2b("BLAKE2b tree node", false, () => Blake2b.CreateIncrementalHasher(bTree), d => Blake2b.HashData(bTree, d)),
            B2s("BLAKE2s-256", false, () => Blake2s.CreateIncrementalHasher(), d => Blake2s.HashData(d)),
            B2s("BLAKE2s-128 keyed", true, () => Blake2s.CreateIncrementalHasher(16, Key32), d => Blake2s.HashData(Key32, d, 16)),
            B2s("BLAKE2s parameters", true, () => Blake2s.CreateIncrementalHasher(sParams), d => Blake2s.HashData(sParams, d)),
            Bp("BLAKE2bp", false, () => Blake2bp.CreateIncrementalHasher(), d => Blake2bp.HashData(d)),
            Bp("BLAKE2bp-256 keyed", true, () => Blake2bp.CreateIncrementalHasher(32, Key64), d => Blake2bp.HashData(Key64, d, 32)),
            Sp("BLAKE2sp", false, () => Blake2sp.CreateIncrementalHasher(), d => Blake2sp.HashData(d)),
            Sp("BLAKE2sp keyed", true, () => Blake2sp.CreateIncrementalHasher(Key20), d => Blake2sp.HashData(key: Key20, source: d)),
            Xb("BLAKE2Xb 1000", false, () => Blake2Xb.CreateIncrementalHasher(1000), d => Blake2Xb.HashData(d, 1000)),
            Xb("BLAKE2Xb unknown length", false, () => Blake2Xb.CreateIncrementalHasherForUnknownLength(), OneShotUnknownXb),
            Xb("BLAKE2Xb parameters", true, () => Blake2Xb.CreateIncrementalHasher(77, xbParams), d => Blake2Xb.HashData(xbParams, d, 77)),
            Xs("BLAKE2Xs 300", false, () => Blake2Xs.CreateIncrementalHasher(300), d => Blake2Xs.HashData(d, 300)),
            Xs("BLAKE2Xs parameters", true, () => Blake2Xs.CreateIncrementalHasher(65535, xsParams), d => Blake2Xs.HashData(xsParams, d, 65535)),
            B3("BLAKE3", false, () => Blake3.CreateIncrementalHasher(), d => Blake3.HashData(d)),
            B3("BLAKE3 keyed", true, () => Blake3.CreateIncrementalHasher(Key32), d => { byte[] h = new byte[32]; Blake3.HashData(Key32, d, h); return h; }),
            B3("BLAKE3 derive key", true, () => Blake3.CreateDeriveKeyHasher(Context), d => { byte[] k = new byte[32]; Blake3.DeriveKey(Context, d, k); return k; }),
            Subtree("BLAKE3 subtree at 64 KiB", false, Blake3Mode.Hash, 64 << 10),
            Subtree("BLAKE3 keyed subtree at 16 KiB", true, Blake3Mode.Keyed(Key32), 16 << 10),
        ];
    }

    private static byte[] OneShotUnknownXb(byte[] data)
    {
        Blake2XbHashState state = Blake2Xb.CreateIncrementalHasherForUnknownLength();
        state.Update(data);
        using Blake2XbReader reader = state.Finish();
        byte[] output = new byte[1000];
        reader.Read(output);
        return output;
    }

    private static ResumableSubject B2b(string name, bool secret, Func<Blake2bHashState> create, Func<byte[], byte[]> oneShot) =>
        new(name, 128, secret, () => new B2bHasher(create()), e => new B2bHasher(Blake2b.ImportState(e)), oneShot);

    private static ResumableSubject B2s(string name, bool secret, Func<Blake2sHashState> create, Func<byte[], byte[]> oneShot) =>
        new(name, 64, secret, () => new B2sHasher(create()), e => new B2sHasher(Blake2s.ImportState(e)), oneShot);

    private static ResumableSubject Bp(string name, bool secret, Func<Blake2bpHashState> create, Func<byte[], byte[]> oneShot) =>
        new(name, 128, secret, () => new BpHasher(create()), e => new BpHasher(Blake2bp.ImportState(e)), oneShot);

    private static ResumableSubject Sp(string name, bool secret, Func<Blake2spHashState> create, Func<byte[], byte[]> oneShot) =>
        new(name, 64, secret, () => new SpHasher(create()), e => new SpHasher(Blake2sp.ImportState(e)), oneShot);

    private static ResumableSubject Xb(string name, bool secret, Func<Blake2XbHashState> create, Func<byte[], byte[]> oneShot) =>
        new(name, 128, secret, () => new XbHasher(create()), e => new XbHasher(Blake2Xb.ImportState(e)), oneShot);

    private static ResumableSubject Xs(string name, bool secret, Func<Blake2XsHashState> create, Func<byte[], byte[]> oneShot) =>
        new(name, 64, secret, () => new XsHasher(create()), e => new XsHasher(Blake2Xs.ImportState(e)), oneShot);

    private static ResumableSubject B3(string name, bool secret, Func<Blake3HashState> create, Func<byte[], byte[]> oneShot) =>
        new(name, 1024, secret, () => new B3Hasher(create(), false), e => new B3Hasher(Blake3.ImportState(e), false), oneShot);

    private static ResumableSubject Subtree(string name, bool secret, Blake3Mode mode, long offset) =>
        new(name, 1024, secret, () => new B3Hasher(Blake3Subtree.CreateHasher(mode, offset), true), e => new B3Hasher(Blake3.ImportState(e), true), d =>
        {
            byte[] cv = new byte[32];
            Blake3Subtree.Hash(mode, d, offset, cv);
            return cv;
        });

    private sealed class B2bHasher(Blake2bHashState state) : IResumableHasher
    {
        private Blake2bHashState _state = state;

        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);

        public byte[] Export(bool includeSecrets) => _state.ExportState(includeSecrets);

        public bool TryExport(Span<byte> destination, out int bytesWritten, bool includeSecrets) => _state.TryExportState(destination, out bytesWritten, includeSecrets);

        public byte[] Finish() => _state.Finish();
    }

    private sealed class B2sHasher(Blake2sHashState state) : IResumableHasher
    {
        private Blake2sHashState _state = state;

        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);

        public byte[] Export(bool includeSecrets) => _state.ExportState(includeSecrets);

        public bool TryExport(Span<byte> destination, out int bytesWritten, bool includeSecrets) => _state.TryExportState(destination, out bytesWritten, includeSecrets);

        public byte[] Finish() => _state.Finish();
    }

    private sealed class BpHasher(Blake2bpHashState state) : IResumableHasher
    {
        private Blake2bpHashState _state = state;

        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);

        public byte[] Export(bool includeSecrets) => _state.ExportState(includeSecrets);

        public bool TryExport(Span<byte> destination, out int bytesWritten, bool includeSecrets) => _state.TryExportState(destination, out bytesWritten, includeSecrets);

        public byte[] Finish() => _state.Finish();
    }

    private sealed class SpHasher(Blake2spHashState state) : IResumableHasher
    {
        private Blake2spHashState _state = state;

        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);

        public byte[] Export(bool includeSecrets) => _state.ExportState(includeSecrets);

        public bool TryExport(Span<byte> destination, out int bytesWritten, bool includeSecrets) => _state.TryExportState(destination, out bytesWritten, includeSecrets);

        public byte[] Finish() => _state.Finish();
    }

    private sealed class XbHasher(Blake2XbHashState state) : IResumableHasher
    {
        private Blake2XbHashState _state = state;

        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);

        public byte[] Export(bool includeSecrets) => _state.ExportState(includeSecrets);

        public bool TryExport(Span<byte> destination, out int bytesWritten, bool includeSecrets) => _state.TryExportState(destination, out bytesWritten, includeSecrets);

        public byte[] Finish()
        {
            // An unknown length reads the first 1000 bytes of its stream.
            long length = _state.OutputLength ?? 1000;
            using Blake2XbReader reader = _state.Finish();
            byte[] output = new byte[length];
            reader.Read(output);
            return output;
        }
    }

    private sealed class XsHasher(Blake2XsHashState state) : IResumableHasher
    {
        private Blake2XsHashState _state = state;

        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);

        public byte[] Export(bool includeSecrets) => _state.ExportState(includeSecrets);

        public bool TryExport(Span<byte> destination, out int bytesWritten, bool includeSecrets) => _state.TryExportState(destination, out bytesWritten, includeSecrets);

        public byte[] Finish()
        {
            long length = _state.OutputLength ?? 1000;
            using Blake2XsReader reader = _state.Finish();
            byte[] output = new byte[length];
            reader.Read(output);
            return output;
        }
    }

    private sealed class B3Hasher(Blake3HashState state, bool subtree) : IResumableHasher
    {
        private Blake3HashState _state = state;

        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);

        public byte[] Export(bool includeSecrets) => _state.ExportState(includeSecrets);

        public bool TryExport(Span<byte> destination, out int bytesWritten, bool includeSecrets) => _state.TryExportState(destination, out bytesWritten, includeSecrets);

        public byte[] Finish()
        {
            byte[] output = new byte[32];
            if (subtree)
            {
                _state.FinishSubtree(output);
            }
            else
            {
                _state.Finish(output);
            }

            return output;
        }
    }
}
