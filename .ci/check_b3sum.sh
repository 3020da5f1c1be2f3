#!/usr/bin/env bash
# b2fast -a blake3 against Debian's b3sum (installed here if missing): files, standard input, -l,
# --no-mmap, --mmap, --key (b3sum --keyed), --derive-key, a file name that needs escaping, and -c on b3sum's own lines.
# b3sum's -l counts bytes, b2fast's bits (as for every algorithm of b2fast).
# Usage: .ci/check_b3sum.sh B2FAST WORK_DIR
set -euo pipefail
b2fast=$(realpath "$1")
work=$2
if ! command -v b3sum >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq b3sum >/dev/null
fi
b3sum --version
mkdir -p "$work"
cd "$work"
python3 -c "
import random; random.seed(11)
open('large.bin', 'wb').write(random.randbytes(5 * 1048576 + 1234))
open('empty', 'wb').write(b'')
open('small', 'wb').write(b'hello\n')
open('chunk', 'wb').write(random.randbytes(1025))
open('back\\\\slash', 'wb').write(b'x')
open('key', 'wb').write(random.randbytes(32))"
files=(large.bin empty small chunk 'back\slash')
same() { # name, b3sum output, b2fast output
  if [ "$2" != "$3" ]; then
    printf 'b3sum and b2fast differ (%s):\n--- b3sum\n%s\n--- b2fast\n%s\n' "$1" "$2" "$3" >&2
    exit 1
  fi
}
same "files" "$(b3sum "${files[@]}")" "$("$b2fast" -a blake3 "${files[@]}")"
# large.bin is memory-mapped by b3sum by default and read by b2fast (--mmap maps it); --no-mmap reads it in both.
same "--no-mmap" "$(b3sum --no-mmap "${files[@]}")" "$("$b2fast" -a blake3 --no-mmap "${files[@]}")"
same "--mmap" "$(b3sum "${files[@]}")" "$("$b2fast" -a blake3 --mmap "${files[@]}")"
same "stdin" "$(b3sum < large.bin)" "$("$b2fast" -a blake3 < large.bin)"
same "-l" "$(b3sum -l 100 "${files[@]}")" "$("$b2fast" -a blake3 -l 800 "${files[@]}")"
same "keyed" "$(b3sum --keyed "${files[@]}" < key)" "$("$b2fast" -a blake3 --key @key "${files[@]}")"
same "derive-key" "$(b3sum --derive-key 'example.com 2026 ci' "${files[@]}")" "$("$b2fast" -a blake3 --derive-key 'example.com 2026 ci' "${files[@]}")"
b3sum "${files[@]}" > sums
"$b2fast" -a blake3 -c --quiet sums
echo "b2fast -a blake3 matches b3sum: files (read, --mmap and --no-mmap), stdin, -l, --key, --derive-key, -c"
# Started through a link named b3sum, b2fast takes b3sum's own command line (B3sumNameTests compares it in-process too).
mkdir -p as-b3sum
ln -sf "$b2fast" as-b3sum/b3sum
alias_run() { "$@" 2>&1; echo "exit $?"; }
same "as b3sum: files" "$(alias_run b3sum "${files[@]}" missing)" "$(alias_run as-b3sum/b3sum "${files[@]}" missing)"
same "as b3sum: -l, --no-names" "$(alias_run b3sum -l 100 --no-names "${files[@]}")" "$(alias_run as-b3sum/b3sum -l 100 --no-names "${files[@]}")"
same "as b3sum: --keyed" "$(alias_run b3sum --keyed "${files[@]}" < key)" "$(alias_run as-b3sum/b3sum --keyed "${files[@]}" < key)"
same "as b3sum: --raw" "$(b3sum --raw -l 40 small | od -An -tx1)" "$(as-b3sum/b3sum --raw -l 40 small | od -An -tx1)"
same "as b3sum: -c" "$(alias_run b3sum -c sums)" "$(alias_run as-b3sum/b3sum -c sums)"
# Output written in pieces (2 MB of hex), and the check line that once raised IndexOutOfRangeException.
same "as b3sum: -l 1000000" "$(b3sum -l 1000000 large.bin | md5sum)" "$(as-b3sum/b3sum -l 1000000 large.bin | md5sum)"
python3 -c "open('euro.sums', 'w', encoding='utf-8').write('\u20ac' * 23 + '  small\n')"
same "as b3sum: a non-ASCII check line" "$(alias_run b3sum -c euro.sums)" "$(alias_run as-b3sum/b3sum -c euro.sums)"
: > empty.sums
same "as b3sum: empty check file" "$(alias_run b3sum -c empty.sums)" "$(alias_run as-b3sum/b3sum -c empty.sums)"
echo "b2fast started as b3sum matches b3sum: files, a missing file, -l (also 1,000,000 bytes), --no-names, --keyed, --raw, -c, an empty check file, a non-ASCII check line"
