#!/usr/bin/env bash
# The browser measurement: BLAKE2b-512, BLAKE2s-256, BLAKE3-256 and the BCL's SHA-256 at 1 MiB and
# 64 B, Blake2Fast (the browser test host published trimmed, Release, on the interpreter and
# jiterpreter) beside hash-wasm (npm, C compiled to WebAssembly) in one headless Chromium page.
# Prints a Markdown table (MiB/s, ratios) and the CPU. Installs Debian's chromium where missing.
# Usage: bench/browser-bench.sh [--jiterpreter-stats] [SECONDS [ROUNDS [ONLY]]]   (defaults 1.5 and 3; ONLY: e.g. blake3,sha256)
# --jiterpreter-stats: the page also turns on the jiterpreter's statistics and heat estimates and,
# after the measurements, prints the runtime's dump of them (stderr): traces compiled and rejected,
# and the opcodes at which traces were cut short (docs/browser.md reads them). Use ONLY with one
# algorithm to see one family's.
set -euo pipefail
if [ "${1:-}" = --jiterpreter-stats ]; then
  export JITERPRETER_STATS=1
  shift
fi
cd "$(dirname "$0")/.."
command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
(cd tests/Blake2Fast.Browser && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
(cd bench/browser && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
work=$(mktemp -d /tmp/blake2fast-browser-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
dotnet publish tests/Blake2Fast.Browser -c Release -o "$work/publish" --nologo -v:q >&2
www="$work/publish/wwwroot"
cp bench/browser/bench.html bench/browser/bench-page.mjs "$www/"
mkdir -p "$www/peer"
cp bench/browser/node_modules/hash-wasm/dist/index.esm.min.js "$www/peer/hash-wasm.esm.js"
node bench/browser/browser-bench.mjs "$www" "${1:-1.5}" "${2:-3}" "${3:-}"
