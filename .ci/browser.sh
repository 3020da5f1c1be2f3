#!/usr/bin/env bash
# The browser test host (tests/Blake2Fast.Browser): .NET on WebAssembly in Debian's headless
# Chromium, driven by playwright-core. Publishes the host untrimmed and trimmed (no workload: the
# package source's browser-wasm runtime pack), runs each, and fails on any failed check, on a
# missing closing line or zero passes, or where a dispatcher picked another kernel than expected.
# Installs what is missing: chromium (apt), node (apt), playwright-core (npm ci, package-lock.json):
# .ci/browser-tools.sh.
# Usage: .ci/browser.sh OUT_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-artifacts/ci}")/browser
host=tests/Blake2Fast.Browser

source .ci/browser-tools.sh
install_browser_tools

# The kernels the dispatchers must pick in a page (tests/Blake2Fast.Browser/README.md): the single-message BLAKE2
# kernels are the round-loop shape of the scalar ones, the lane kernels Vector128 (PackedSimd).
expected=(
  BLAKE2FAST_EXPECTED_ARCH=Wasm
  BLAKE2FAST_EXPECTED_BUILD=net10.0
  "BLAKE2FAST_EXPECTED_KERNELS=b=RoundLoop s=RoundLoop bp=Vector128 sp=Vector128 xb=Scalar xs=Scalar b3=Vector128"
)

rm -rf "$out"
for build in untrimmed trimmed; do
  trimmed=false
  [ "$build" = trimmed ] && trimmed=true
  echo "== browser test host, $build"
  start=$SECONDS
  dotnet publish "$host" -c Release -warnaserror -p:PublishTrimmed=$trimmed -o "$out/$build" --nologo -v:q
  echo "   published in $((SECONDS - start)) s, $(du -sk "$out/$build/wwwroot/_framework" | cut -f1) KiB in _framework"
  start=$SECONDS
  node "$host/run.mjs" "$out/$build/wwwroot" "${expected[@]}"
  echo "   ran in $((SECONDS - start)) s"
done
