using System;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Internal;

// The span and memory overloads of Stream (.NET Standard 2.1, .NET Core 2.1 and later; not in the
// netstandard2.0 build, whose Stream lacks them and routes every read through the array overloads).
internal sealed partial class BaoDecoderStream
{
    public override int Read(Span<byte> buffer) => ReadSync(buffer);

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        ReadCoreAsync(buffer, cancellationToken);
}
