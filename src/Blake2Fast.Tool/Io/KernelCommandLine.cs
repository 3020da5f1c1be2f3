using System;
using System.Collections.Generic;
using System.IO;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// This process's arguments exactly as the kernel holds them: /proc/self/cmdline, each argument
/// followed by a NUL byte. Both the hand-over to another build (which passes them on unchanged)
/// and the recovery of names that are not UTF-8 read them here.
/// </summary>
internal static class KernelCommandLine
{
    /// <summary>
    /// The bytes of /proc/self/cmdline and where each argument lies in them (without its NUL), or
    /// null when the file cannot be read or is not a NUL-terminated list (no access), and always
    /// off Linux: macOS has no /proc, and on Windows "/proc/self/cmdline" would name a file on the
    /// current drive (C:\proc\self\cmdline) that anyone could create.
    /// </summary>
    public static (byte[] Bytes, List<Range> Arguments)? Read()
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }

        byte[] bytes;
        try
        {
            bytes = File.ReadAllBytes("/proc/self/cmdline");
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return null;
        }

        if (bytes.Length == 0 || bytes[^1] != 0)
        {
            return null;
        }

        var arguments = new List<Range>();
        for (int i = 0, start = 0; i < bytes.Length; i++)
        {
            if (bytes[i] == 0)
            {
                arguments.Add(start..i);
                start = i + 1;
            }
        }

        return (bytes, arguments);
    }
}
