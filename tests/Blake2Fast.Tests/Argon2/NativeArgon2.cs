using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Blake2Fast.Tests;

/// <summary>
/// The reference Argon2 (Debian's libargon2.so.1, package libargon2-1) and libsodium
/// (libsodium.so.23), loaded at run time so that a test without them skips instead of failing to load.
/// </summary>
internal static unsafe class NativeArgon2
{
    private static readonly IntPtr Argon2Library = Load("libargon2.so.1");
    private static readonly IntPtr SodiumLibrary = Load("libsodium.so.23");
    private static readonly bool SodiumReady = SodiumLibrary != IntPtr.Zero && ((delegate* unmanaged<int>)NativeLibrary.GetExport(SodiumLibrary, "sodium_init"))() >= 0;

    public static string? Argon2Missing => Argon2Library == IntPtr.Zero ? "libargon2.so.1 (Debian package libargon2-1) is not installed: the reference oracle is missing." : null;

    public static string? SodiumMissing => SodiumReady ? null : "libsodium.so.23 (Debian package libsodium23) is not installed: the libsodium oracle is missing.";

    /// <summary>argon2_context of argon2.h.</summary>
    [StructLayout(LayoutKind.Sequential)]
    private struct Context
    {
        public byte* Out;
        public uint OutLength;
        public byte* Password;
        public uint PasswordLength;
        public byte* Salt;
        public uint SaltLength;
        public byte* Secret;
        public uint SecretLength;
        public byte* AssociatedData;
        public uint AssociatedDataLength;
        public uint TimeCost;
        public uint MemoryCost;
        public uint Lanes;
        public uint Threads;
        public uint Version;
        public IntPtr Allocate;
        public IntPtr Free;
        public uint Flags;
    }

    /// <summary>argon2_ctx: every input, K and X included.</summary>
    public static byte[] Hash(Argon2Type type, int version, int t, int m, int p, int threads, byte[] password, byte[] salt, byte[] secret, byte[] ad, int tagLength)
    {
        byte[] tag = new byte[tagLength];
        fixed (byte* o = tag, pw = password, s = salt, k = secret, x = ad)
        {
            var context = new Context
            {
                Out = o, OutLength = (uint)tagLength, Password = pw, PasswordLength = (uint)password.Length, Salt = s, SaltLength = (uint)salt.Length,
                Secret = k, SecretLength = (uint)secret.Length, AssociatedData = x, AssociatedDataLength = (uint)ad.Length,
                TimeCost = (uint)t, MemoryCost = (uint)m, Lanes = (uint)p, Threads = (uint)threads, Version = (uint)version,
            };
            int rc = ((delegate* unmanaged<Context*, int, int>)NativeLibrary.GetExport(Argon2Library, "argon2_ctx"))(&context, (int)type);
            if (rc != 0)
            {
                throw new InvalidOperationException($"argon2_ctx returned {rc}");
            }
        }

        return tag;
    }

    /// <summary>argon2_hash's PHC string (version 0x13).</summary>
    public static string Encode(Argon2Type type, int t, int m, int p, byte[] password, byte[] salt, int tagLength)
    {
        byte[] encoded = new byte[512];
        fixed (byte* pw = password, s = salt, e = encoded)
        {
            var hash = (delegate* unmanaged<uint, uint, uint, byte*, nuint, byte*, nuint, byte*, nuint, byte*, nuint, int, uint, int>)NativeLibrary.GetExport(Argon2Library, "argon2_hash");
            int rc = hash((uint)t, (uint)m, (uint)p, pw, (nuint)password.Length, s, (nuint)salt.Length, null, (nuint)tagLength, e, (nuint)encoded.Length, (int)type, 0x13);
            if (rc != 0)
            {
                throw new InvalidOperationException($"argon2_hash returned {rc}");
            }
        }

        return Encoding.ASCII.GetString(encoded, 0, Array.IndexOf(encoded, (byte)0));
    }

    /// <summary>argon2_verify: 0 when the password matches.</summary>
    public static int Verify(string encoded, byte[] password, Argon2Type type)
    {
        byte[] text = Encoding.ASCII.GetBytes(encoded + "\0");
        fixed (byte* e = text, pw = password)
        {
            return ((delegate* unmanaged<byte*, byte*, nuint, int, int>)NativeLibrary.GetExport(Argon2Library, "argon2_verify"))(e, pw, (nuint)password.Length, (int)type);
        }
    }

    /// <summary>crypto_pwhash_str_alg: libsodium's PHC string (p = 1); alg 1 is Argon2i, 2 Argon2id.</summary>
    public static string SodiumHash(byte[] password, int t, int memoryBytes, int alg)
    {
        byte[] encoded = new byte[128];
        fixed (byte* pw = password, e = encoded)
        {
            var hash = (delegate* unmanaged<byte*, byte*, ulong, ulong, nuint, int, int>)NativeLibrary.GetExport(SodiumLibrary, "crypto_pwhash_str_alg");
            int rc = hash(e, pw, (ulong)password.Length, (ulong)t, (nuint)memoryBytes, alg);
            if (rc != 0)
            {
                throw new InvalidOperationException($"crypto_pwhash_str_alg returned {rc}");
            }
        }

        return Encoding.ASCII.GetString(encoded, 0, Array.IndexOf(encoded, (byte)0));
    }

    /// <summary>crypto_pwhash_str_verify: 0 when the password matches.</summary>
    public static int SodiumVerify(string encoded, byte[] password)
    {
        byte[] text = Encoding.ASCII.GetBytes(encoded + "\0");
        fixed (byte* e = text, pw = password)
        {
            return ((delegate* unmanaged<byte*, byte*, ulong, int>)NativeLibrary.GetExport(SodiumLibrary, "crypto_pwhash_str_verify"))(e, pw, (ulong)password.Length);
        }
    }

    private static IntPtr Load(string name) => OperatingSystem.IsLinux() && NativeLibrary.TryLoad(name, out IntPtr handle) ? handle : IntPtr.Zero;
}
