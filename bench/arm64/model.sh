#!/usr/bin/env bash
# Models the library's ARM64 kernels: publishes the conformance program self-contained for
# linux-arm64, runs it under qemu-aarch64 with the JIT printing the kernels it compiles (fully
# optimized, DOTNET_TieredCompilation=0), and feeds each kernel's hot loop to llvm-mca (mca.py).
# Needs what .ci/arm64.sh installs, plus Debian's llvm (llvm-mca). The output is a model of
# throughput on those CPUs, not a measurement: qemu is not timing-faithful.
# usage: bench/arm64/model.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(realpath -m "${1:-/tmp/blake2fast-arm64-model}")
mkdir -p "$out"
dotnet publish tests/Blake2Fast.Conformance -f net10.0 -p:ConformanceRuntime=linux-arm64 -c Release -o "$out/conformance" -clp:ErrorsOnly
rm -f "$out/jit.txt"
DOTNET_EnableWriteXorExecute=0 DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_TieredCompilation=0 \
  DOTNET_JitDisasm="Compress CompressStripes" DOTNET_JitStdOutFile="$out/jit.txt" \
  qemu-aarch64-static "$out/conformance/Blake2Fast.Conformance" | tail -1
python3 bench/arm64/mca.py "$out/jit.txt" cortex-a72 neoverse-n1 neoverse-v1 cyclone apple-m1 a64fx | tee "$out/model.txt"
