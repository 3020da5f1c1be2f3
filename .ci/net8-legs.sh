#!/usr/bin/env bash
# The net8.0 build of the library on a real .NET 8 runtime. Only the .NET 10 SDK is installed, so
# the test project is built for net8.0 (-p:Blake2FastLibraryBuild=net8.0, which also references the
# library's net8.0 build) as a self-contained linux-x64 application: the .NET 8 runtime pack comes
# from the package source like any package, and the test host runs on it. One leg per instruction
# set, with .NET 8's knob names (verified: each leg's DispatchTests check that the switch took
# effect; LibraryBuildTests check the build and the runtime's major version).
# No coverage here: the net8.0 build compiles the same kernel sources as the net10.0 build, whose
# legs collect it (coverlet's instrumentation of the kernels' loops slows a leg several times).
# Called by .ci/run with its output folder.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-artifacts/ci}
source .ci/cpu.sh
source .ci/legs.sh
build_options=(-c Release -p:Blake2FastLibraryBuild=net8.0 -r linux-x64)

echo "== the net8.0 build: test suite built self-contained on the .NET 8 runtime pack"
dotnet build tests/Blake2Fast.Tests "${build_options[@]}" --self-contained -warnaserror
suite=artifacts/lib-net8.0/Blake2Fast.Tests/bin/Release/net8.0/linux-x64/Blake2Fast.Tests

legs=(
  "avx512|"
  "avx2|DOTNET_EnableAVX512F=0"
  "sse41|DOTNET_EnableAVX2=0"
  "sse2|DOTNET_EnableSSE3=0"
  "scalar|DOTNET_EnableHWIntrinsic=0"
)
for leg in "${legs[@]}"; do
  name=${leg%%|*}
  knobs=${leg#*|}
  if leg_cannot_run "net8-$name" "$name" "$out"; then continue; fi
  # The widest leg runs the Kernel and Build tests, the others the Kernel tests (.ci/legs.sh).
  if [ "$name" = "$(widest_leg)" ]; then filter=("${build_args[@]}"); else filter=("${kernel_args[@]}"); fi
  echo "== tests, .NET 8, leg '$name' (${knobs:-all instruction sets on}): ${filter[*]}"
  # The self-contained suite's own executable (.ci/legs.sh, run_suite): it starts the .NET 8
  # runtime it carries.
  run_suite "$out/net8-$name" "net8-$name" \
    env $knobs BLAKE2FAST_EXPECTED_ISA="$name" BLAKE2FAST_EXPECTED_BUILD=net8.0 BLAKE2FAST_EXPECTED_RUNTIME=8 \
    "$suite" "${filter[@]}"
done
