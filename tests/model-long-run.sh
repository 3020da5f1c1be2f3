#!/usr/bin/env bash
# Runs the model-based tests (tests/Blake2Fast.Tests/Model/*ModelTests) again and again, each run
# with a new random seed and more cases than CI's, for as long as asked. Each run's seed is printed
# before it starts, so that a failure can be replayed exactly; the failure message itself also gives
# the smallest failing operation sequence and BLAKE2FAST_MODEL_REPLAY=<case seed> for that one case.
#
#   tests/model-long-run.sh [minutes, default 60] [scale: cases per run relative to CI, default 10]
#
# The environment passes through, so the same loop can run on another instruction set
# (DOTNET_EnableAVX2=0 ...) or, with BLAKE2FAST_LIBRARY_BUILD=netstandard2.0 (or net8.0 etc.), on
# another build of the library.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=${1:-60}
scale=${2:-10}
build_args=(-c Release)
if [ -n "${BLAKE2FAST_LIBRARY_BUILD:-}" ]; then
  build_args+=("-p:Blake2FastLibraryBuild=$BLAKE2FAST_LIBRARY_BUILD")
fi
filter="FullyQualifiedName~ModelTests"
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

dotnet build tests/Blake2Fast.Tests "${build_args[@]}" -warnaserror

end=$((SECONDS + minutes * 60))
runs=0
operations=0
while (( SECONDS < end )); do
  runs=$((runs + 1))
  seed=$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')
  echo "== run $runs: BLAKE2FAST_MODEL_SEED=$seed BLAKE2FAST_MODEL_SCALE=$scale ($(date -u +%H:%M:%S) UTC)"
  report="$reports/run-$runs.txt"
  if ! BLAKE2FAST_MODEL_SEED=$seed BLAKE2FAST_MODEL_SCALE=$scale BLAKE2FAST_MODEL_REPORT=$report \
      dotnet test tests/Blake2Fast.Tests "${build_args[@]}" --no-build --filter "$filter"; then
    echo
    echo "FAILED in run $runs. Replay it with:"
    echo "  BLAKE2FAST_MODEL_SEED=$seed BLAKE2FAST_MODEL_SCALE=$scale dotnet test tests/Blake2Fast.Tests ${build_args[*]} --no-build --filter \"$filter\""
    echo "or only the failing case with the BLAKE2FAST_MODEL_REPLAY=... that the failure message gives (and a --filter naming its test)."
    exit 1
  fi
  if [ -f "$report" ]; then
    tail -n 1 "$report"
    count=$(tail -n 1 "$report" | sed -E 's/^total: ([0-9,]+) .*/\1/' | tr -d ,)
    operations=$((operations + count))
  fi
done
echo "== $runs runs passed, $operations model-based operations in all"
