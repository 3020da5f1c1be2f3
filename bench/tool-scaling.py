#!/usr/bin/env python3
"""The b2fast command against b3sum and coreutils b2sum, whole processes, on every core count.

usage: tool-scaling.py --tools DIR [--sizes 1G,4G] [--cores 1,2,4,8,12,16] [--runs 5]
                       [--slow-runs 3] [--budget SECONDS] [--tmp DIR] [--out FILE]

Run by `bench/cross-cpu.sh suite` from the published folder's tool/ (b2fast, its -x86-64-v3 and
-x86-64-v4 builds, b3sum, b2sum: see `bench/cross-cpu.sh publish`); it also runs alone, e.g. on a
2-core machine: tool-scaling.py --tools /tmp/xcpu/tool --sizes 256M,1G --cores 1,2 --runs 3.

For each size, one file of random bytes in tmpfs (/dev/shm; a tmpfs mounted for the run where that
is too small; the file shrunk or skipped, with a note, where memory is short), so that no disk
enters the times. Rows, each under `taskset -c 0-(N-1)` for every N of --cores up to nproc (b2fast
and b3sum size their thread pools from the affinity mask they start with):
  b2fast -a blake3 FILE, b2fast -a blake3 --mmap FILE, b3sum FILE, b3sum --no-mmap FILE,
  b2fast --tree=1m FILE, b2fast --tree=1m --mmap FILE (BLAKE2b tree, 1 MiB leaves)
and, where `b2fast --help` lists it, b2fast -a blake3 --num-threads N FILE without taskset; and
coreutils b2sum FILE (one thread, sequential BLAKE2b: the command b2fast --tree replaces), without
taskset, last in a round and --slow-runs times at most.

Method: the time of the whole process (start, hash, print, exit) from fork to wait, by the
monotonic clock. Commands run interleaved, one round of every command after another, so that drift
of the machine's speed falls on every row alike; the first round warms up (page tables, the
processors' frequency) and is not counted. A command whose warm-up took over 1.5 s runs only
--slow-runs rounds. Where the warm-up round says that --runs rounds would not fit the file's share
of --budget (seconds for the whole run, files written and warm-up included; shares by size), fewer
rounds run (never under --slow-runs), and the results say so. Medians with the
fastest and slowest run. Every `b2fast -a blake3` digest must equal b3sum's and every `--tree`
digest the first one's; a mismatch or a failed command is printed loudly and the rest still run.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

GIB = 1 << 30
MIB = 1 << 20
SLOW_SECONDS = 1.5


def parse_size(text):
    """256M, 1G, 4096: a byte count with an optional K, M or G suffix (binary multiples)."""
    match = re.fullmatch(r"(\d+)([KMG]?)(i?B)?", text.strip(), re.IGNORECASE)
    if not match:
        raise argparse.ArgumentTypeError(f"not a size: {text!r}")
    return int(match.group(1)) << {"": 0, "K": 10, "M": 20, "G": 30}[match.group(2).upper()]


def size_name(size):
    return f"{size // GIB} GiB" if size % GIB == 0 else f"{size // MIB} MiB" if size % MIB == 0 else f"{size} bytes"


def machine_line():
    """The first line of cross-cpu.txt, in the same words: model, cores, family and model, kernel, flags."""
    info = open("/proc/cpuinfo").read()

    def field(name):
        match = re.search(rf"^{name}\s*:\s*(.*)$", info, re.MULTILINE)
        return match.group(1).strip() if match else "?"

    flags = set(field("flags").split())
    wanted = sorted(f for f in ("avx512f", "avx512vl", "avx512_vbmi", "avx2", "sse4_1", "ssse3") if f in flags)
    return (f"# machine: {field('model name')}; {os.cpu_count()} cores; cpu family : {field('cpu family')}, "
            f"model : {field('model')}; {os.uname().sysname} {os.uname().release}; flags: {' '.join(wanted)}")


def mem_available():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return 0


def free_bytes(path):
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


class Scratch:
    """Where the files go: /dev/shm, or a tmpfs of our own when /dev/shm cannot hold the largest."""

    def __init__(self, wanted, largest, notes):
        self.mounted = None
        self.path = wanted
        if free_bytes(wanted) >= largest + 64 * MIB:
            return
        # tmpfs pages come out of memory either way; a mount only lifts /dev/shm's size limit
        # (half the memory by default). Needs root; without it the files shrink to what fits.
        mount = "/tmp/tool-scaling-tmpfs"
        os.makedirs(mount, exist_ok=True)
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={largest + 64 * MIB}", "tmpfs", mount],
                                capture_output=True, text=True)
        if result.returncode == 0:
            self.mounted = self.path = mount
            notes.append(f"{wanted} has {free_bytes(wanted) / GIB:.1f} GiB free: the files went to a tmpfs mounted at {mount}")
        else:
            notes.append(f"{wanted} has {free_bytes(wanted) / GIB:.1f} GiB free and mounting a tmpfs failed "
                         f"({result.stderr.strip()}): larger files are shrunk to fit it")

    def close(self):
        if self.mounted and subprocess.run(["umount", self.mounted]).returncode == 0:
            os.rmdir(self.mounted)


def fits(size, scratch, cores):
    """The largest size, at most `size` (whole GiB below 1 GiB: as asked), that memory and the tmpfs hold now."""
    # Room kept for everything else: the tools' buffers (b2fast reading: at most 16 MiB a core),
    # the page tables of a mapping, and the rest of the machine.
    reserve = GIB + cores * 32 * MIB
    room = min(mem_available() - reserve, free_bytes(scratch.path) - 16 * MIB)
    if room >= size:
        return size
    return (room // GIB) * GIB if room >= GIB else 0


def write_random(path, size, workers):
    """`size` random bytes into `path`, written in 64 MiB pieces by every core at once."""
    piece = 64 * MIB
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.ftruncate(fd, size)

        def write(offset):
            # os.urandom (getrandom) and os.pwrite leave the interpreter's lock while they run.
            data = os.urandom(min(piece, size - offset))
            os.pwrite(fd, data, offset)

        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            list(pool.map(write, range(0, size, piece)))
    finally:
        os.close(fd)


def first_word(output):
    line = output.decode(errors="replace").strip().split("\n")[0]
    return line.split()[0] if line.split() else ""


def find_tool(name, tools, prefer_system):
    """The tool in --tools, or the machine's own; prefer_system: the machine's where it has one."""
    local = os.path.join(tools, name)
    local = local if os.access(local, os.X_OK) else None
    system = shutil.which(name)
    return (system or local) if prefer_system else (local or system)


def version_of(command, keep=None):
    """The --version output on one line; keep: only its lines that contain one of these words."""
    result = subprocess.run(command + ["--version"], capture_output=True, text=True)
    lines = [line.strip() for line in result.stdout.strip().split("\n") if line.strip()]
    if keep:
        lines = [line for line in lines if any(word in line for word in keep)]
    return " ".join(lines) or result.stderr.strip()


class Row:
    def __init__(self, label, kind, cores, argv):
        self.label, self.kind, self.cores, self.argv = label, kind, cores, argv
        self.times, self.warmup, self.runs, self.failed = [], None, 0, []

    def run(self):
        start = time.perf_counter()
        result = subprocess.run(self.argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            message = f"FAILED: {' '.join(self.argv)}: status {result.returncode}: {result.stderr.decode(errors='replace').strip()}"
            print(f"!!! {message}", file=sys.stderr, flush=True)
            self.failed.append(message)
            return None, None
        return elapsed, first_word(result.stdout)


def measure_file(path, size, args, tools, notes, deadline_share):
    """Every row on one file; returns the rows and the mismatches found."""
    b2fast, b3sum, b2sum, has_num_threads = tools
    rows = []
    for n in args.cores:
        pin = ["taskset", "-c", f"0-{n - 1}"]
        rows.append(Row("b2fast -a blake3", "b3", n, pin + [b2fast, "-a", "blake3", path]))
        rows.append(Row("b2fast -a blake3 --mmap", "b3", n, pin + [b2fast, "-a", "blake3", "--mmap", path]))
        rows.append(Row("b3sum", "b3ref", n, pin + [b3sum, path]))
        rows.append(Row("b3sum --no-mmap", "b3ref", n, pin + [b3sum, "--no-mmap", path]))
        rows.append(Row("b2fast --tree=1m", "tree", n, pin + [b2fast, "--tree=1m", path]))
        rows.append(Row("b2fast --tree=1m --mmap", "tree", n, pin + [b2fast, "--tree=1m", "--mmap", path]))
        if has_num_threads:
            rows.append(Row("b2fast -a blake3 --num-threads N (no taskset)", "b3", n,
                            [b2fast, "-a", "blake3", "--num-threads", str(n), path]))
    b2sum_row = Row("b2sum (coreutils, one thread)", "b2sum", os.cpu_count(), [b2sum, path])

    mismatches = []
    digests = {}

    def check(row, digest):
        """b2fast's BLAKE3 digests against b3sum's; each other kind against its own first digest."""
        if digest is None or row.kind == "b2sum":
            return
        if row.kind == "b3" and "b3ref" in digests:
            reference = digests["b3ref"]
        else:
            reference = digests.setdefault(row.kind, digest)
        if digest != reference:
            message = f"DIGEST MISMATCH on {size_name(size)}: `{' '.join(row.argv)}` gives {digest}, expected {reference}"
            print(f"!!! {message}", file=sys.stderr, flush=True)
            mismatches.append(message)

    # b3sum first in the warm-up round, so that the b2fast BLAKE3 rows have its digest to match;
    # b2sum last in every round, and in the first --slow-runs only (it takes seconds a GiB).
    everything = rows + [b2sum_row]
    order = sorted(everything, key=lambda r: r.kind != "b3ref")
    started = time.monotonic()
    for row in order:
        row.warmup, digest = row.run()
        check(row, digest)
        # A command that failed its warm-up is still tried in every round, as a fast one.
        row.warmup = row.warmup or 0.0
    warmup_round = time.monotonic() - started
    for row in everything:
        row.runs = args.slow_runs if row.warmup > SLOW_SECONDS or row is b2sum_row else args.runs

    # What one counted round costs, and how many fit this file's share of the budget.
    fast = sum(r.warmup for r in everything if r.runs == args.runs)
    slow = sum(r.warmup for r in everything if r.runs != args.runs)
    budget = deadline_share - warmup_round
    runs = args.runs
    while runs > args.slow_runs and fast * runs + slow * args.slow_runs > budget:
        runs -= 1
    if runs < args.runs:
        notes.append(f"{size_name(size)}: {runs} counted rounds instead of {args.runs}, to fit the budget "
                     f"(warm-up round {warmup_round:.1f} s, {deadline_share:.0f} s for this file)")
        for row in everything:
            row.runs = min(row.runs, runs)
    print(f"  warm-up round {warmup_round:.1f} s; up to {max(r.runs for r in everything)} counted rounds", flush=True)

    for round_index in range(max(r.runs for r in everything)):
        for row in everything:
            if round_index < row.runs:
                elapsed, digest = row.run()
                check(row, digest)
                if elapsed is not None:
                    row.times.append(elapsed)
        print(f"  round {round_index + 1} done ({time.monotonic() - started:.0f} s)", flush=True)

    return rows, b2sum_row, digests, mismatches


def cell(times):
    if not times:
        return "failed"
    return f"{statistics.median(times):.3f} ({min(times):.3f}-{max(times):.3f})"


def median(row):
    return statistics.median(row.times) if row.times else float("nan")


def number(value):
    return "n/a" if value != value else f"{value:.2f}"


def unique(messages):
    """Each message once, with how many times it came (a mismatch repeats in every round)."""
    counts = {}
    for message in messages:
        counts[message] = counts.get(message, 0) + 1
    return [m if n == 1 else f"{m} ({n} times)" for m, n in counts.items()]


def report(size, path_note, rows, b2sum_row, digests, mismatches, cores):
    lines = [f"## {size_name(size)} file ({path_note})", ""]
    labels = list(dict.fromkeys(r.label for r in rows))
    by = {(r.label, r.cores): r for r in rows}
    lines.append("Seconds per run: median (fastest-slowest), whole process; N = `taskset -c 0-(N-1)`, or `--num-threads N`.")
    lines.append("")
    lines.append("| command | " + " | ".join(f"N={n}" for n in cores) + " | runs |")
    lines.append("|---|" + "---:|" * len(cores) + "---:|")
    for label in labels:
        runs = sorted({len(by[(label, n)].times) for n in cores})
        lines.append(f"| `{label}` | " + " | ".join(cell(by[(label, n)].times) for n in cores) + f" | {'/'.join(map(str, runs))} |")
    lines.append("")
    b2sum_median = median(b2sum_row)
    gib = size / GIB
    lines.append(f"`b2sum` (coreutils, one thread, no taskset): {cell(b2sum_row.times)} s, {len(b2sum_row.times)} runs"
                 + (f", {gib / b2sum_median:.2f} GiB/s" if b2sum_row.times else "") + ".")
    lines.append("")
    lines.append("Throughput of the medians, GiB/s:")
    lines.append("")
    lines.append("| command | " + " | ".join(f"N={n}" for n in cores) + " |")
    lines.append("|---|" + "---:|" * len(cores))
    for label in labels:
        lines.append(f"| `{label}` | " + " | ".join(number(gib / median(by[(label, n)])) for n in cores) + " |")
    lines.append("")
    lines.append("Ratios of median times (below 1: the first is faster):")
    lines.append("")
    ratio_columns = [
        ("b2fast / b3sum", "b2fast -a blake3", "b3sum"),
        ("b2fast / b3sum --no-mmap", "b2fast -a blake3", "b3sum --no-mmap"),
        ("b2fast --mmap / b3sum", "b2fast -a blake3 --mmap", "b3sum"),
        ("b2fast / b2fast --mmap", "b2fast -a blake3", "b2fast -a blake3 --mmap"),
        ("b2fast --num-threads N / b3sum", "b2fast -a blake3 --num-threads N (no taskset)", "b3sum"),
        ("b2sum / b2fast --tree=1m", None, "b2fast --tree=1m"),
        ("b2sum / b2fast --tree=1m --mmap", None, "b2fast --tree=1m --mmap"),
    ]
    ratio_columns = [c for c in ratio_columns if (c[1] is None or c[1] in labels) and c[2] in labels]
    lines.append("| N | " + " | ".join(c[0] for c in ratio_columns) + " |")
    lines.append("|---:|" + "---:|" * len(ratio_columns))
    for n in cores:
        values = []
        for _, top, bottom in ratio_columns:
            numerator = b2sum_median if top is None else median(by[(top, n)])
            values.append(number(numerator / median(by[(bottom, n)])))
        lines.append(f"| {n} | " + " | ".join(values) + " |")
    lines.append("")
    b3 = digests.get("b3ref", "?")
    tree = digests.get("tree", "?")
    if mismatches:
        lines.append("**DIGEST MISMATCHES:**")
        lines.extend(f"- **{m}**" for m in unique(mismatches))
    else:
        lines.append(f"Digests: every `b2fast -a blake3` run printed b3sum's {b3[:16]}...; every `--tree=1m` run printed {tree[:16]}....")
    failures = [m for r in rows + [b2sum_row] for m in r.failed]
    if failures:
        lines.append("")
        lines.append("**FAILED RUNS:**")
        lines.extend(f"- **{m}**" for m in unique(failures))
    lines.append("")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tools", required=True, help="folder with b2fast (and its level builds), b3sum, b2sum")
    parser.add_argument("--sizes", default="1G,4G", help="file sizes, e.g. 256M,1G (default 1G,4G)")
    parser.add_argument("--cores", default="1,2,4,8,12,16", help="core counts; those above nproc are left out")
    parser.add_argument("--runs", type=int, default=5, help="counted runs of each command (default 5)")
    parser.add_argument("--slow-runs", type=int, default=3, help="counted runs of slow commands and b2sum (default 3)")
    parser.add_argument("--budget", type=float, default=240, help="seconds for everything, files written and b2sum included (default 240)")
    parser.add_argument("--tmp", default="/dev/shm", help="tmpfs folder for the files (default /dev/shm)")
    parser.add_argument("--out", default="tool-scaling.md", help="the markdown results file")
    args = parser.parse_args()
    sizes = [parse_size(s) for s in args.sizes.split(",")]
    nproc = os.cpu_count()
    args.cores = [n for n in (int(c) for c in args.cores.split(",")) if n <= nproc]
    args.slow_runs = min(args.slow_runs, args.runs)

    tools_dir = os.path.abspath(args.tools)
    b2fast = os.path.join(tools_dir, "b2fast")
    if not os.access(b2fast, os.X_OK):
        sys.exit(f"no b2fast in {tools_dir} (bench/cross-cpu.sh publish DIR puts it in DIR/tool)")
    # b3sum: the published copy first, so that every machine runs the same version; b2sum: the
    # machine's own coreutils, the copy only where it has none.
    b3sum = find_tool("b3sum", tools_dir, prefer_system=False)
    b2sum = find_tool("b2sum", tools_dir, prefer_system=True)
    if not b3sum or not b2sum:
        sys.exit(f"b3sum ({b3sum}) or b2sum ({b2sum}) not found in {tools_dir} or on PATH")
    has_num_threads = subprocess.run([b2fast, "--help"], capture_output=True, text=True).stdout.find("--num-threads") >= 0

    notes = []
    header = [machine_line(), ""]
    # Which build ran: the default one hands over to the -x86-64-v3 or -v4 build beside it where the
    # processor runs it, and --version names the build that answers, as every row's does.
    header.append(f"b2fast: {b2fast} (Native AOT; builds beside it: "
                  f"{', '.join(sorted(f for f in os.listdir(tools_dir) if f.startswith('b2fast')))}), the build that ran: "
                  f"{version_of([b2fast], keep=('b2fast (', 'Machine code'))}")
    header.append("")
    header.append(f"b3sum: {b3sum}: {version_of([b3sum])}; b2sum: {b2sum}: {version_of([b2sum], keep=('coreutils',))}")
    header.append("")
    if os.environ.get("CROSS_CPU_COMMIT"):
        header.append(f"commit: {os.environ['CROSS_CPU_COMMIT']}")
        header.append("")
    # taskset -c 0-(N-1) takes the first N logical processors: whether they are whole cores or SMT
    # siblings decides what N means, so the results name cpu0's siblings.
    try:
        siblings = open("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list").read().strip()
    except OSError:
        siblings = "?"
    header.append(f"Logical processors sharing cpu0's core (SMT siblings): {siblings}.")
    header.append("")
    header.append(f"Method: whole-process wall time (fork to exit), files of random bytes in tmpfs; rounds of every "
                  f"command interleaved, one warm-up round not counted, {args.runs} counted runs ({args.slow_runs} for "
                  f"commands over {SLOW_SECONDS} s and for b2sum); cores {','.join(map(str, args.cores))} of {nproc}. "
                  f"`--num-threads` rows: {'measured' if has_num_threads else 'not measured (this b2fast has no --num-threads)'}. "
                  f"b2fast reads files at their offsets by default and maps them with --mmap (for --tree, files "
                  f"under 2 GiB): see src/Blake2Fast.Tool/README.md, \"How it reads\".")
    header.append("")

    scratch = Scratch(args.tmp, max(sizes), notes)
    body = []
    started = time.monotonic()
    try:
        for index, size in enumerate(sizes):
            actual = fits(size, scratch, max(args.cores))
            if actual == 0:
                notes.append(f"{size_name(size)} file SKIPPED: {mem_available() / GIB:.1f} GiB of memory available, "
                             f"{free_bytes(scratch.path) / GIB:.1f} GiB free in {scratch.path}")
                print(f"!!! {notes[-1]}", file=sys.stderr, flush=True)
                continue
            if actual != size:
                notes.append(f"{size_name(size)} file SHRUNK to {size_name(actual)}: {mem_available() / GIB:.1f} GiB of "
                             f"memory available, {free_bytes(scratch.path) / GIB:.1f} GiB free in {scratch.path}")
                print(f"!!! {notes[-1]}", file=sys.stderr, flush=True)
            path = os.path.join(scratch.path, f"tool-scaling-{actual}.bin")
            print(f"{size_name(actual)}: writing {path}", flush=True)
            write_random(path, actual, nproc)
            try:
                # This file's share of what is left of the budget, by its size among those to come
                # (so that a file shrunk or skipped leaves its time to the others).
                left = max(args.budget - (time.monotonic() - started), 0)
                share = left * actual / sum(sizes[index:])
                rows, b2sum_row, digests, mismatches = measure_file(
                    path, actual, args, (b2fast, b3sum, b2sum, has_num_threads), notes, share)
            finally:
                os.unlink(path)
            body.extend(report(actual, f"{scratch.path}, random bytes", rows, b2sum_row, digests, mismatches, args.cores))
    finally:
        scratch.close()

    lines = header + [f"Note: {n}" for n in notes] + ([""] if notes else []) + body
    lines.append(f"Total time: {time.monotonic() - started:.0f} s.")
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"tool rows written to {args.out}")


if __name__ == "__main__":
    main()
