#!/usr/bin/env bash
# Builds what the hosted Windows (x64) and macOS (ARM64) jobs of azure-pipelines.yml build, for
# those runtime identifiers, on this Linux machine: the library (through the projects that
# reference it), the tool and its tests, the samples' tests, and the library's suite against its
# net8.0 build, as those jobs' .NET 8 step does. Framework-dependent, warnings as errors. The hosted
# jobs cannot run here; this stage makes sure that nothing which only those platforms compile, or
# only their runtime identifiers restore, can land broken.
#
# The builds run in a copy of the working tree (tracked files only), so that their restores, which
# rewrite obj/project.assets.json for another runtime identifier, never touch the main build that
# the later stages test with --no-build.
#
# A runtime or host pack that the package source does not serve cannot be built against: the stage
# then builds that project for net10.0 alone, and says exactly which build was NOT done and why
# (OUT/cross-builds-not-done.txt, and the end of this stage's output); any other error fails the
# stage. The development machine's package source lacks the .NET 8 packs for osx-arm64
# (Microsoft.NETCore.App.Runtime.osx-arm64 and .Host.osx-arm64 8.0.x), so there the osx-arm64
# builds are net10.0 only and the rest is left to the hosted macOS job. (The netstandard builds
# compile the same for every runtime identifier.)
# Usage: .ci/cross-builds.sh OUT_DIR
set -euo pipefail
out=$(realpath "${1:-artifacts/ci}")
repo=$(realpath "$(dirname "$0")/..")
work=$(mktemp -d /tmp/blake2fast-cross.XXXXXX)
trap 'rm -rf "$work"' EXIT

(cd "$repo" && git ls-files -z --cached | tar --null -T - -cf -) | (mkdir -p "$work/src" && cd "$work/src" && tar -xf -)
cd "$work/src"
: > "$out/cross-builds-not-done.txt"

# Framework-dependent, as a user's build is (with the apphost, which xunit v3 test projects
# require); no Native AOT (the tool ships native builds for linux-x64 only, and the ILCompiler
# packs of other platforms are restored only for a publish).
common=(-c Release --self-contained false -p:PublishAot=false -warnaserror)

# build RID LABEL PROJECT [ARGS...]: one build. Returns 0 when built; 2 when the package source does not
# serve a runtime or host pack the build needs (recorded as not done); any other failure fails the stage.
build() {
  local rid=$1 label=$2 project=$3 log
  shift 3
  log="$work/$rid-${label//[ ()]/-}.log"
  echo "== $rid: $label"
  if dotnet build "$project" -r "$rid" "${common[@]}" "$@" >"$log" 2>&1; then
    echo "   built ($(grep -cE ': warning ' "$log" || true) warnings)"
    return 0
  fi
  # NU1102 (no such version served) or NETSDK1112 (the pack was not restored) naming a runtime or host
  # pack, and no other error: the package source's gap, not a compile error.
  local errors missing
  errors=$(grep -E ': error ' "$log" | sed -E 's/ \[[^]]*\]$//' | sort -u)
  missing=$(grep -E 'error (NU1102|NETSDK1112)' <<<"$errors" | grep -oE 'Microsoft\.(NETCore|AspNetCore)\.App\.(Runtime|Host)\.[a-z0-9-]+( with version \(= [0-9.]+\))?' | sort -u | paste -sd, - || true)
  if [ -n "$missing" ] && ! grep -vE 'error (NU1102|NETSDK1112)' <<<"$errors" | grep -q .; then
    echo "   NOT BUILT: the package source does not serve $missing"
    echo "$rid $label: not built, the package source does not serve $missing" >> "$out/cross-builds-not-done.txt"
    return 2
  fi
  cat "$log" >&2
  echo "cross build failed: $rid $label (log above)" >&2
  exit 1
}

# build_or_net10 RID LABEL PROJECT [ARGS...]: the build with every target framework; where a .NET 8
# pack is not served, once more for net10.0 alone (restore covers every target framework of a
# project, so one missing pack would otherwise leave the others unbuilt too).
build_or_net10() {
  local status=0
  build "$@" || status=$?
  if [ $status -eq 2 ]; then
    local rid=$1 label=$2
    shift 2
    build "$rid" "$label, net10.0 only" "$@" -p:TargetFrameworks=net10.0 -p:DisableTransitiveFrameworkReferenceDownloads=true
    # The line build() wrote for the first attempt: say what was built after all.
    sed -i '$ s/: not built, /: built for net10.0 only; every other target framework not built: /' "$out/cross-builds-not-done.txt"
  fi
}

# What a runtime identifier changes here is what is restored for it (the apphost and, for .NET 8,
# the host pack) and the projects' RID-conditioned items; C# compiles the same. So the library is
# built by the projects that reference it, not alone (its netstandard builds compile the same for
# every runtime identifier), and its suite for net8.0 only, the one build of it whose packs no
# other project here restores (its net10.0 apphost is the tool tests' and the samples' too).
for rid in win-x64 osx-arm64; do
  build "$rid" "library tests (net8.0 build)" tests/Blake2Fast.Tests/Blake2Fast.Tests.csproj -p:Blake2FastLibraryBuild=net8.0 || true
  # The tool is built for the runtime identifier as the tool tests' reference.
  build_or_net10 "$rid" "tool and its tests" tests/Blake2Fast.Tool.Tests/Blake2Fast.Tool.Tests.csproj
  for tests in samples/*/*.Tests/*.Tests.csproj; do
    build_or_net10 "$rid" "sample tests $(basename "$tests" .csproj)" "$tests"
  done
done

if [ -s "$out/cross-builds-not-done.txt" ]; then
  echo "== cross builds NOT done (the hosted jobs build these):"
  sed 's/^/   /' "$out/cross-builds-not-done.txt"
fi
