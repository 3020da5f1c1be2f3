using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Bench.Native;

/// <summary>
/// The reference Argon2 (Debian's libargon2.so.1, package libargon2-1), loaded at run time:
/// <c>argon2id_hash_raw</c> fills its p lanes on p threads.
/// </summary>
internal static unsafe class Libargon2
{
    private static readonly nint Handle = NativeLibrary.TryLoad("libargon2.so.1", out nint handle) ? handle : 0;

    /// <summary>Whether libargon2 could be loaded.</summary>
    public static bool IsAvailable => Handle != 0;

    /// <summary>Argon2id (version 0x13) into all of <paramref name="tag"/>, p lanes on p threads.</summary>
    public static void HashId(int t, int m, int p, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag)
    {
        var hash = (delegate* unmanaged<uint, uint, uint, byte*, nuint, byte*, nuint, byte*, nuint, int>)NativeLibrary.GetExport(Handle, "argon2id_hash_raw");
        fixed (byte* pw = password, s = salt, o = tag)
        {
            int rc = hash((uint)t, (uint)m, (uint)p, pw, (nuint)password.Length, s, (nuint)salt.Length, o, (nuint)tag.Length);
            if (rc != 0)
            {
                throw new InvalidOperationException($"argon2id_hash_raw returned {rc}.");
            }
        }
    }
}
