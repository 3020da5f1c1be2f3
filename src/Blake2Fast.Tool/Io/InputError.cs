using System;
using System.IO;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tool.Io;

/// <summary>Turns the exceptions .NET raises for open and read failures into the C library's strerror texts.</summary>
internal static class InputError
{
    /// <summary>The message coreutils would print after the file name.</summary>
    public static string Describe(Exception exception, string path) => exception switch
    {
        FileNotFoundException => "No such file or directory",
        DirectoryNotFoundException => ParentIsFile(path) ? "Not a directory" : "No such file or directory",

        // .NET refuses to open a directory as a file with this exception; the C library reports EISDIR on read.
        UnauthorizedAccessException => Directory.Exists(path) ? "Is a directory" : "Permission denied",
        PathTooLongException => "File name too long",

        // On Unix, .NET keeps the raw errno of other failures in HResult.
        IOException io when io.HResult is > 0 and < 4096 => Marshal.GetPInvokeErrorMessage(io.HResult),

        // On Windows it keeps a Win32 error code (as an HRESULT), and its message repeats the path,
        // which may hold a newline (ERROR_INVALID_NAME): the system's own text for the code, as
        // strerror's on Linux, keeps the message to one line.
        IOException io when OperatingSystem.IsWindows() && (io.HResult & unchecked((int)0xFFFF0000)) == unchecked((int)0x80070000)
            => Marshal.GetPInvokeErrorMessage(io.HResult & 0xFFFF).TrimEnd(),
        _ => exception.Message,
    };

    /// <summary>Whether the failure means the file does not exist (what <c>--ignore-missing</c> skips).</summary>
    public static bool IsMissing(Exception exception, string path) =>
        exception is FileNotFoundException || (exception is DirectoryNotFoundException && !ParentIsFile(path));

    private static bool ParentIsFile(string path)
    {
        string? directory = Path.GetDirectoryName(path);
        while (!string.IsNullOrEmpty(directory))
        {
            if (File.Exists(directory))
            {
                return true;
            }

            directory = Path.GetDirectoryName(directory);
        }

        return false;
    }
}
