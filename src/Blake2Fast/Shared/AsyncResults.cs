using System.Threading.Tasks;

namespace Blake2Fast.Internal;

/// <summary>
/// The array-returning async forms, over the forms that write into a destination: the caller's
/// arguments are checked when the inner form is called, so that a bad argument throws from the
/// call itself (as every async form of the library promises) rather than through the task an
/// async method would have returned.
/// </summary>
internal static class AsyncResults
{
    /// <summary><paramref name="result"/>, once <paramref name="pending"/> has completed; no state machine when it already has.</summary>
    public static ValueTask<byte[]> Then(ValueTask pending, byte[] result)
    {
        if (pending.IsCompletedSuccessfully)
        {
            // Observed, so that a pooled task source is released.
            pending.GetAwaiter().GetResult();
            return new ValueTask<byte[]>(result);
        }

        return Await(pending, result);

        static async ValueTask<byte[]> Await(ValueTask pending, byte[] result)
        {
            await pending.ConfigureAwait(false);
            return result;
        }
    }

    /// <inheritdoc cref="Then(ValueTask, byte[])"/>
    public static ValueTask<byte[]> Then(ValueTask<int> pending, byte[] result) =>
        Then(pending.IsCompletedSuccessfully ? Completed(pending) : new ValueTask(pending.AsTask()), result);

    private static ValueTask Completed(ValueTask<int> pending)
    {
        _ = pending.Result;
        return default;
    }
}
