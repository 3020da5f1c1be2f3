#!/usr/bin/env python3
"""Models the throughput of the library's ARM64 round loops with llvm-mca.

Reads a DOTNET_JitStdOutFile listing of the arm64 JIT (taken under qemu-user by model.sh), cuts out
each kernel's hot loop (the largest region between a label and a backward branch to it, or the
innermost one where the kernel loops over rounds), strips the JIT's labels, comments and branches,
and runs llvm-mca on it for each CPU model. Prints cycles per iteration of the loop and what that
means per 128-byte (BLAKE2b) or 64-byte (BLAKE2s) block, so the kernels can be compared.

usage: mca.py LISTING [CPU ...]
"""
import re
import subprocess
import sys

listing = open(sys.argv[1]).read()
cpus = sys.argv[2:] or ["cortex-a72", "neoverse-n1", "cyclone", "apple-m1", "neoverse-v1"]

# kernel method, how many iterations of its hot loop make one block or stripe, bytes per block or stripe
KERNELS = [
    ("Blake2bScalar:Compress", 1, 128, "BLAKE2b scalar (one 128-byte block per iteration, 12 rounds unrolled)"),
    ("Blake2sScalar:Compress", 1, 64, "BLAKE2s scalar (one 64-byte block per iteration, 10 rounds unrolled)"),
    ("Blake2LaneVector128`1[ulong],System.Runtime.Intrinsics.Vector128`1[ulong]]:CompressStripes", 2 * 12, 4 * 128, "BLAKE2bp Vector128 (one round of two lanes per iteration; 12 rounds x 2 halves per 512-byte stripe; message loads and feed-forward not counted)"),
    ("Blake2LaneVector128`1[uint],System.Runtime.Intrinsics.Vector128`1[uint]]:CompressStripes", 2 * 10, 8 * 64, "BLAKE2sp Vector128 (one round of four lanes per iteration; 10 rounds x 2 halves per 512-byte stripe; message loads and feed-forward not counted)"),
]


def method_body(name):
    for part in re.split(r"(?=; Assembly listing for method )", listing):
        header = part.split("\n", 1)[0]
        if name in header and "FullOpts" in header or name in header and "Tier1" in header:
            return part
    raise SystemExit(f"{name} is not in the listing")


def loop(body):
    lines = body.split("\n")
    labels = {m.group(1): i for i, l in enumerate(lines) if (m := re.match(r"^(G_M\d+_IG\d+):", l))}
    loops = []
    for i, l in enumerate(lines):
        m = re.match(r"^\s+(?:b|b\.\w+|cbz|cbnz|tbz|tbnz)\s+(?:[^,]+,\s*)*(G_M\d+_IG\d+)", l)
        if m and m.group(1) in labels and labels[m.group(1)] < i:
            loops.append((labels[m.group(1)], i))
    if not loops:
        raise SystemExit("no backward branch")
    # The hot loop: the largest loop that holds no other loop (the unrolled block loop of the
    # scalar kernels, the round loop of the lane kernels).
    innermost = [r for r in loops if not any(o != r and r[0] <= o[0] and o[1] <= r[1] for o in loops)]
    start, end = max(innermost, key=lambda r: r[1] - r[0])
    code = []
    for l in lines[start:end + 1]:
        l = l.split("//")[0].split(";")[0].rstrip()
        if not re.match(r"^\s+[a-z]", l):
            continue
        if re.match(r"^\s+(b|b\.\w+|cbz|cbnz|tbz|tbnz|bl|blr|ret)\s", l + " "):
            continue
        code.append(l.strip())
    return code


for method, per_stripe, stripe_bytes, what in KERNELS:
    code = loop(method_body(method))
    print(f"\n{what}: {len(code)} instructions per loop iteration")
    for cpu in cpus:
        run = subprocess.run(["llvm-mca", "-mtriple=aarch64", f"-mcpu={cpu}", "-iterations=200"],
                             input="\n".join(code) + "\n", capture_output=True, text=True)
        if run.returncode != 0:
            print(f"  {cpu:12} llvm-mca failed: {run.stderr.strip().splitlines()[-1] if run.stderr.strip() else run.returncode}")
            continue
        cycles = int(re.search(r"Total Cycles:\s+(\d+)", run.stdout).group(1)) / 200
        ipc = float(re.search(r"IPC:\s+([\d.]+)", run.stdout).group(1))
        no_model = "no scheduling model" in run.stderr
        per_bytes = cycles * per_stripe / stripe_bytes
        print(f"  {cpu:12} {cycles:8.1f} cycles/iteration  IPC {ipc:4.2f}  {per_bytes:5.2f} cycles/byte{'  (no scheduling model: generic)' if no_model else ''}")
