#!/usr/bin/env python3
"""Whole-process timings of b2fast's two input paths beside Debian's b3sum, as the tool README's
"Why reading is the default" table gives them: each command RUNS times in a row after one warm-up
run, median and range of the wall time, median processor time (user + system) of the child.
Usage: python3 bench/tool-read-map.py B2FAST FILE [RUNS]   (FILE: e.g. 1 GiB of random bytes,
read once beforehand so that it is in the page cache; b3sum must be on PATH; a link named b3sum
to B2FAST is made in a temporary folder to time the b3sum personality)."""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

b2fast, path = os.path.abspath(sys.argv[1]), sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 20
link_dir = tempfile.mkdtemp()
as_b3sum = os.path.join(link_dir, "b3sum")
os.symlink(b2fast, as_b3sum)
commands = [
    ("b2fast -a blake3", [b2fast, "-a", "blake3", path]),
    ("b2fast -a blake3 --mmap", [b2fast, "-a", "blake3", "--mmap", path]),
    ("b2fast --tree=1m", [b2fast, "--tree=1m", path]),
    ("b2fast --tree=1m --mmap", [b2fast, "--tree=1m", "--mmap", path]),
    ("b2fast started as b3sum", [as_b3sum, path]),
]
if shutil.which("b3sum"):
    commands += [("b3sum", ["b3sum", path]), ("b3sum --no-mmap", ["b3sum", "--no-mmap", path])]
subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)
for name, command in commands:
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    print(f"{name:26} wall median {statistics.median(wall):.3f} s ({min(wall):.3f}-{max(wall):.3f}), "
          f"cpu median {statistics.median(cpu):.3f} s; max/median {max(wall) / statistics.median(wall):.2f}", flush=True)
shutil.rmtree(link_dir)
