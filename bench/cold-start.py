#!/usr/bin/env python3
"""Cold-start benchmark: what a short-lived process pays on its first calls.

BenchmarkDotNet warms every method up before it measures; a process that hashes a few files and
exits never gets there. This runs bench/Blake2Fast.ColdStart (build it first: dotnet build -c Release
bench/Blake2Fast.ColdStart) in fresh processes, N times per case, cases interleaved round by round
so that a drift of the machine falls on every case alike, with the runtime's defaults and with
DOTNET_TieredCompilation=0 (every method compiled fully optimized at its first call) for
reference. Prints a markdown table of medians: first call, second call, third call, the whole loop,
and the fastest of the loop's last tenth ("steady"). The third call tells what the second call
pays once (the caches, the runtime's first-call bookkeeping) from tier-0 code that stays slow.

usage: cold-start.py [-n RUNS] [--out FILE] [--only ALGS] [--program LABEL=DLL ...] [--tool-file FILE --aot PATH]
  --program: time these builds of the program instead of this tree's (repeatable), in the same
    rounds, one row each per case: for example the build before a change against the build after.
    Blake3.NET's rows and the floor (none: the program alone, no library) do not depend on the
    build and run with the first program only.
  --tool-file/--aot: also time the framework-dependent b2fast (dotnet b2fast.dll -a blake3 FILE)
  against a Native AOT build of it on FILE, whole processes.
"""

import argparse
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "bench/Blake2Fast.ColdStart/bin/Release/net10.0/Blake2Fast.ColdStart.dll"
KIB, MIB = 1024, 1024 * 1024

# (algorithm, size, calls): every algorithm at 64 B, 1 KiB, 1 MiB and 64 MiB, and the loops of the
# issue that asked for this (BLAKE2s 64 KiB x 1000).
CASES = [(a, s, c) for s, c in ((64, 10000), (KIB, 10000), (MIB, 200), (64 * MIB, 5))
         for a in ("blake2b", "blake2s", "blake3", "blake3net")] + [("blake2s", 64 * KIB, 1000)]
# The program's own first call, no library loaded (none clears 32 bytes): the floor under every row.
FLOOR_CASE = ("none", 64, 10000)
# The drivers around the kernels (HashMany, HashTree, BLAKE2bp, incremental BLAKE3): run only when
# --only names them.
EXTRA_CASES = [(a, s, c) for s, c in ((64 * KIB, 1000), (MIB, 200))
               for a in ("blake2bp", "blake2b-many", "blake2s-many", "blake3-many", "blake2b-tree", "blake3-update")]
CONFIGS = [("default", {}), ("TieredCompilation=0", {"DOTNET_TieredCompilation": "0"})]


def size_label(size):
    return f"{size // MIB} MiB" if size >= MIB else f"{size // KIB} KiB" if size >= KIB else f"{size} B"


