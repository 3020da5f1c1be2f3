#!/usr/bin/env python3
"""Runs every native (Native AOT) build in the linux-x64 tool package and the installed tool.

usage: check_native_builds.py PACKAGE_FOLDER INSTALLED_B2FAST JIT_B2FAST_DLL WORK_FOLDER

- Each build is copied alone into its own folder, so it cannot hand over to a higher build,
  and asked for --version. The runtime refuses to start a build whose instruction sets the
  processor lacks; the highest build that starts is the machine's level.
- Every build that starts hashes the same files (empty, around block and stripe boundaries,
  several MiB) with every algorithm, keyed and unkeyed, and must print exactly what the
  framework-dependent build (code compiled by the JIT) prints; BLAKE2b and BLAKE2s outputs are
  also checked against Python's hashlib.
- Every build that starts also runs the tool's other paths (BSD-style lines, -z, standard input,
  odd file names, a missing file, -c with a corrupted line, bad options) and must print the same
  standard output, standard error and exit status as the JIT-compiled build.
- The installed command must report the machine's level (b2fast handed over to the best build)
  and give the same results for those other paths through the hand-over.
"""
import glob
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import zipfile

packages, installed, jit_dll, work = sys.argv[1:5]
BUILDS = {2: "b2fast", 3: "b2fast-x86-64-v3", 4: "b2fast-x86-64-v4"}
KEY = bytes(range(1, 40))
errors = []

shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
with zipfile.ZipFile(glob.glob(f"{packages}/Blake2Fast.Tool.linux-x64.[0-9]*.nupkg")[0]) as z:
    z.extractall(f"{work}/package")

rng = random.Random(22)
files = []
for size in (0, 1, 63, 64, 127, 128, 129, 511, 512, 513, 2047, 2048, 2049, 65536, 1048576 + 333, 3 * 1048576 + 5):
    path = f"{work}/input-{size}.bin"
    with open(path, "wb") as f:
        f.write(rng.randbytes(size))
    files.append(path)

# (arguments, hashlib function or None) for each algorithm run.
runs = [
    (["-a", "blake2b"], lambda d: hashlib.blake2b(d).hexdigest()),
    (["-a", "blake2b", "-l", "256", "--key", KEY.hex()], lambda d: hashlib.blake2b(d, digest_size=32, key=KEY).hexdigest()),
    (["-a", "blake2s"], lambda d: hashlib.blake2s(d).hexdigest()),
    (["-a", "blake2s", "--key", KEY[:32].hex()], lambda d: hashlib.blake2s(d, key=KEY[:32]).hexdigest()),
    (["-a", "blake2bp"], None),
    (["-a", "blake2bp", "--key", KEY[:64].hex()], None),
    (["-a", "blake2sp"], None),
    (["-a", "blake2xb", "-l", "8000"], None),
    (["-a", "blake2xs", "-l", "2056", "--key", KEY[:32].hex()], None),
]


def run(command, args, stdin=b""):
    return subprocess.run(command + args, input=stdin, capture_output=True)


# Paths beyond plain hashing: (arguments, standard input). Compared whole: stdout, stderr, status.
odd = f"{work}/odd \\ name\nwith newline.bin"
with open(odd, "wb") as f:
    f.write(b"odd")
latin1 = work.encode() + b"/\xffname.bin"   # not UTF-8: must reach open(2) and the output as these bytes
with open(latin1, "wb") as f:
    f.write(b"latin-1")
sums = f"{work}/SUMS"
with open(sums, "w") as f:
    lines = subprocess.run(["dotnet", jit_dll] + files[:4], capture_output=True, check=True).stdout.decode().splitlines()
    lines[1] = lines[1].replace(lines[1][:8], "00000000", 1)
    f.write("\n".join(lines + ["not a checksum line"]) + "\n")
