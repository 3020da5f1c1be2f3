#!/usr/bin/env bash
# The cross-CPU measuring programs (bench/Blake2Fast.CrossCpu, and bench/Blake2Fast.ColdStart for
# fresh processes), for machines where the SDK and BenchmarkDotNet cannot go.
#
#   bench/cross-cpu.sh publish [DIR]     self-contained linux-x64 builds of both programs into DIR
#                                        (default /tmp/blake2fast-cross-cpu), with the official C
#                                        BLAKE3 (built by bench/native/build-blake3-c.sh where
#                                        missing) and this machine's libsodium.so.23 beside them,
#                                        and in DIR/tool the Native AOT b2fast builds with b3sum
#                                        and b2sum; copy DIR to any x64 Linux machine
#   DIR/Blake2Fast.CrossCpu [--original PATH/Blake2Fast.dll] [--rounds N] [--sizes a,b,c] ...
#                                        run one section there (options: Program.cs)
#   bench/cross-cpu.sh suite DIR OUTDIR  every section, in one go, from a published DIR (no SDK
#                                        needed): OUTDIR/cross-cpu.txt, OUTDIR/tool-scaling.md (the
#                                        b2fast command against b3sum and b2sum on 1 and 4 GiB
#                                        files in tmpfs, 1 to 16 cores: bench/tool-scaling.py) and
#                                        OUTDIR/cold-start.md; what is committed in
#                                        bench/results/cross-cpu/ comes from it
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
  # The multi-core rows first (the reason for a 16-core machine), in memory and then through the
  # b2fast command against b3sum and b2sum, then BLAKE3 against the official C at every size and
  # its kernels against the C's, then every BLAKE2 kernel, HashMany and Bao, the narrower BLAKE3
  # kernels, and last the fresh processes of the cold-start program.
  # Degrees above the machine's cores would only measure oversubscription: left out.
  degrees=$(for d in 1 2 4 8 12 16; do [ "$d" -gt "$(nproc)" ] || echo "$d"; done | paste -sd, -)
  section "multi-core scaling, 64 MiB" "$program" --scaling "$degrees" --sizes 67108864 --rounds 10 --warmup 3
  # 1 GiB (sizes are ints: 2 GiB - 1 at most): one thread took 0.28 s for BLAKE3, 0.37 s for the
  # C, 0.62 and 0.57 s for the BLAKE2b and BLAKE2s trees on the 2-core Xeon (AVX-512), so a round of
  # degrees 1 to 16 is about 3.5 s, and with the digest check, calibration and fewer rounds the
  # section about 40 s: the suite stays under ten minutes.
  section "multi-core scaling, 1 GiB" "$program" --scaling "$degrees" --sizes 1073741824 --rounds 5 --warmup 2
  # The tool rows: whole processes on files of 1 and 4 GiB in tmpfs, at the same core counts, in a
  # results file of their own (their method and options: bench/tool-scaling.py). At most about
  # four minutes: its --budget (240 s, everything included) cuts rounds where they would not fit.
  { echo; echo "### b2fast against b3sum and b2sum, whole processes: in tool-scaling.md"; } | tee -a "$out"
  python3 bench/tool-scaling.py --tools "$dir/tool" --sizes 1G,4G --cores "$degrees" --out "$outdir/tool-scaling.md" \
    || echo "(the tool rows failed: status $?)" | tee -a "$out"
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
  # The tool rows (bench/tool-scaling.py) need b2fast as the linux-x64 tool package ships it:
  # Native AOT, the default build (x86-64-v2) with its -x86-64-v3 and -x86-64-v4 builds beside it,
  # to which it hands over at start where the processor allows. In a folder of its own, since
  # nothing of the runtime's self-contained files belongs with it.
  dotnet publish src/Blake2Fast.Tool -c Release -r linux-x64 -o "$out/tool" -clp:ErrorsOnly
  # Their peers, copied beside it because the target machine may lack them and has no network:
  # Debian's b3sum (the Rust BLAKE3 command, 1.2.0 on Debian 12; it needs only libc, libm and
  # libgcc_s) and coreutils b2sum (libc only).
  if ! command -v b3sum >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq b3sum >/dev/null
  fi
  cp -L "$(command -v b3sum)" "$(command -v b2sum)" "$out/tool/"
fi
echo "published to $out ($(du -sh "$out" | cut -f1)); run $out/Blake2Fast.CrossCpu, or bench/cross-cpu.sh suite $out OUTDIR"
if [ "$mode" = run ]; then
  dotnet build-server shutdown >/dev/null 2>&1 || true
  "$out/Blake2Fast.CrossCpu" "$@"
fi
