#!/usr/bin/env python3
"""How b2fast reaches a large file, against b3sum and b2sum: whole processes, taken in turn.

Writes two files of the same random bytes that the page cache holds differently: A written by
`head -c` (8 KiB writes: small pieces) and B copied from it by `dd bs=4M` (2 MiB pieces where the
kernel makes them). Then runs every command once per round, in turn, the order rotated by one each
round, after a warm-up round, and prints a markdown table: median wall time, median processor time
(user + system of the process and its threads), median minor page faults, and the median of the
ratios of each command to its reference taken in the same round. The faults of a mapped `b3sum`
run tell how the page cache holds each file: about 16 per MiB for small pieces, 0.5 for 2 MiB ones.

The page cache of a virtual machine may be trimmed while it sits idle, and a file read back in
comes in other pieces; --hold keeps both files mapped and locked in memory (mlock, as `vmtouch -l`
does) for the whole run, so that they keep the pieces they were written in.

usage: tool-io.py --b2fast PATH [--b2fast-old PATH] [--size MiB] [--runs N] [--dir DIR] [--hold] [--tree]
  --b2fast-old: also time another build (for example the one before a change), in the same rounds.
  --tree: time `--tree=1m` against coreutils b2sum instead of BLAKE3 against b3sum.
Needs b3sum (Debian: apt-get install b3sum) or, with --tree, coreutils b2sum on PATH. The files are
deleted at the end.
"""

import argparse
import ctypes
import mmap
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path


def run(command):
    """Wall time, processor time, minor faults and first output word of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_minflt - before.ru_minflt, done.stdout.split()[0].decode()


def hold(paths):
    """Maps each file shared and read-only and locks it in memory until this process ends."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    libc.mlock.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    for path in paths:
        size = path.stat().st_size
        with open(path, "rb") as file:
            address = libc.mmap(None, size, mmap.PROT_READ, mmap.MAP_SHARED, file.fileno(), 0)
        if address in (None, ctypes.c_void_p(-1).value) or libc.mlock(address, size) != 0:
            sys.exit(f"could not hold {path} in memory: {os.strerror(ctypes.get_errno())}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--b2fast", required=True)
    parser.add_argument("--b2fast-old")
    parser.add_argument("--size", type=int, default=1024, help="MiB per file (default 1024)")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--dir", default="/tmp")
    parser.add_argument("--hold", action="store_true")
    parser.add_argument("--tree", action="store_true")
    args = parser.parse_args()

    small, large = Path(args.dir) / "b2fast-io-A", Path(args.dir) / "b2fast-io-B"
    subprocess.run(f"head -c {args.size}M /dev/urandom > {small} && dd if={small} of={large} bs=4M status=none", shell=True, check=True)
    try:
        if args.hold:
            hold([small, large])
        builds = [("b2fast", args.b2fast)] + ([("old b2fast", args.b2fast_old)] if args.b2fast_old else [])
        rows = []  # (label, command, labels of the references it is compared with)
        for name, path in (("A", small), ("B", large)):
            if args.tree:
                rows.append((f"b2sum {name}", ["b2sum", str(path)], []))
                for label, build in builds:
                    rows.append((f"{label} --tree=1m {name}", [build, "--tree=1m", str(path)], [f"b2sum {name}"]))
                    rows.append((f"{label} --tree=1m --no-mmap {name}", [build, "--tree=1m", "--no-mmap", str(path)], [f"b2sum {name}"]))
            else:
                rows.append((f"b3sum {name}", ["b3sum", str(path)], []))
                rows.append((f"b3sum --no-mmap {name}", ["b3sum", "--no-mmap", str(path)], []))
                for label, build in builds:
                    rows.append((f"{label} -a blake3 {name}", [build, "-a", "blake3", str(path)], [f"b3sum {name}", f"b3sum --no-mmap {name}"]))
                    rows.append((f"{label} -a blake3 --no-mmap {name}", [build, "-a", "blake3", "--no-mmap", str(path)], [f"b3sum --no-mmap {name}"]))

        results = {label: {"wall": [], "cpu": [], "faults": []} for label, _, _ in rows}
        load_before = os.getloadavg()
        for label, command, _ in rows:
            results[label]["digest"] = run(command)[3]
        for round_number in range(args.runs):
            shift = round_number % len(rows)
            for label, command, _ in rows[shift:] + rows[:shift]:
                wall, cpu, faults, digest = run(command)
                if digest != results[label]["digest"]:
                    sys.exit(f"{label}: the output changed between runs")
                results[label]["wall"].append(wall)
                results[label]["cpu"].append(cpu)
                results[label]["faults"].append(faults)
        load_after = os.getloadavg()

        cpu_name = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
        print(f"{cpu_name}, {os.cpu_count()} cpus, {os.uname().release}; {args.size} MiB files; {args.runs} rounds after a warm-up; "
              f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after; files {'held in memory' if args.hold else 'not held'}")
        same = {r["digest"] for label, r in results.items() if not label.startswith("b2sum")}
        print(f"outputs: {'all equal' if len(same) == 1 else 'DIFFER: ' + ', '.join(sorted(same))}")
        print()
        print("| command | median wall | median cpu | minor faults | median of the ratios to each reference in the same round (range) |")
        print("|:---|---:|---:|---:|:---|")
        for label, _, references in rows:
            r = results[label]
            compared = []
            for reference in references:
                ratios = [a / b for a, b in zip(r["wall"], results[reference]["wall"])]
                compared.append(f"{statistics.median(ratios):.2f}x `{reference}` ({min(ratios):.2f}-{max(ratios):.2f})")
            ratio = "; ".join(compared)
            print(f"| `{label}` | {statistics.median(r['wall']):.3f} s | {statistics.median(r['cpu']):.3f} s | {int(statistics.median(r['faults'])):,} | {ratio} |")
    finally:
        small.unlink(missing_ok=True)
        large.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
