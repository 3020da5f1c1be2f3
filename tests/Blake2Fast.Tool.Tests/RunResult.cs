using System.Text;

namespace Blake2Fast.Tool.Tests;

/// <summary>What one run of a checksum program produced.</summary>
internal sealed record RunResult(int ExitCode, byte[] Output, string Error)
{
    public string OutputText => Encoding.UTF8.GetString(Output);

    public override string ToString() => $"exit {ExitCode}\n--- stdout\n{OutputText}\n--- stderr\n{Error}";
}
