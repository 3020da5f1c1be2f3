using System;
using System.Security.Cryptography;

namespace Blake2Fast.Internal;

/// <summary>BLAKE3's 32-byte output behind the <see cref="HashAlgorithm"/> contract; each digest restarts the hash, keyed or not.</summary>
internal sealed class Blake3HashAlgorithm : HashAlgorithm
{
    private Blake3HashState _start;
    private Blake3HashState _state;

    public Blake3HashAlgorithm(Blake3HashState start)
    {
        HashSizeValue = Blake3.DefaultOutputLength * 8;
        _start = start;
        _state = start;
    }

    public override void Initialize() => _state = _start;

    protected override void HashCore(byte[] array, int ibStart, int cbSize) => _state.Update(array.AsSpan(ibStart, cbSize));

    protected override byte[] HashFinal() => _state.Finish();

    protected override void Dispose(bool disposing)
    {
        _state.Clear();
        _start.Clear();
        base.Dispose(disposing);
    }
}
