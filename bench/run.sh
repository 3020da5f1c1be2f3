#!/usr/bin/env bash
# Runs the Blake2Fast benchmark suite and turns BenchmarkDotNet's exports into result pages.
#
#   bench/run.sh                 full suite -> bench/results/ (about 20 minutes on 2 cores)
#   bench/run.sh --quick         BLAKE2b classes, 1 KiB input, short job -> /tmp/blake2fast-bench-quick/
#   bench/run.sh --mono          the netstandard2.0 build on Mono (needs mono) -> bench/results/mono/
#   bench/run.sh --out DIR ...   write the pages somewhere else
#   bench/run.sh ... -- ARGS     arguments for the benchmark program instead of the default
#                                selection, e.g. -- --filter '*Blake2s*' --isa all
#
# Measure on an otherwise idle machine: the numbers are only as quiet as the machine.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=full
out=
chart=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) mode=quick; shift ;;
        --mono) mode=mono; shift ;;
        --out) out=$2; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        *) echo "usage: bench/run.sh [--quick | --mono] [--out DIR] [-- benchmark arguments]" >&2; exit 64 ;;
    esac
done

artifacts=$PWD/bench/BenchmarkDotNet.Artifacts
if [ "$mode" = mono ]; then
    # BenchmarkDotNet runs in process there; its own page is the result.
    out=${out:-bench/results/mono}
    rm -rf "$artifacts/mono"
    dotnet build -c Release bench/Blake2Fast.Bench.Mono
    mono bench/Blake2Fast.Bench.Mono/bin/Release/net472/Blake2Fast.Bench.Mono.exe --filter '*' --artifacts "$artifacts/mono"
    mkdir -p "$out"
    cp "$artifacts"/mono/results/*-report-github.md "$out/"
    echo "Mono results in $out"
    exit 0
fi
if [ "$mode" = quick ]; then
    args=(--quick)
    selection=(--filter '*Blake2b*' --sizes 1024)
    out=${out:-/tmp/blake2fast-bench-quick}
else
    args=()
    selection=(--filter '*')
    if [ -z "$out" ]; then
        out=bench/results
        chart=(--chart docs/throughput.svg)   # the README's chart comes from the full run
    fi
fi
if [ ${#extra[@]} -gt 0 ]; then
    selection=("${extra[@]}")
fi

# The native BLAKE3 peer, the official C implementation: built once into artifacts/native/ (the
# script installs Debian's librust-blake3-dev for its sources where missing). Where it cannot be
# built, the program skips those rows and says so.
if [ ! -f artifacts/native/libblake3.so ] && [ -z "${BLAKE2FAST_BLAKE3C:-}" ]; then
    bench/native/build-blake3-c.sh || echo "bench/run.sh: the official C BLAKE3 could not be built; its rows will be skipped (unavailable)" >&2
fi
# Stale exports from an earlier run would end up in the pages.
rm -rf "$artifacts/results"
dotnet build -c Release bench/Blake2Fast.Bench
start=$(date +%s)
dotnet run -c Release --no-build --project bench/Blake2Fast.Bench -- "${args[@]}" "${selection[@]}" --artifacts "$artifacts"
echo "Benchmarks took $(( ($(date +%s) - start) / 60 )) min $(( ($(date +%s) - start) % 60 )) s."
# The chart is drawn with matplotlib (bench/chart.py): Debian's, installed where missing.
if ! python3 -c 'import matplotlib' 2>/dev/null && ! /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-matplotlib >/dev/null
fi
python3 bench/report.py --results "$artifacts/results" --out "$out" "${chart[@]}"
