#!/usr/bin/env python3
"""Checks the b2fast tool packages that `dotnet pack` made: the top-level package that
`dotnet tool install` resolves, a linux-x64 package whose assemblies are ReadyToRun images (the
point of that package: start-up without compiling the tool), and the `any` fallback with plain IL.

ReadyToRun is read from the assembly itself: the CLI header's ManagedNativeHeader directory is
set only in precompiled images."""
import glob
import struct
import sys
import zipfile

folder = sys.argv[1]
errors = []


def package(suffix):
    found = glob.glob(f"{folder}/Blake2Fast.Tool{suffix}.[0-9]*.nupkg")
    if len(found) != 1:
        errors.append(f"expected one Blake2Fast.Tool{suffix} package, found {found}")
        return None
    return zipfile.ZipFile(found[0])


def is_ready_to_run(image):
    """True when the PE image's CLI header has a ManagedNativeHeader (a ReadyToRun image)."""
    pe = struct.unpack_from("<I", image, 0x3C)[0]
    if image[pe:pe + 4] != b"PE\0\0":
        raise ValueError("not a PE image")
    sections = struct.unpack_from("<H", image, pe + 6)[0]
    optional_size = struct.unpack_from("<H", image, pe + 20)[0]
    optional = pe + 24
    magic = struct.unpack_from("<H", image, optional)[0]
    directories = optional + (96 if magic == 0x10B else 112)
    cli_rva = struct.unpack_from("<I", image, directories + 14 * 8)[0]
    table = optional + optional_size

    def offset(rva):
        for i in range(sections):
            s = table + i * 40
            size, address, _, raw = struct.unpack_from("<IIII", image, s + 8)
            if address <= rva < address + max(size, 1):
                return rva - address + raw
        raise ValueError(f"RVA {rva:#x} is in no section")

    cli = offset(cli_rva)
    native_rva, native_size = struct.unpack_from("<II", image, cli + 64)
    return native_rva != 0 and native_size != 0


top = package("")
if top:
    settings = [n for n in top.namelist() if n.endswith("DotnetToolSettings.xml")]
    text = top.read(settings[0]).decode() if settings else ""
    for rid in ("linux-x64", "any"):
        if f'RuntimeIdentifier="{rid}"' not in text:
            errors.append(f"the top-level package does not point at the {rid} package")

for rid, precompiled in (("linux-x64", True), ("any", False)):
    z = package(f".{rid}")
    if not z:
        continue
    for name in ("b2fast.dll", "Blake2Fast.dll"):
        path = f"tools/net10.0/{rid}/{name}"
        if path not in z.namelist():
            errors.append(f"the {rid} package lacks {path}")
            continue
        if is_ready_to_run(z.read(path)) != precompiled:
            errors.append(f"{path} is {'not ' if precompiled else ''}a ReadyToRun image")

for e in errors:
    print("tool package check:", e, file=sys.stderr)
if errors:
    sys.exit(1)
print("tool package check: top-level, linux-x64 (ReadyToRun) and any packages are complete")
