#!/usr/bin/env bash
# The blob service's page in the browser (samples/Blake2Fast.BlobService): publishes the Blazor
# WebAssembly client and the browser test's host (the sample server with test-only /e2e/ hooks),
# then runs e2e.mjs in Debian's headless Chromium through playwright-core (the browser test host's
# install: tests/Blake2Fast.Browser's package-lock.json). Fails on any failed check or zero passes.
# Installs what is missing: chromium, node, b3sum (apt), playwright-core (npm ci): .ci/browser-tools.sh.
# Usage: .ci/blob-browser.sh OUT_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-artifacts/ci}")/blob-browser
sample=samples/Blake2Fast.BlobService

source .ci/browser-tools.sh
install_browser_tools b3sum:b3sum
b3sum --version

rm -rf "$out"
start=$SECONDS
dotnet publish "$sample/Blake2Fast.BlobService.BlazorClient" -c Release -warnaserror -o "$out/client" --nologo -v:q
dotnet publish "$sample/Blake2Fast.BlobService.BrowserTests" -c Release -warnaserror -o "$out/host" --nologo -v:q
echo "   published in $((SECONDS - start)) s, $(du -sk "$out/client/wwwroot/_framework" | cut -f1) KiB in _framework"
start=$SECONDS
node "$sample/Blake2Fast.BlobService.BrowserTests/e2e.mjs" "$out/host/Blake2Fast.BlobService.BrowserTests.dll" \
  "$out/client/wwwroot" "$out/work" "$out/blob-page.png"
echo "   ran in $((SECONDS - start)) s"
rm -rf "$out/work"
