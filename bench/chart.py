#!/usr/bin/env python3
"""Draws the headline throughput chart (SVG) from a committed benchmark results folder.

usage: chart.py RESULTS_DIR [--out FILE ...]

Reads the pages bench/report.py wrote into RESULTS_DIR (README.md for the machine and the commit,
<Class>.md for the rows), so the chart can be redrawn from what is committed, without the
BenchmarkDotNet exports. Plots MiB/s against input size, 64 B to 64 MiB, both axes logarithmic:
Blake2Fast's implementations as solid lines, the peers dashed. Writes RESULTS_DIR/throughput.svg,
or each --out file.

Needs matplotlib (Debian: python3-matplotlib; bench/run.sh installs it where missing). The SVG
is deterministic for the same input: no date in its metadata, a fixed hash salt for its ids.
"""

import argparse
import re
import sys
from pathlib import Path

MIB = 1024 * 1024
SIZE_MIN, SIZE_MAX = 64, 64 * MIB

# (label, class page, match on the row, ours?): the first series that has rows is drawn for each label.
SERIES = [
    ("Blake2Fast BLAKE3, one thread", "Blake3", lambda r: r["Method"] == "Blake3OneThread", True),
    ("Blake2Fast BLAKE3, every core", "Blake3", lambda r: r["Method"] == "Blake3AllCores", True),
    ("Blake2Fast BLAKE2bp-512", "Blake3", lambda r: r["Method"] == "Blake2bp", True),
    ("Blake2Fast BLAKE2b-512", "Blake3", lambda r: r["Method"] == "Blake2b", True),
    ("Blake2Fast BLAKE2s-256", "Blake2s256", lambda r: r["Method"] == "Blake2Fast", True),
    ("official C BLAKE3 (native, assembly), one thread", "Blake3", lambda r: r["Method"] == "Blake3COneThread", False),
    ("Blake3.NET (managed), one thread", "Blake3", lambda r: r["Method"] == "Blake3NetOneThread", False),
    ("libsodium BLAKE2b-512 (native)", "Blake2b512", lambda r: r["Method"] == "Libsodium", False),
    ("BouncyCastle BLAKE2b-512 (managed)", "Blake2b512", lambda r: r["Method"] == "BouncyCastle", False),
    (".NET SHA-256 (OpenSSL)", "Blake2b512", lambda r: r["Method"] == "DotNetSha256", False),
]


def size_of(label):
    match = re.fullmatch(r"([\d,]+) (B|KiB|MiB)", label.strip())
    if not match:
        return None
    return int(match.group(1).replace(",", "")) * {"B": 1, "KiB": 1024, "MiB": MIB}[match.group(2)]


def rate_of(label):
    try:
        return float(label.replace(",", "").strip())
    except ValueError:
        return None


def table_rows(page):
    """The rows of the first markdown table on a class page, as dicts keyed by the header."""
    header, rows = None, []
    for line in page.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            if header and rows:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set("".join(cells)) <= set(":-"):
            rows.append(dict(zip(header, cells)))
    return rows


def caption(results):
    readme = (results / "README.md").read_text(encoding="utf-8") if (results / "README.md").exists() else ""
    cpu = next((l.strip() for l in readme.splitlines() if re.search(r"\bCPU\b.*cores", l)), "machine not recorded")
    runtime = re.search(r"\.NET (\d+\.\d+\.\d+)", readme)
    commit = re.search(r"Blake2Fast [\d.]+\+([0-9a-f]{7})", readme)
    return (f"{cpu}; .NET {runtime.group(1) if runtime else '?'}; "
            f"Blake2Fast at {commit.group(1) if commit else '?'}; BenchmarkDotNet, one run ({results.as_posix()})")


def series_points(results):
    pages = {}
    drawn = []
    for label, cls, match, ours in SERIES:
        page = results / f"{cls}.md"
        if not page.exists():
            continue
        rows = pages.setdefault(cls, table_rows(page))
        points = sorted((size_of(r["Size"]), rate_of(r["MiB/s"])) for r in rows if match(r) and size_of(r.get("Size", "")))
        points = [(s, v) for s, v in points if v and SIZE_MIN <= s <= SIZE_MAX]
        if points:
            drawn.append((label, ours, points))
    return drawn


def draw(results, outputs):
    import matplotlib
    matplotlib.use("agg")
    matplotlib.rcParams["svg.hashsalt"] = "blake2fast"
    matplotlib.rcParams["svg.fonttype"] = "none"
    import matplotlib.pyplot as plt

    drawn = series_points(results)
    if not drawn:
        print(f"chart.py: no rows to draw in {results}", file=sys.stderr)
        return 1
    fig, ax = plt.subplots(figsize=(11, 5.4))
    for i, (label, ours, points) in enumerate(drawn):
        xs, ys = zip(*points)
        ax.plot(xs, ys, label=label, marker="o" if ours else "s", markersize=4,
                linestyle="-" if ours else "--", linewidth=2.2 if ours else 1.4, color=f"C{i % 10}")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ticks = [64, 1024, 16 * 1024, 1 * MIB, 64 * MIB]
    ax.set_xticks(ticks, ["64 B", "1 KiB", "16 KiB", "1 MiB", "64 MiB"])
    ax.set_xlim(SIZE_MIN / 1.3, SIZE_MAX * 1.3)
    ax.set_xlabel("input size")
    ax.set_ylabel("MiB/s (higher is faster)")
    ax.grid(True, which="major", alpha=0.3)
    ax.set_title("Throughput by input size: Blake2Fast (solid) and peers (dashed)")
    ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
    fig.text(0.01, 0.01, caption(results), fontsize=7, color="#555555")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    for out in outputs:
        if out.suffix == ".png":
            fig.savefig(out, format="png", dpi=110)  # for a look at the chart; the committed one is SVG
        else:
            fig.savefig(out, format="svg", metadata={"Date": None})
        print(f"chart.py: {len(drawn)} series -> {out}")
    plt.close(fig)
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="a results folder written by bench/report.py")
    parser.add_argument("--out", type=Path, action="append", help="SVG file to write (default: RESULTS/throughput.svg)")
    args = parser.parse_args(argv)
    return draw(args.results, args.out or [args.results / "throughput.svg"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