def run_case(program, case, env):
    algorithm, size, calls = case
    # A .dll runs on the installed runtime; anything else is a self-contained build's own launcher
    # (bench/cross-cpu.sh's machines have no SDK).
    launcher = ["dotnet", str(program)] if str(program).endswith(".dll") else [str(program)]
    out = subprocess.run(launcher + [algorithm, str(size), str(calls)], env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    values = [float(x) for x in out]
    # A program built before the third call was printed (7 values) prints 6.
    return values + [float("nan")] * (7 - len(values))


def micro(ms):
    us = ms * 1000
    return f"{us:.2f} us" if us < 10 else f"{us:.1f} us" if us < 1000 else f"{ms:.2f} ms"


def median(values):
    return statistics.median(values)


def tool_rows(args):
    rows = []
    commands = {"framework-dependent (dotnet b2fast.dll)": ["dotnet", str(ROOT / "src/Blake2Fast.Tool/bin/Release/net10.0/b2fast.dll")],
                "Native AOT": [args.aot]}
    times = {k: [] for k in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            start = time.perf_counter()
            subprocess.run(cmd + ["-a", "blake3", args.tool_file], check=True, capture_output=True)
            times[name].append(time.perf_counter() - start)
    for name, values in times.items():
        rows.append(f"| `b2fast -a blake3`, {name} | {median(values) * 1000:.1f} ms | {min(values) * 1000:.1f} | {max(values) * 1000:.1f} |")
    return rows


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--runs", type=int, default=10)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--tool-file")
    parser.add_argument("--aot")
    parser.add_argument("--only", help="comma-separated algorithms to run (blake2b, blake2s, blake3, blake3net; "
                        "also blake2bp, blake2b-many, blake2s-many, blake3-many, blake2b-tree, blake3-update, which only run when named)")
    parser.add_argument("--program", action="append", default=[], metavar="LABEL=DLL",
                        help="a build of Blake2Fast.ColdStart.dll, or a self-contained build's launcher, to time (repeatable; default: this tree's)")
    parser.add_argument("--runtime", default="?", help="the runtime's version, where no dotnet command reports it (a self-contained build)")
    parser.add_argument("--commit", help="the commit measured, where the tree is no git checkout")
    args = parser.parse_args(argv)
    programs = [tuple(p.split("=", 1)) for p in args.program] or [("", str(PROGRAM))]
    for label, program in programs:
        if not Path(program).exists():
            print(f"cold-start.py: build it first: dotnet build -c Release bench/Blake2Fast.ColdStart ({program} missing)", file=sys.stderr)
            return 1
    cases = [c for c in CASES if not args.only or c[0] in args.only.split(",")]
    cases += [c for c in EXTRA_CASES if args.only and c[0] in args.only.split(",")]
    cases.append(FLOOR_CASE)
    # Blake3.NET's code and the floor are the same in every build of the program: they run with the first one only.
    rows = [(label, program, case) for case in cases for i, (label, program) in enumerate(programs)
            if i == 0 or case[0] not in ("blake3net", "none")]
    samples = {(cfg, row): [] for cfg, _ in CONFIGS for row in rows}
    base_env = dict(os.environ)
    for _ in range(args.runs):
        for cfg, extra in CONFIGS:
            env = dict(base_env, **extra)
            for row in rows:
                samples[(cfg, row)].append(run_case(row[1], row[2], env))

    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
    dotnet = subprocess.run(["dotnet", "--list-runtimes"], capture_output=True, text=True).stdout if shutil.which("dotnet") else ""
    runtime = [l.split()[1] for l in dotnet.splitlines() if l.startswith("Microsoft.NETCore.App 10.")][-1:] or [args.runtime]
    commit = args.commit or (subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
                             if shutil.which("git") else "?")
    builds = "; builds: " + ", ".join(f"{label} = {program}" for label, program in programs) if args.program else ""
    lines = [f"Cold start: fresh processes, medians of {args.runs} runs per row (cases interleaved), "
             f"{cpu}, {os.cpu_count()} cores, .NET {runtime[0] if runtime else '?'}, at {commit}{builds}; "
             "measured by bench/cold-start.py.", "",
             "First-call JIT: the methods the JIT compiled during the first call and the time it spent (System.Runtime.JitInfo, median).",
             "Net / TC=0: the loop totals less the program's own cost per call (the last row's loop total over its calls, "
             "in each configuration: its tier-0 loop and lambda), the library's part of the loop against the same under TieredCompilation=0.", "",
             "| algorithm | size x calls | first call | first-call JIT | second call | third call | steady call | second / steady | second call, TC=0 | loop total | loop total, TC=0 | total / TC=0 | net / TC=0 |",
             "|:---|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    names = {"blake2b": "Blake2Fast BLAKE2b", "blake2s": "Blake2Fast BLAKE2s", "blake3": "Blake2Fast BLAKE3",
             "blake3net": "Blake3.NET 3.0.2 (managed)", "blake2bp": "Blake2Fast BLAKE2bp",
             "blake2b-many": "Blake2Fast BLAKE2b HashMany, 64 B messages", "blake2s-many": "Blake2Fast BLAKE2s HashMany, 64 B messages",
             "blake3-many": "Blake2Fast BLAKE3 HashMany, 64 B messages",
             "blake2b-tree": "Blake2Fast BLAKE2b HashTree, 4 KiB leaves, 1 thread", "blake3-update": "Blake2Fast BLAKE3 incremental, 4 KiB updates",
             "none": "the program alone (no library: clears 32 bytes)"}
    floor = next(row for row in rows if row[2] == FLOOR_CASE)
    floor_default = median([s[2] for s in samples[("default", floor)]]) / FLOOR_CASE[2]
    floor_tc0 = median([s[2] for s in samples[("TieredCompilation=0", floor)]]) / FLOOR_CASE[2]
    for row in rows:
        label, _, case = row
        d = [median([s[i] for s in samples[("default", row)]]) for i in range(7)]
        t = [median([s[i] for s in samples[("TieredCompilation=0", row)]]) for i in range(7)]
        name = names[case[0]] + (f" ({label})" if label and case[0] not in ("blake3net", "none") else "")
        per_steady = f"{d[1] / d[3]:.2f}" if d[3] > 0 else "n/a"
        net = "n/a" if case == FLOOR_CASE else f"{(d[2] - case[2] * floor_default) / (t[2] - case[2] * floor_tc0):.2f}"
        lines.append(f"| {name} | {size_label(case[1])} x {case[2]} | {d[0]:.1f} ms | {d[4]:.0f} in {d[5]:.1f} ms | {micro(d[1])} | "
                     f"{'n/a' if math.isnan(d[6]) else micro(d[6])} | {micro(d[3])} | {per_steady} | {micro(t[1])} | {d[2]:.1f} ms | {t[2]:.1f} ms | {d[2] / t[2]:.2f} | {net} |")
    if args.tool_file and args.aot:
        lines += ["", f"Whole processes on {args.tool_file} ({os.path.getsize(args.tool_file) // MIB} MiB), medians of {args.runs}, alternating:", "",
                  "| command | median | min | max |", "|:---|---:|---:|---:|", *tool_rows(args)]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
