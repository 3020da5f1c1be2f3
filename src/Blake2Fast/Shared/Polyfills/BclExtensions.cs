using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

// Static helpers that .NET Core added to existing BCL types and that the shared code calls, given
// to .NET Standard 2.0 as C# 14 extension members so that every call site reads the same in every
// build. Each behaves as the .NET 8 original does for the arguments this library passes.
namespace System
{
    internal static class ThrowHelperExtensions
    {
        extension(ArgumentNullException)
        {
            public static void ThrowIfNull([NotNull] object? argument, [CallerArgumentExpression(nameof(argument))] string? paramName = null)
            {
                if (argument is null)
                {
                    throw new ArgumentNullException(paramName);
                }
            }
        }

        extension(ArgumentOutOfRangeException)
        {
            public static void ThrowIfNegative(int value, [CallerArgumentExpression(nameof(value))] string? paramName = null)
            {
                if (value < 0)
                {
                    throw new ArgumentOutOfRangeException(paramName, value, $"{paramName} ('{value}') must be a non-negative value.");
                }
            }
        }

        extension(ObjectDisposedException)
        {
            public static void ThrowIf([DoesNotReturnIf(true)] bool condition, object instance)
            {
                if (condition)
                {
                    throw new ObjectDisposedException(instance?.GetType().FullName);
                }
            }
        }

        extension(Math)
        {
            public static int Clamp(int value, int min, int max) => value < min ? min : value > max ? max : value;
        }

        extension(ValueTask)
        {
            public static ValueTask<T> FromResult<T>(T result) => new(result);
        }
    }

    internal static class StreamExtensions
    {
        /// <summary>Reads into memory that the library always takes from an array.</summary>
        public static ValueTask<int> ReadAsync(this Stream stream, Memory<byte> buffer, CancellationToken cancellationToken) =>
            MemoryMarshal.TryGetArray(buffer, out ArraySegment<byte> segment)
                ? new ValueTask<int>(stream.ReadAsync(segment.Array!, segment.Offset, segment.Count, cancellationToken))
                : throw new NotSupportedException("Only array-backed buffers are read here.");
    }
}
