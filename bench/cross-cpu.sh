#!/usr/bin/env bash
# The cross-CPU measuring programs (bench/Blake2Fast.CrossCpu, and bench/Blake2Fast.ColdStart for
# fresh processes), for machines where the SDK and BenchmarkDotNet cannot go.
#
#   bench/cross-cpu.sh publish [DIR]     self-contained linux-x64 builds of both programs into DIR
#                                        (default /tmp/blake2fast-cross-cpu), with the official C
#                                        BLAKE3 (built by bench/native/build-blake3-c.sh where
#                                        missing) and this machine's libsodium.so.23 beside them;
#                                        copy DIR to any x64 Linux machine
#   DIR/Blake2Fast.CrossCpu [--original PATH/Blake2Fast.dll] [--rounds N] [--sizes a,b,c] ...
#                                        run one section there (options: Program.cs)
#   bench/cross-cpu.sh suite DIR OUTDIR  every section, in one go, from a published DIR (no SDK
#                                        needed): OUTDIR/cross-cpu.txt and OUTDIR/cold-start.md;
#                                        what is committed in bench/results/cross-cpu/ comes from it
#   bench/cross-cpu.sh run [ARGS...]     publish, then run the default section here, with the build
#                                        servers stopped first (an MSBuild or compiler server left
#                                        busy after a build took a core from the run: BLAKE2b 3 MiB
#                                        at 782 instead of 1,087 MiB/s)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-run}
shift || true

if [ "$mode" = suite ]; then
  dir=$(cd "$1" && pwd); outdir=$2
  mkdir -p "$outdir"
  out="$outdir/cross-cpu.txt"
  # The publish folder holds the native peers: the programs look for libblake3.so there, and the
  # loader finds libsodium.so.23 through LD_LIBRARY_PATH.
  export LD_LIBRARY_PATH="$dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" BLAKE2FAST_BLAKE3C="$dir/libblake3.so"
  program="$dir/Blake2Fast.CrossCpu"
  section() {
    local title=$1; shift
    { echo; echo "### $title"; } | tee -a "$out"
    # A section that fails (a digest mismatch stops its program) is reported and the rest still run.
    "$@" 2>&1 | tee -a "$out" || echo "(this section failed: status ${PIPESTATUS[0]})" | tee -a "$out"
  }
  {
    echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'); $(nproc) cores;" \
      "$(grep -m1 'cpu family' /proc/cpuinfo | tr -s '\t ' ' '), $(grep -m1 '^model\s' /proc/cpuinfo | tr -s '\t ' ' ');" \
      "$(uname -sr); flags: $(grep -m1 '^flags' /proc/cpuinfo | grep -o -w -E 'avx512f|avx512vl|avx512_vbmi|avx2|sse4_1|ssse3' | sort -u | tr '\n' ' ')"
  } | tee "$out"
  # The multi-core rows first (the reason for a 16-core machine), then BLAKE3 against the official
  # C at every size and its kernels against the C's, then every BLAKE2 kernel, HashMany and Bao,
  # the narrower BLAKE3 kernels, and last the fresh processes of the cold-start program.
  section "multi-core scaling, 64 MiB and 512 MiB" "$program" --scaling 1,2,4,8,12,16 --sizes 67108864,536870912 --rounds 10 --warmup 3
  section "BLAKE3, every instruction set (Vector512 where AVX-512 is)" "$program" --only BLAKE3 --sizes 64,1024,16384,1048576,67108864
  section "BLAKE3's kernels beside the official C's assembly kernels, 1 MiB" "$program" --kernels
  section "default run: every BLAKE2 kernel forced, BLAKE3, 64 B / 1 KiB / 3 MiB" "$program"
  section "HashMany, 64 B messages" "$program" --many 64 --sizes 65536
  section "HashMany, 1 KiB messages" "$program" --many 1024 --sizes 262144
  section "Bao outboard encode and decode, 64 MiB, one thread and every core" "$program" --bao "1,$(nproc)" --rounds 15
  section "BLAKE3, DOTNET_EnableAVX512=0 (Vector256)" env DOTNET_EnableAVX512=0 "$program" --only BLAKE3 --sizes 1024,16384,1048576 --rounds 15
  section "BLAKE3, DOTNET_EnableAVX2=0 (Vector128)" env DOTNET_EnableAVX2=0 "$program" --only BLAKE3 --sizes 1024,16384,1048576 --rounds 15
  echo "cross-CPU sections done: $out"
  python3 bench/cold-start.py -n 10 --only blake3,blake3net,blake2b --program "self-contained=$dir/Blake2Fast.ColdStart" \
    --runtime "$(sed -n 's/.*"version": "\(10[^"]*\)".*/\1/p' "$dir/Blake2Fast.ColdStart.runtimeconfig.json" | head -1)" \
    --commit "${CROSS_CPU_COMMIT:-?}" --out "$outdir/cold-start.md"
  exit 0
fi

out=/tmp/blake2fast-cross-cpu
if [ "$mode" = publish ] && [ $# -gt 0 ]; then out=$1; fi
dotnet publish bench/Blake2Fast.CrossCpu -c Release -r linux-x64 --self-contained -o "$out" -clp:ErrorsOnly
if [ "$mode" = publish ]; then
  # The cold-start program shares the runtime's files, so both fit one folder.
  dotnet publish bench/Blake2Fast.ColdStart -c Release -r linux-x64 --self-contained -o "$out" -clp:ErrorsOnly
  [ -f artifacts/native/libblake3.so ] || bench/native/build-blake3-c.sh
  cp artifacts/native/libblake3.so "$out/"
  sodium=$(ls /usr/lib/x86_64-linux-gnu/libsodium.so.23 2>/dev/null || true)
  [ -z "$sodium" ] || cp -L "$sodium" "$out/"
fi
echo "published to $out ($(du -sh "$out" | cut -f1)); run $out/Blake2Fast.CrossCpu, or bench/cross-cpu.sh suite $out OUTDIR"
if [ "$mode" = run ]; then
  dotnet build-server shutdown >/dev/null 2>&1 || true
  "$out/Blake2Fast.CrossCpu" "$@"
fi
