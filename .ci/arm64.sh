#!/usr/bin/env bash
# ARM64 under emulation (qemu-user; correct, not timing-faithful):
# 1. the library test suite (xunit v3, its own executable), built self-contained for
#    linux-arm64 and run twice under qemu-aarch64, the Kernel tests (.ci/legs.sh): AdvSimd on (leg
#    arm64) and DOTNET_EnableHWIntrinsic=0 (leg arm64-scalar: the dispatch checks and the official
#    vectors' classes, not every Kernel test). DispatchTests check the architecture
#    and every dispatcher's pick there. Not the Build tests: the net10.0 build is the same IL on
#    both architectures (the x64 legs run them against it), what ARM64 changes is the JIT's code
#    for the kernels, and under emulation every test costs 20-50 times its x64 time.
# 2. the b2fast tool's framework-dependent package (Blake2Fast.Tool.any, IL only) run on an arm64
#    .NET runtime laid out from the runtime pack, through an arm64 launcher made the way `dotnet
#    tool install` makes one (the apphost template with the tool's file name), against coreutils
#    b2sum on a few files.
# On a fresh Debian 12 x64 machine (root) it installs qemu-user-static and the arm64 libraries.
# Under qemu 7.2 .NET's W^X double mapping crashes (SIGSEGV after test discovery), so it is off;
# ICU is not installed for arm64, so globalization is invariant.
# usage: arm64.sh OUT_DIR TOOL_PACKAGE_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-artifacts/ci}")
tool_packages=$(realpath "${2:-artifacts/ci/tool}")
start=$(date +%s)

echo "== arm64: qemu-user-static and the arm64 libraries"
if ! command -v qemu-aarch64-static >/dev/null || [ ! -e /lib/ld-linux-aarch64.so.1 ] || ! dpkg -s libssl3:arm64 >/dev/null 2>&1; then
  dpkg --print-foreign-architectures | grep -qx arm64 || dpkg --add-architecture arm64
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static \
    libc6:arm64 libstdc++6:arm64 libgcc-s1:arm64 zlib1g:arm64 libssl3:arm64 >/dev/null
fi
qemu-aarch64-static --version | head -1
# For the emulated processes only: the SDK itself must keep its globalization (in invariant mode it
# rejects packages' satellite-resource cultures, NETSDK1188).
emulated=(env DOTNET_EnableWriteXorExecute=0 DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 qemu-aarch64-static)

echo "== arm64: the test suite, self-contained linux-arm64"
dotnet build tests/Blake2Fast.Tests -c Release -p:Blake2FastTestRuntime=linux-arm64 -p:Blake2FastLibraryBuild=net10.0 -warnaserror -clp:ErrorsOnly
suite=artifacts/lib-net10.0/Blake2Fast.Tests/bin/Release/net10.0/linux-arm64/Blake2Fast.Tests
# ELF machine 0xB7 is AArch64.
python3 -c "import sys; h = open(sys.argv[1], 'rb').read(20); sys.exit(h[:4] != b'\x7fELF' or int.from_bytes(h[18:20], 'little') != 0xB7)" "$suite" \
  || { echo "$suite is not an arm64 executable" >&2; exit 1; }
