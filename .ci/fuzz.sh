#!/usr/bin/env bash
# Fuzzes with afl-fuzz through SharpFuzz (tests/Blake2Fast.Fuzz, see its README.md): every target
# the fuzz program lists (b2fast's checksum-line parser and option reading, the library's
# HashMany and Bao decoders), each for a bounded time, starting from the corpus committed beside the program, and
# fails on any crash or hang. Prints per target: executions, executions per second, the corpus
# (seeds plus inputs found), afl-fuzz's stability figure, crashes, hangs; on a finding, the
# replay of the first ones (exception and stack trace).
# Installs what is missing: afl++ (apt) and the SharpFuzz.CommandLine tool (into the output folder,
# not globally). Runs unattended as root in a container: no UI, no CPU binding, no core_pattern or
# CPU-governor changes.
# Environment: FUZZ_SECONDS (per target, default 60), FUZZ_TARGETS (names, default all),
# FUZZ_TIMEOUT_MS (per execution, default 5000: a child restart costs a .NET start-up),
# FUZZ_OUT (default artifacts/fuzz).
# Usage: fuzz.sh [--prepare | --run]: both steps by default. --prepare installs the tools, builds
# the program and instruments a copy of it in FUZZ_OUT; --run fuzzes that copy and builds nothing,
# so that .ci/run can fuzz in the background beside stages that build (two builds of one project
# at once would race on its output folders).
set -euo pipefail
cd "$(dirname "$0")/.."
step=${1:-all}
case "$step" in
  all | --prepare | --run) ;;
  *) echo "usage: fuzz.sh [--prepare | --run]" >&2; exit 2 ;;
esac

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
seconds=${FUZZ_SECONDS:-60}
timeout_ms=${FUZZ_TIMEOUT_MS:-5000}
out=${FUZZ_OUT:-artifacts/fuzz}
project=tests/Blake2Fast.Fuzz
sharpfuzz_version=2.3.0
started=$SECONDS

program=$out/program/Blake2Fast.Fuzz.dll
if [ "$step" != --run ]; then
  echo "== fuzz: tools"
  if ! command -v afl-fuzz >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq afl++ >/dev/null
  fi
  echo "afl-fuzz: $(afl-fuzz -h 2>&1 | grep -m1 -o 'afl-fuzz[^ ]*' | sed 's/\x1b\[[0-9;]*m//g')"
  tools=$out/tools
  if [ ! -x "$tools/sharpfuzz" ]; then
    dotnet tool install SharpFuzz.CommandLine --version "$sharpfuzz_version" --tool-path "$tools" >/dev/null
  fi
  echo "sharpfuzz: SharpFuzz.CommandLine $sharpfuzz_version in $tools"

  echo "== fuzz: build $project, instrument a copy of the tool and the library"
  rm -rf "$out/program" "$out/findings"
  mkdir -p "$out/findings"
  # Built, not published: publishing would make the referenced tool (a Native AOT executable) a
  # self-contained one, which a framework-dependent program cannot reference. The build output is
  # copied so that instrumenting never touches it.
  dotnet build "$project" -c Release -warnaserror -nologo -clp:ErrorsOnly
  cp -r "$project/bin/Release/net10.0" "$out/program"
  # Only the code under test: instrumenting the fuzz program or the framework would steer
  # afl-fuzz toward paths of the harness instead of the parsers.
  for assembly in b2fast.dll Blake2Fast.dll; do
    "$tools/sharpfuzz" "$out/program/$assembly"
    echo "instrumented $assembly"
  done
  [ "$step" != --prepare ] || exit 0
fi
[ -f "$program" ] || { echo "no instrumented program at $program: run fuzz.sh --prepare first" >&2; exit 1; }

targets=${FUZZ_TARGETS:-$(dotnet "$program" --list)}

# afl-fuzz settings for an unattended run: the target is `dotnet`, which afl-fuzz cannot see is
# instrumented (SharpFuzz's fork server speaks the protocol from managed code); no status screen;
# whatever the container's core_pattern and CPU governor; no CPU pinning on a shared machine; time
# for the .NET start-up before the fork server answers; stop a target early once it crashed.
export AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
  AFL_NO_AFFINITY=1 AFL_FORKSRV_INIT_TMOUT=60000 AFL_BENCH_UNTIL_CRASH=1 AFL_MAP_SIZE=65536

stat_of() { sed -n "s/^$2 *: *//p" "$1" | head -1; }

failed=0
summary=()
for target in $targets; do
  corpus=$project/corpus/$target
  findings=$out/findings/$target
  [ -d "$corpus" ] || { echo "no seed corpus for target '$target' in $corpus" >&2; exit 1; }
  args=(-i "$corpus" -o "$findings" -V "$seconds" -t "$timeout_ms")
  [ -f "$project/dictionaries/$target.dict" ] && args+=(-x "$project/dictionaries/$target.dict")
  echo "== fuzz: $target for ${seconds} s (afl-fuzz ${args[*]})"
  rc=0
  afl-fuzz "${args[@]}" -- dotnet "$program" "$target" > "$out/$target.log" 2>&1 || rc=$?
  stats=$findings/default/fuzzer_stats
  if [ ! -f "$stats" ]; then
    tail -n 30 "$out/$target.log" >&2
    echo "afl-fuzz did not run target '$target' (exit status $rc); log: $out/$target.log" >&2
    exit 1
  fi
  crashes=$(find "$findings/default/crashes" -type f ! -name README.txt 2>/dev/null | wc -l)
  hangs=$(find "$findings/default/hangs" -type f 2>/dev/null | wc -l)
  line=$(printf '%-15s %9s execs  %8s execs/s  corpus %4s (%4s found)  stability %7s  crashes %s  hangs %s' "$target" \
    "$(stat_of "$stats" execs_done)" "$(stat_of "$stats" execs_per_sec)" "$(stat_of "$stats" corpus_count)" \
    "$(stat_of "$stats" corpus_found)" "$(stat_of "$stats" stability)" "$crashes" "$hangs")
  echo "$line"
  summary+=("$line")
  if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ] || [ "$hangs" -ne 0 ]; then
    failed=1
    if [ "$rc" -ne 0 ]; then echo "afl-fuzz exited with status $rc; log: $out/$target.log" >&2; fi
    # The first findings replayed outside afl-fuzz: the exception and its stack trace, or a hang.
    for input in $(find "$findings/default/crashes" "$findings/default/hangs" -type f ! -name README.txt 2>/dev/null | head -n 3); do
      echo "-- replay: dotnet $program $target '$input'" >&2
      replay_status=0
      timeout 10 dotnet "$program" "$target" "$input" > "$out/replay.log" 2>&1 || replay_status=$?
      tail -n 25 "$out/replay.log" >&2
      if [ "$replay_status" -eq 124 ]; then echo "(still running after 10 s)" >&2; fi
    done
  fi
done

echo "== fuzz: summary (${seconds} s per target, $((SECONDS - started)) s in all)"
printf '%s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
  echo "fuzzing found crashes or hangs (inputs under $out/findings/*/default/{crashes,hangs})" >&2
  exit 1
fi
echo "no crashes, no hangs"
