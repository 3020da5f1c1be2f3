#!/usr/bin/env bash
# The netstandard2.1 and netstandard2.0 builds of the library, each under the whole test suite on
# the .NET 10 runtime (the test project references that build with -p:Blake2FastLibraryBuild).
# Both builds have only scalar kernels, so one leg each: with all instruction sets on, the
# dispatch tests check that every dispatcher still picks its scalar kernel (the leg named is the
# widest this CPU runs). The loaded build is
# asserted through BLAKE2FAST_EXPECTED_BUILD. The netstandard2.0 leg also gives the coverage of the
# portable kernels, from the classes .ci/legs.sh names. Called by .ci/run with its output folder.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-artifacts/ci}
source .ci/cpu.sh
source .ci/legs.sh

for build in netstandard2.1 netstandard2.0; do
  echo "== Kernel and Build tests against the $build build, on .NET $(dotnet --list-runtimes | awk '/Microsoft.NETCore.App/ {v=$2} END {print v}')"
  dotnet build tests/Blake2Fast.Tests -c Release -p:Blake2FastLibraryBuild=$build -warnaserror
  expect=(env BLAKE2FAST_EXPECTED_BUILD=$build BLAKE2FAST_EXPECTED_RUNTIME=10 BLAKE2FAST_EXPECTED_ISA="$(widest_leg)")
  # The tests without coverage through the suite's own executable (.ci/legs.sh, run_suite); the
  # coverage through `dotnet test`, whose collector takes it.
  suite=artifacts/lib-$build/Blake2Fast.Tests/bin/Release/net10.0/Blake2Fast.Tests
  if [ "$build" = netstandard2.0 ]; then
    # Coverage from this leg only (both builds compile the same Portable/ kernels), and here only
    # from the classes that run every kernel (.ci/legs.sh): the leg's other tests first, without
    # it, then those classes with it; each test runs once.
    echo "== the $build build: the tests outside the coverage classes, without coverage"
    run_suite "$out/lib-$build" "lib-$build" "${expect[@]}" "$suite" "${build_args[@]}" "${without_coverage_args[@]}"
    echo "== the $build build: the coverage classes, with coverage"
    "${expect[@]}" dotnet test tests/Blake2Fast.Tests -c Release --no-build -p:Blake2FastLibraryBuild=$build --results-directory "$out/lib-$build" \
      --filter "($build_filter)&$coverage_filter" --collect "XPlat Code Coverage" --logger "trx;LogFilePrefix=lib-$build-coverage"
    coverage_classes_ran "$out/lib-$build" "lib-$build-coverage"
  else
    run_suite "$out/lib-$build" "lib-$build" "${expect[@]}" "$suite" "${build_args[@]}"
  fi
done