source .ci/legs.sh
for leg in "arm64|" "arm64-scalar|DOTNET_EnableHWIntrinsic=0"; do
  name=${leg%%|*}
  knobs=${leg#*|}
  # xunit v3's own runner (.ci/legs.sh says which tests carry the trait). With the intrinsics off,
  # every dispatcher picks the scalar kernels, whose logic the x64 scalar legs test in full: here
  # the dispatch checks and each family's official vectors through those kernels show that the
  # ARM64 JIT's code for them is right, at a tenth of the Kernel tests' time under emulation.
  traits=("${kernel_args[@]}")
  if [ "$name" = arm64-scalar ]; then
    traits=()
    for class in DispatchTests KnownAnswerTests KatEveryKernelTests ParameterVectorTests Blake3Tests BaoVectorTests Argon2VectorTests Blake2bCompressionTests HmacTests; do
      traits+=(-class "Blake2Fast.Tests.$class")
    done
  fi
  echo "== arm64: tests, leg '$name' (${knobs:-AdvSimd on}): ${traits[*]}"
  run_suite "$out/$name" "$name" \
    env $knobs BLAKE2FAST_EXPECTED_ISA="$name" BLAKE2FAST_EXPECTED_BUILD=net10.0 BLAKE2FAST_EXPECTED_RUNTIME=10 \
    "${emulated[@]}" "$suite" "${traits[@]}"
done

echo "== arm64: the b2fast tool's framework-dependent package on an arm64 .NET runtime"
echo "(the tool's own test project, tests/Blake2Fast.Tool.Tests, runs on x64 only: it drives the x86-64 Native AOT builds and their CPUID hand-over, which do not exist for arm64; here the tool is checked against b2sum instead)"
packages=$(dotnet nuget locals global-packages -l | sed 's/^global-packages: //')
version=$(dotnet --list-runtimes | awk '/Microsoft.NETCore.App 10\./ {v=$2} END {print v}')
pack="$packages/microsoft.netcore.app.runtime.linux-arm64/$version/runtimes/linux-arm64"
host="$packages/microsoft.netcore.app.host.linux-arm64/$version/runtimes/linux-arm64/native/apphost"
[ -d "$pack" ] && [ -f "$host" ] || { echo "the linux-arm64 runtime and host packs $version were not restored" >&2; exit 1; }
root="$out/arm64-dotnet"
rm -rf "$root" "$out/arm64-tool"
mkdir -p "$root/host/fxr/$version" "$root/shared/Microsoft.NETCore.App/$version" "$out/arm64-tool"
cp "$pack/native/libhostfxr.so" "$root/host/fxr/$version/"
cp "$pack"/lib/net10.0/* "$pack"/native/* "$root/shared/Microsoft.NETCore.App/$version/"
any=$(ls "$tool_packages"/Blake2Fast.Tool.any.*.nupkg)
python3 - "$any" "$host" "$out/arm64-tool" <<'PY'
import sys, zipfile, os, stat
package, template, target = sys.argv[1:]
with zipfile.ZipFile(package) as z:
    for name in z.namelist():
        if name.startswith("tools/net10.0/any/"):
            with open(os.path.join(target, os.path.basename(name)), "wb") as f:
                f.write(z.read(name))
# The apphost template names its application with a fixed placeholder (the SHA-256 of "foobar");
# the SDK, and dotnet tool install, write the application's file name over it.
placeholder = b"c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2"
data = open(template, "rb").read()
assert data.count(placeholder) == 1, "apphost placeholder not found exactly once"
data = data.replace(placeholder, b"b2fast.dll".ljust(len(placeholder), b"\0"))
launcher = os.path.join(target, "b2fast")
open(launcher, "wb").write(data)
os.chmod(launcher, os.stat(launcher).st_mode | stat.S_IEXEC)
PY
python3 -c "import random; random.seed(11); [open('$out/arm64-tool/sample%d.bin' % n, 'wb').write(random.randbytes(n)) for n in (0, 1, 127, 128, 129, 1048576 + 7)]"
for f in "$out"/arm64-tool/sample*.bin; do
  expected=$(b2sum "$f")
  actual=$(DOTNET_ROOT="$root" "${emulated[@]}" "$out/arm64-tool/b2fast" "$f")
  [ "$actual" = "$expected" ] || { echo "arm64 b2fast printed '$actual', b2sum '$expected'" >&2; exit 1; }
done
expected=$(b2sum -l 256 "$out"/arm64-tool/sample*.bin)
actual=$(DOTNET_ROOT="$root" "${emulated[@]}" "$out/arm64-tool/b2fast" -l 256 "$out"/arm64-tool/sample*.bin)
[ "$actual" = "$expected" ] || { echo "arm64 b2fast -l 256 differs from b2sum" >&2; exit 1; }
echo "arm64 b2fast ($(DOTNET_ROOT="$root" "${emulated[@]}" "$out/arm64-tool/b2fast" --version | head -1)): BLAKE2b-512 and -256 of 6 files match coreutils b2sum"
echo "== arm64: done in $(( $(date +%s) - start )) s"
