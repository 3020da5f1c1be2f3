#!/usr/bin/env bash
# The cross-CPU measuring program (bench/Blake2Fast.CrossCpu), for machines where the SDK and
# BenchmarkDotNet cannot go.
#
#   bench/cross-cpu.sh publish [DIR]     self-contained linux-x64 build into DIR (default
#                                        /tmp/blake2fast-cross-cpu); copy DIR to any x64 Linux machine
#   DIR/Blake2Fast.CrossCpu [--original PATH/Blake2Fast.dll] [--rounds N] [--sizes a,b,c]
#                                        run it there (libsodium.so.23 is used when installed)
#   bench/cross-cpu.sh run [ARGS...]     publish, then run here, with the build servers stopped first
#                                        (an MSBuild or compiler server left busy after a build
#                                        took a core from the run: BLAKE2b 3 MiB at 782 instead of
#                                        1,087 MiB/s)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-run}
shift || true
out=/tmp/blake2fast-cross-cpu
if [ "$mode" = publish ] && [ $# -gt 0 ]; then out=$1; fi
dotnet publish bench/Blake2Fast.CrossCpu -c Release -r linux-x64 --self-contained -o "$out" -clp:ErrorsOnly
echo "published to $out ($(du -sh "$out" | cut -f1)); run $out/Blake2Fast.CrossCpu"
if [ "$mode" = run ]; then
  dotnet build-server shutdown >/dev/null 2>&1 || true
  "$out/Blake2Fast.CrossCpu" "$@"
fi
