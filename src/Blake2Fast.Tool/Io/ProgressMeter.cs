using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// A one-line progress display on standard error for inputs that take a while. It stays silent
/// for the first second, so hashing many small files never flickers, and erases itself when done.
/// </summary>
internal sealed class ProgressMeter
{
    private static readonly TimeSpan QuietPeriod = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan RefreshInterval = TimeSpan.FromMilliseconds(250);

    private readonly TextWriter _writer;
    private readonly string _name;
    private readonly long _totalBytes;
    private readonly Func<TimeSpan> _elapsed;
    private TimeSpan _lastDrawn;
    private int _drawnWidth;

    /// <param name="writer">Standard error, a terminal.</param>
    /// <param name="name">The input's name as the user gave it.</param>
    /// <param name="totalBytes">The input's size, or -1 when it is not known (a pipe).</param>
    /// <param name="elapsed">The time since the input was opened; tests pass their own clock.</param>
    public ProgressMeter(TextWriter writer, string name, long totalBytes, Func<TimeSpan>? elapsed = null)
    {
        if (elapsed is null)
        {
            var clock = Stopwatch.StartNew();
            elapsed = () => clock.Elapsed;
        }

        _elapsed = elapsed;
        _writer = writer;
        _name = name;
        _totalBytes = totalBytes;
    }

    public void Report(long bytesDone)
    {
        TimeSpan now = _elapsed();
        if (now < QuietPeriod || (_drawnWidth > 0 && now - _lastDrawn < RefreshInterval))
        {
            return;
        }

        _lastDrawn = now;
        double mib = bytesDone / 1048576.0;
        double rate = mib / now.TotalSeconds;
        string line = _totalBytes > 0
            ? string.Format(CultureInfo.InvariantCulture, "{0}: {1,3}% ({2:F0} of {3:F0} MiB, {4:F0} MiB/s)", _name, bytesDone * 100 / _totalBytes, mib, _totalBytes / 1048576.0, rate)
            : string.Format(CultureInfo.InvariantCulture, "{0}: {1:F0} MiB ({2:F0} MiB/s)", _name, mib, rate);
        Draw(line);
    }

    /// <summary>Erases the line if one was drawn.</summary>
    public void Clear()
    {
        if (_drawnWidth > 0)
        {
            _writer.Write("\r" + new string(' ', _drawnWidth) + "\r");
            _writer.Flush();
            _drawnWidth = 0;
        }
    }

    private void Draw(string line)
    {
        string padding = line.Length < _drawnWidth ? new string(' ', _drawnWidth - line.Length) : string.Empty;
        _writer.Write("\r" + line + padding);
        _writer.Flush();
        _drawnWidth = Math.Max(_drawnWidth, line.Length);
    }
}
