#!/usr/bin/env bash
# The README's two commands in a clone of its own, as a new user runs them: a fresh clone of this
# commit in a temporary folder with nothing beside it (no ../shared); the tool hashing a real file
# (`dotnet run --project src/Blake2Fast.Tool -- readme.md`, which must print what coreutils b2sum
# prints), then `dotnet test -c Release` as written plus a results file. Fails if any test fails or
# is skipped: none may be skipped for want of a file outside the repository, and in Release the
# allocation tests run too.
# Usage: .ci/fresh-clone.sh OUT_DIR
set -euo pipefail
# As a new user runs them: none of the legs' settings (.ci/legs.sh) applies here.
unset BLAKE2FAST_MODEL_SCALE
out=$(realpath "$1")
repo=$(realpath "$(dirname "$0")/..")
work=$(mktemp -d /tmp/blake2fast-fresh-clone.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q --no-local "$repo" "$work/Blake2Fast"
[ ! -e "$work/shared" ] || { echo "fresh clone: $work/shared exists" >&2; exit 1; }
cd "$work/Blake2Fast"
grep -qxF 'dotnet run --project src/Blake2Fast.Tool -- readme.md' readme.md || { echo "fresh clone: the README no longer shows the hashing command this script runs" >&2; exit 1; }
grep -qxF 'dotnet test -c Release' readme.md || { echo "fresh clone: the README no longer shows 'dotnet test -c Release'" >&2; exit 1; }
printed=$(dotnet run --project src/Blake2Fast.Tool -- readme.md)
expected=$(b2sum readme.md)
[ "$printed" = "$expected" ] || { echo "fresh clone: the README's hashing command printed '$printed', b2sum '$expected'" >&2; exit 1; }
echo "fresh clone: the README's hashing command prints what b2sum prints: $printed"
dotnet test -c Release --logger "trx;LogFilePrefix=fresh-clone" --results-directory "$out/fresh-clone"
# One skip is allowed: the EIP-152 vector of 2^32 - 1 rounds, a minute long, runs only with BLAKE2FAST_LONG_TESTS=1.
python3 "$repo/.ci/check_skips.py" "$out/fresh-clone" "Long-running (about a minute): set BLAKE2FAST_LONG_TESTS=1 to run it."