behaviours = [
    (["--tag", "-l", "256", files[0], files[5], odd], b""),
    ([latin1, work.encode() + b"/\xffmissing"], b""),
    (["-z", "-a", "blake2sp", files[3], odd], b""),
    (["-a", "blake2s", "-l", "128", "-"], b"from standard input"),
    ([f"{work}/missing.bin", files[1]], b""),
    (["-c", sums], b""),
    (["-c", "--quiet", "--strict", sums], b""),
    (["-c", "--status", "-"], open(sums, "rb").read()),
    (["--bogus"], b""),
    (["-l", "7", files[1]], b""),
    (["-a", "blake2xb", "-l", "1024", "--salt", "00112233", "--personal", "@" + files[4], files[6]], b""),
]
behaviour_reference = [run(["dotnet", jit_dll], args, stdin) for args, stdin in behaviours]


def check_behaviours(label, command):
    """Runs every behaviour with `command`; each must match the JIT build's output and status."""
    for (args, stdin), expected in zip(behaviours, behaviour_reference):
        result = run(command, args, stdin)
        if (result.returncode, result.stdout, result.stderr) != (expected.returncode, expected.stdout, expected.stderr):
            errors.append(f"{label} {args!r}: exit {result.returncode}, {result.stdout!r} {result.stderr!r}; "
                          f"the JIT build: exit {expected.returncode}, {expected.stdout!r} {expected.stderr!r}")


# The reference: the same tool compiled by the JIT, itself checked against hashlib where it can be.
reference = {}
for args, oracle in runs:
    result = run(["dotnet", jit_dll], args + files)
    if result.returncode != 0:
        errors.append(f"JIT build {' '.join(args)} failed: {result.stderr.decode()}")
        continue
    reference[tuple(args)] = result.stdout
    if oracle:
        for line, path in zip(result.stdout.decode().splitlines(), files):
            with open(path, "rb") as f:
                expected = f"{oracle(f.read())}  {path}"
            if line != expected:
                errors.append(f"JIT build {' '.join(args)}: '{line}' but hashlib says '{expected}'")

machine_level = 0
for level, name in BUILDS.items():
    alone = f"{work}/level-{level}/{name}"
    os.makedirs(os.path.dirname(alone))
    shutil.copy(f"{work}/package/tools/any/linux-x64/{name}", alone)
    os.chmod(alone, 0o755)
    version = run([alone], ["--version"])
    if version.returncode != 0:
        print(f"native build x86-64-v{level}: does not start here ({version.stderr.decode().strip()})")
        continue
    reported = re.search(rb"compiled ahead of time for x86-64-v(\d)", version.stdout)
    if not reported or int(reported.group(1)) != level:
        errors.append(f"{name} (alone) reports {version.stdout!r}, expected x86-64-v{level}")
    machine_level = level
    for args, _ in runs:
        result = run([alone], args + files)
        if result.returncode != 0 or result.stdout != reference.get(tuple(args)):
            errors.append(f"{name} {' '.join(args)} differs from the JIT build (exit {result.returncode})")
    check_behaviours(name, [alone])
    print(f"native build x86-64-v{level}: {len(runs)} algorithm runs x {len(files)} files and "
          f"{len(behaviours)} other runs match the JIT build")

if machine_level == 0:
    errors.append("no native build starts on this machine")
else:
    version = run([installed], ["--version"]).stdout
    if f"compiled ahead of time for x86-64-v{machine_level}".encode() not in version:
        errors.append(f"the installed b2fast did not hand over to x86-64-v{machine_level}: {version!r}")
    else:
        print(f"installed b2fast runs the x86-64-v{machine_level} build, the highest this machine starts")
    # Through the hand-over: the arguments (an escaped name among them) and standard input must
    # reach the build it starts unchanged.
    check_behaviours("installed b2fast", [installed])
    print(f"installed b2fast: {len(behaviours)} other runs through the hand-over match the JIT build")

for e in errors:
    print("native build check:", e, file=sys.stderr)
sys.exit(1 if errors else 0)
