using System;
using System.IO;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>The progress line: silent at first, throttled, erased at the end.</summary>
public sealed class ProgressMeterTests
{
    [Fact]
    public void The_line_appears_after_the_quiet_second_and_is_erased()
    {
        TimeSpan now = TimeSpan.Zero;
        using var writer = new StringWriter();
        var meter = new ProgressMeter(writer, "big", 1000L << 20, () => now);

        now = TimeSpan.FromMilliseconds(900);
        meter.Report(100L << 20);
        Assert.Equal("", writer.ToString());

        now = TimeSpan.FromSeconds(2);
        meter.Report(500L << 20);
        string drawn = writer.ToString();
        Assert.Equal("\rbig:  50% (500 of 1000 MiB, 250 MiB/s)", drawn);

        now += TimeSpan.FromMilliseconds(100);
        meter.Report(600L << 20);
        Assert.Equal(drawn, writer.ToString());

        meter.Clear();
        Assert.Equal(drawn + "\r" + new string(' ', drawn.Length - 1) + "\r", writer.ToString());
    }

    [Fact]
    public void An_input_of_unknown_size_shows_bytes_only()
    {
        using var writer = new StringWriter();
        var meter = new ProgressMeter(writer, "-", -1, () => TimeSpan.FromSeconds(4));

        meter.Report(200L << 20);

        Assert.Equal("\r-: 200 MiB (50 MiB/s)", writer.ToString());
    }
}
