using System;
using System.IO;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// Opens a file whose name holds bytes that are not UTF-8 (see <see cref="RawText"/>): .NET's
/// own file APIs take names as text and would encode the escapes, not the bytes, so this calls
/// <c>open(2)</c> with the bytes and wraps the descriptor. Failures become the exceptions .NET
/// raises for the same errors, so <see cref="InputError"/> words them the same way.
/// </summary>
internal static partial class RawFile
{
    private const int ReadOnly = 0;
    private const int CloseOnExec = 0x80000;

    /// <summary>
    /// Opens a named input (a file to hash, a checksum file, an <c>@FILE</c> key) as the C library
    /// sees its name: an empty name, or one holding a NUL (where a C string ends), names no file,
    /// where .NET would throw ArgumentException instead of an error the tool reports; a name with
    /// bytes that are not UTF-8 is opened by those bytes.
    /// </summary>
    /// <exception cref="FileNotFoundException">The name is empty or holds a NUL, or no such file exists.</exception>
    public static FileStream OpenInput(string name)
    {
        if (name.Length == 0 || name.Contains('\0', StringComparison.Ordinal))
        {
            throw new FileNotFoundException(null, name);
        }

        return RawText.HasEscapes(name)
            ? OpenRead(name)
            : new FileStream(name, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete, bufferSize: 0, FileOptions.SequentialScan);
    }

    /// <summary>The whole content of the input <paramref name="name"/> (see <see cref="OpenInput"/>).</summary>
    public static byte[] ReadAllBytes(string name)
    {
        using FileStream file = OpenInput(name);
        return ReadToEnd(file);
    }

    /// <summary>The rest of <paramref name="stream"/>.</summary>
    public static byte[] ReadToEnd(Stream stream)
    {
        using var buffer = new MemoryStream();
        stream.CopyTo(buffer);
        return buffer.ToArray();
    }

    /// <summary>
    /// Opens <paramref name="name"/> by its bytes (<see cref="RawText.Encode"/>) with glibc's
    /// <c>open</c>. Linux only, where such names exist and arguments keep them
    /// (<see cref="RawText.RecoverArguments"/>): elsewhere the C library is not reached and the
    /// name is reported missing, which it is: macOS's file systems refuse names that are not
    /// UTF-8, and Windows names files in UTF-16, where these bytes name nothing. Such a name can
    /// still come from a checksum list made on Linux.
    /// </summary>
    /// <exception cref="FileNotFoundException">Off Linux, or no such file exists.</exception>
    public static unsafe FileStream OpenRead(string name)
    {
        if (!OperatingSystem.IsLinux())
        {
            throw new FileNotFoundException(null, name);
        }

        byte[] encoded = RawText.Encode(name);
        byte[] path = new byte[encoded.Length + 1];
        encoded.CopyTo(path, 0);
        int descriptor;
        fixed (byte* p = path)
        {
            descriptor = Open(p, ReadOnly | CloseOnExec);
        }

        if (descriptor < 0)
        {
            int errno = Marshal.GetLastPInvokeError();
            throw errno switch
            {
                2 => new FileNotFoundException(null, name),
                13 => new UnauthorizedAccessException(),
                _ => new IOException(Marshal.GetPInvokeErrorMessage(errno), errno),
            };
        }

        return new FileStream(new SafeFileHandle(descriptor, ownsHandle: true), FileAccess.Read, bufferSize: 0);
    }

    [LibraryImport("libc.so.6", EntryPoint = "open", SetLastError = true)]
    private static unsafe partial int Open(byte* path, int flags);
}
