#!/usr/bin/env python3
"""Checks the b2fast tool packages: the top-level package that `dotnet tool install` resolves,
the linux-x64 package (Native AOT: one x86-64 ELF executable per instruction-set level and
nothing else), and the `any` fallback (framework-dependent IL, not precompiled).

ReadyToRun is read from the assembly itself: the CLI header's ManagedNativeHeader directory is
set only in precompiled images."""
import glob
import struct
import sys
import zipfile

folder = sys.argv[1]
errors = []
NATIVE_BUILDS = ("b2fast", "b2fast-x86-64-v3", "b2fast-x86-64-v4")


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


def is_x64_elf_executable(image):
    """An ELF64 little-endian x86-64 image of type EXEC or DYN (position-independent executable)."""
    if image[:4] != b"\x7fELF" or image[4] != 2 or image[5] != 1:
        return False
    e_type, e_machine = struct.unpack_from("<HH", image, 16)
    return e_machine == 62 and e_type in (2, 3)


top = package("")
if top:
    settings = [n for n in top.namelist() if n.endswith("DotnetToolSettings.xml")]
    text = top.read(settings[0]).decode() if settings else ""
    for rid in ("linux-x64", "any"):
        if f'RuntimeIdentifier="{rid}"' not in text:
            errors.append(f"the top-level package does not point at the {rid} package")

native = package(".linux-x64")
if native:
    prefix = "tools/any/linux-x64/"
    files = sorted(n[len(prefix):] for n in native.namelist() if n.startswith(prefix))
    expected = sorted(NATIVE_BUILDS + ("DotnetToolSettings.xml",))
    if files != expected:
        errors.append(f"the linux-x64 package holds {files}, expected {expected}")
    for name in NATIVE_BUILDS:
        if prefix + name in native.namelist() and not is_x64_elf_executable(native.read(prefix + name)):
            errors.append(f"{prefix}{name} is not an x86-64 ELF executable")
    settings = native.read(prefix + "DotnetToolSettings.xml").decode() if prefix + "DotnetToolSettings.xml" in native.namelist() else ""
    if 'EntryPoint="b2fast" Runner="executable"' not in settings:
        errors.append("the linux-x64 package's entry point is not the native b2fast executable")

fallback = package(".any")
if fallback:
    for name in ("b2fast.dll", "Blake2Fast.dll"):
        path = f"tools/net10.0/any/{name}"
        if path not in fallback.namelist():
            errors.append(f"the any package lacks {path}")
        elif is_ready_to_run(fallback.read(path)):
            errors.append(f"{path} is a ReadyToRun image; the any package should hold plain IL")

for e in errors:
    print("tool package check:", e, file=sys.stderr)
if errors:
    sys.exit(1)
print("tool package check: top-level, linux-x64 (native x86-64-v2/v3/v4 builds) and any (IL) packages are complete")
