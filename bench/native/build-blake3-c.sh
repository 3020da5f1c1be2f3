#!/usr/bin/env bash
# Builds the official BLAKE3 C implementation, the native peer of the benchmarks, into
# artifacts/native/libblake3.so (or the path given): Debian's librust-blake3-dev package ships the
# crate's sources with its c/ folder (blake3 1.3.1); gcc -O3 compiles the portable code, the
# run-time dispatcher and the hand-written SSE2, SSE4.1, AVX2 and AVX-512 assembly (x86-64 Unix).
# Installs the package where missing. Nothing of it is committed to this repository.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-artifacts/native/libblake3.so}
src=$(ls -d /usr/share/cargo/registry/blake3-*/c 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$src" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq librust-blake3-dev >/dev/null
  src=$(ls -d /usr/share/cargo/registry/blake3-*/c | sort -V | tail -1)
fi
mkdir -p "$(dirname "$out")"
case "$(uname -m)" in
  x86_64)
    gcc -O3 -shared -fPIC -o "$out" -I"$src" \
      "$src/blake3.c" "$src/blake3_dispatch.c" "$src/blake3_portable.c" \
      "$src"/blake3_{sse2,sse41,avx2,avx512}_x86-64_unix.S ;;
  aarch64)
    gcc -O3 -shared -fPIC -o "$out" -I"$src" -DBLAKE3_USE_NEON=1 \
      "$src/blake3.c" "$src/blake3_dispatch.c" "$src/blake3_portable.c" "$src/blake3_neon.c" ;;
  *)
    gcc -O3 -shared -fPIC -o "$out" -I"$src" -DBLAKE3_NO_SSE2 -DBLAKE3_NO_SSE41 -DBLAKE3_NO_AVX2 -DBLAKE3_NO_AVX512 \
      "$src/blake3.c" "$src/blake3_dispatch.c" "$src/blake3_portable.c" ;;
esac
echo "built $out from $src ($(basename "$(dirname "$src")"))"
