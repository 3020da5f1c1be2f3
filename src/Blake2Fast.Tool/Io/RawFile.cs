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
