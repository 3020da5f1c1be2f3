#!/usr/bin/env python3
"""Checks that the NuGet package carries what the project promises: every build (net10.0, net8.0,
netstandard2.1, netstandard2.0) with its XML documentation, the dependency groups (none for the
.NET builds; System.Memory and System.Threading.Tasks.Extensions for netstandard2.0;
System.Runtime.CompilerServices.Unsafe for netstandard2.1), README, MIT license expression, and a
symbols package beside it."""
import glob
import re
import sys
import zipfile

folder = sys.argv[1]
packages = [p for p in glob.glob(f"{folder}/Blake2Fast.*.nupkg") if not p.endswith(".snupkg")]
symbols = glob.glob(f"{folder}/Blake2Fast.*.snupkg")
errors = []
if len(packages) != 1:
    errors.append(f"expected one Blake2Fast .nupkg, found {packages}")
if len(symbols) != 1:
    errors.append(f"expected one symbols package (.snupkg), found {symbols}")
if packages:
    with zipfile.ZipFile(packages[0]) as z:
        names = z.namelist()
        nuspec = z.read(next(n for n in names if n.endswith(".nuspec"))).decode()
        builds = ("net10.0", "net8.0", "netstandard2.1", "netstandard2.0")
        required = ["readme.md"] + [f"lib/{b}/Blake2Fast.{ext}" for b in builds for ext in ("dll", "xml")]
        for name in required:
            if name not in names:
                errors.append(f"{packages[0]} lacks {name}")
        extra = sorted({n.split("/")[1] for n in names if n.startswith("lib/")} - set(builds))
        if extra:
            errors.append(f"unexpected lib folders {extra}")
        expected_groups = {
            "net10.0": set(),
            "net8.0": set(),
            ".NETStandard2.1": {"System.Runtime.CompilerServices.Unsafe"},
            ".NETStandard2.0": {"System.Memory", "System.Threading.Tasks.Extensions"},
        }
        groups = {m.group(1): set(re.findall(r'<dependency id="([^"]+)"', m.group(2) or ""))
                  for m in re.finditer(r'<group targetFramework="([^"]+)"\s*(?:/>|>(.*?)</group>)', nuspec, re.S)}
        if groups != expected_groups:
            errors.append(f"dependency groups are {groups}, expected {expected_groups}")
        if '<license type="expression">MIT</license>' not in nuspec:
            errors.append("nuspec lacks the MIT license expression")
        if "<readme>readme.md</readme>" not in nuspec:
            errors.append("nuspec does not point at the README")
for e in errors:
    print("package check:", e, file=sys.stderr)
if errors:
    sys.exit(1)
print(f"package check: {packages[0]} and {symbols[0]} are complete")
