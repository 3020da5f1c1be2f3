#!/usr/bin/env bash
# Runs the Orleans sample's tests (or one class of them) many times in a row with every core kept
# busy by other work, and counts the runs that failed: a test that depends on timing shows itself
# here long before it fails one CI run in twenty. Not part of CI (50 runs take about ten minutes).
#
#   samples/Blake2Fast.Orleans/repeat-tests.sh [RUNS] [FILTER]
#     RUNS    how many runs (default 50)
#     FILTER  a dotnet test filter (default: the silo-failure tests, FullyQualifiedName~SiloFailureTests)
#
# Every failed run's output is kept in $TMPDIR/orleans-repeat/run-N.log.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-50}
filter=${2:-FullyQualifiedName~SiloFailureTests}
logs=${TMPDIR:-/tmp}/orleans-repeat
rm -rf "$logs"
mkdir -p "$logs"

dotnet build samples/Blake2Fast.Orleans/Blake2Fast.Orleans.Tests -c Release -clp:ErrorsOnly

# One busy loop per core, at the tests' own priority: the silos' threads then share every core,
# as on a CI machine that runs other builds.
busy=()
for _ in $(seq "$(nproc)"); do
  ( while :; do :; done ) &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT

passed=0
failed=0
for run in $(seq "$runs"); do
  if dotnet test samples/Blake2Fast.Orleans/Blake2Fast.Orleans.Tests -c Release --no-build --filter "$filter" >"$logs/run-$run.log" 2>&1; then
    passed=$((passed + 1))
    rm "$logs/run-$run.log"
  else
    failed=$((failed + 1))
    echo "run $run failed: $logs/run-$run.log" >&2
  fi
done

echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, every core busy, filter $filter"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
