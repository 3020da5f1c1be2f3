#!/usr/bin/env python3
"""Merges the coverlet (Cobertura) reports of every instruction-set leg and checks that every compress
kernel source file was exercised: each file under src/*/Kernels/ must have at least MIN_PERCENT of its
lines hit by some leg. The dispatchers (*Kernels.cs) are listed but not held to that bar: their
per-leg branches are checked by the dispatch test instead. Prints a table of per-leg and combined line coverage for the kernels.

usage: check_coverage.py [--without-avx512] ARTIFACT_DIR LEG [LEG ...]
       (coverage files are ARTIFACT_DIR/LEG/**/coverage.cobertura.xml)

--without-avx512: the CPU lacks AVX-512, so the AVX-512 legs did not run (.ci/cpu.sh); the kernel
files that only AVX-512 runs (a name with "512" in it) are listed as not checked instead of failing.
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

MIN_PERCENT = 80.0

args = sys.argv[1:]
without_avx512 = bool(args) and args[0] == "--without-avx512"
if without_avx512:
    args = args[1:]
root, legs = args[0], args[1:]
hits_by_leg = {}          # leg -> {(file, line): hit?}
errors = []
for leg in legs:
    reports = glob.glob(f"{root}/{leg}/**/coverage.cobertura.xml", recursive=True)
    if not reports:
        errors.append(f"leg '{leg}' produced no coverage report")
        continue
    lines = {}
    for report in reports:
        tree = ET.parse(report).getroot()
        sources = [s.text or "" for s in tree.iter("source")]
        for cls in tree.iter("class"):
            filename = cls.get("filename").replace("\\", "/")
            if not os.path.isabs(filename) and sources:
                filename = os.path.join(sources[0], filename)
            if "/Kernels/" not in filename:
                continue
            key_file = filename[filename.index("/src/") + 1:] if "/src/" in filename else filename
            for line in cls.iter("line"):
                key = (key_file, int(line.get("number")))
                lines[key] = lines.get(key, False) or int(line.get("hits")) > 0
    if not lines:
        errors.append(f"leg '{leg}' produced coverage reports without a single kernel line (the library was not instrumented)")
    hits_by_leg[leg] = lines

files = sorted({f for lines in hits_by_leg.values() for (f, _) in lines})
if not files:
    errors.append("no kernel source files found in the coverage reports")

def percent(lines, f):
    mine = [hit for (name, _), hit in lines.items() if name == f]
    return 100.0 * sum(mine) / len(mine) if mine else 0.0

header = f"{'kernel file':60} " + " ".join(f"{leg:>7}" for leg in hits_by_leg) + "   all legs"
print(header)
for f in files:
    combined = defaultdict(bool)
    for lines in hits_by_leg.values():
        for (name, number), hit in lines.items():
            if name == f:
                combined[number] |= hit
    total = 100.0 * sum(combined.values()) / len(combined)
    row = " ".join(f"{percent(lines, f):6.1f}%" for lines in hits_by_leg.values())
    print(f"{f:60} {row}   {total:6.1f}%")
    if without_avx512 and "512" in os.path.basename(f):
        print(f"    NOT CHECKED: {os.path.basename(f)} runs only on AVX-512, which this CPU lacks")
        continue
    if total < MIN_PERCENT and not f.endswith("Kernels.cs"):
        errors.append(f"{f}: only {total:.1f}% of its lines ran in any leg (minimum {MIN_PERCENT}%)")

for e in errors:
    print("coverage check:", e, file=sys.stderr)
sys.exit(1 if errors else 0)
