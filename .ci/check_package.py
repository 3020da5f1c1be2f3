#!/usr/bin/env python3
"""Checks that the NuGet package carries what the project promises: README, MIT license expression,
XML documentation, and a symbols package beside it."""
import glob
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
        for required in ("readme.md", "lib/net10.0/Blake2Fast.dll", "lib/net10.0/Blake2Fast.xml"):
            if required not in names:
                errors.append(f"{packages[0]} lacks {required}")
        if '<license type="expression">MIT</license>' not in nuspec:
            errors.append("nuspec lacks the MIT license expression")
        if "<readme>readme.md</readme>" not in nuspec:
            errors.append("nuspec does not point at the README")
for e in errors:
    print("package check:", e, file=sys.stderr)
if errors:
    sys.exit(1)
print(f"package check: {packages[0]} and {symbols[0]} are complete")
