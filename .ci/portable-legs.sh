#!/usr/bin/env bash
# The netstandard2.1 and netstandard2.0 builds of the library, each under the whole test suite on
# the .NET 10 runtime (the test project references that build with -p:Blake2FastLibraryBuild).
# Both builds have only scalar kernels, so one leg each: with all instruction sets on, the
# dispatch tests check that every dispatcher still picks its scalar kernel (the leg named is the
# widest this CPU runs). The loaded build is
# asserted through BLAKE2FAST_EXPECTED_BUILD. Called by .ci/run with its output folder.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-artifacts/ci}
source .ci/cpu.sh
source .ci/legs.sh

for build in netstandard2.1 netstandard2.0; do
  # Coverage from the netstandard2.0 leg only: both builds compile the same Portable/ kernels, and
  # coverlet's instrumentation makes a leg several times slower.
  if [ "$build" = netstandard2.0 ]; then coverage=(--collect "XPlat Code Coverage"); else coverage=(); fi
  echo "== Kernel and Build tests against the $build build, on .NET $(dotnet --list-runtimes | awk '/Microsoft.NETCore.App/ {v=$2} END {print v}')"
  dotnet build tests/Blake2Fast.Tests -c Release -p:Blake2FastLibraryBuild=$build -warnaserror
  BLAKE2FAST_EXPECTED_BUILD=$build BLAKE2FAST_EXPECTED_RUNTIME=10 BLAKE2FAST_EXPECTED_ISA="$(widest_leg)" \
    dotnet test tests/Blake2Fast.Tests -c Release --no-build -p:Blake2FastLibraryBuild=$build --filter "$build_filter" \
      "${coverage[@]}" \
      --results-directory "$out/lib-$build" \
      --logger "trx;LogFilePrefix=lib-$build"
done
