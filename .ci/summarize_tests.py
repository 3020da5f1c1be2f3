#!/usr/bin/env python3
"""Adds up the .trx results of every leg and prints one closing line: 'N passed, N failed, N skipped',
followed by the legs that could not run on this CPU (.ci/cpu.sh lists them in legs-not-run.txt).
Before it, per results file, what the contract test and the model-based tests report in their output
(calls of the public surface, model operations), so that the run shows how much each checked."""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

NS = {"t": "http://microsoft.com/schemas/VisualStudio/TeamTest/2010"}
root = sys.argv[1]
passed = failed = skipped = 0
files = sorted(glob.glob(f"{root}/**/*.trx", recursive=True))
for path in files:
    counters = ET.parse(path).getroot().find("t:ResultSummary/t:Counters", NS)
    p, f = int(counters.get("passed")), int(counters.get("failed"))
    s = int(counters.get("total")) - int(counters.get("executed"))
    output = "\n".join(e.text or "" for e in ET.parse(path).getroot().iter(f"{{{NS['t']}}}StdOut"))
    checked = []
    contract = re.search(r"([\d,]+) calls of ([\d,]+) public members", output)
    if contract:
        checked.append(f"contract: {contract.group(1)} calls of {contract.group(2)} public members")
    model = [int(n.replace(",", "")) for n in re.findall(r": ([\d,]+) operations in [\d,]+ cases", output)]
    if model:
        checked.append(f"model: {sum(model):,} operations")
    print(f"{path}: {p} passed, {f} failed, {s} skipped" + (f" ({'; '.join(checked)})" if checked else ""))
    passed, failed, skipped = passed + p, failed + f, skipped + s
if not files or passed == 0:
    print("no test results found", file=sys.stderr)
    sys.exit(1)
not_run_file = os.path.join(root, "legs-not-run.txt")
not_run = open(not_run_file).read().split() if os.path.exists(not_run_file) else []
suffix = f"; legs NOT RUN (this CPU lacks their instruction set): {', '.join(not_run)}" if not_run else ""
print(f"{passed} passed, {failed} failed, {skipped} skipped{suffix}")
sys.exit(1 if failed else 0)
