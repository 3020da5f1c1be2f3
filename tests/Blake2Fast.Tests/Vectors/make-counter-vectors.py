#!/usr/bin/env python3
"""Writes counter-vectors.json: BLAKE2b/BLAKE2s compress results when the byte counter carries
from its low word into its high word (after 2^64 bytes for BLAKE2b, 2^32 for BLAKE2s), which no
whole-message test can reach. A small pure-Python BLAKE2 (RFC 7693) computes them; before
writing anything it checks itself against hashlib on many messages. Run at test-generation time:

    python3 make-counter-vectors.py > counter-vectors.json
"""
import hashlib
import json
import struct
import sys

SIGMA = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
]
IV_B = [0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
        0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179]
IV_S = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19]

VARIANTS = {
    # name: (word bits, rounds, rotations, IV, block bytes, struct word format)
    "blake2b": (64, 12, (32, 24, 16, 63), IV_B, 128, "<16Q", "<8Q"),
    "blake2s": (32, 10, (16, 12, 8, 7), IV_S, 64, "<16I", "<8I"),
}


def compress(alg, h, block, t, final):
    bits, rounds, (r1, r2, r3, r4), iv, _, fmt, _ = VARIANTS[alg]
    mask = (1 << bits) - 1

    def rotr(x, n):
        return ((x >> n) | (x << (bits - n))) & mask

    m = struct.unpack(fmt, block)
    v = list(h) + list(iv)
    v[12] ^= t & mask
    v[13] ^= (t >> bits) & mask
    if final:
        v[14] ^= mask
    for r in range(rounds):
        s = SIGMA[r % 10]
        for i, (a, b, c, d) in enumerate([(0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                                          (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)]):
            x, y = m[s[2 * i]], m[s[2 * i + 1]]
            v[a] = (v[a] + v[b] + x) & mask
            v[d] = rotr(v[d] ^ v[a], r1)
            v[c] = (v[c] + v[d]) & mask
            v[b] = rotr(v[b] ^ v[c], r2)
            v[a] = (v[a] + v[b] + y) & mask
            v[d] = rotr(v[d] ^ v[a], r3)
            v[c] = (v[c] + v[d]) & mask
            v[b] = rotr(v[b] ^ v[c], r4)
    return [h[i] ^ v[i] ^ v[i + 8] for i in range(8)]


def initial_chain(alg, digest):
    iv = VARIANTS[alg][3]
    return [iv[0] ^ (0x01010000 | digest)] + iv[1:]


def reference_hash(alg, data, digest):
    block_len, chain_fmt = VARIANTS[alg][4], VARIANTS[alg][6]
    h = initial_chain(alg, digest)
    t = 0
    while len(data) > block_len:
        t += block_len
        h = compress(alg, h, data[:block_len], t, False)
        data = data[block_len:]
    t += len(data)
    h = compress(alg, h, data.ljust(block_len, b"\0"), t, True)
    return struct.pack(chain_fmt, *h)[:digest]


def pattern(length):
    return bytes((7 * i + 3) & 0xFF for i in range(length))


def main():
    # The reference must agree with hashlib before its counter-carry answers are trusted.
    for alg, ctor in (("blake2b", hashlib.blake2b), ("blake2s", hashlib.blake2s)):
        maxd = 64 if alg == "blake2b" else 32
        for n in (0, 1, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1000):
            for d in (1, 17, maxd):
                assert reference_hash(alg, pattern(n), d) == ctor(pattern(n), digest_size=d).digest(), (alg, n, d)

    cases = []
    for alg, starts in (("blake2b", [2**64 - 256, 2**64 - 128 + 2**64 * 5, 2**128 - 128]),
                        ("blake2s", [2**32 - 128, 2**32 - 64 + 2**32 * 9, 2**64 - 64])):
        block_len, chain_fmt = VARIANTS[alg][4], VARIANTS[alg][6]
        maxd = 64 if alg == "blake2b" else 32
        tail = block_len // 2 + 13
        blocks = pattern(3 * block_len + tail)
        for start in starts:
            h = initial_chain(alg, maxd)
            t = start
            for i in range(3):
                t = (t + block_len) % (1 << (2 * VARIANTS[alg][0]))
                h = compress(alg, h, blocks[i * block_len:(i + 1) * block_len], t, False)
            after_blocks = struct.pack(chain_fmt, *h).hex()
            counter_after_blocks = t
            t = (t + tail) % (1 << (2 * VARIANTS[alg][0]))
            h = compress(alg, h, blocks[3 * block_len:].ljust(block_len, b"\0"), t, True)
            cases.append({
                "alg": alg, "digest": maxd, "counter_start": str(start), "blocks": blocks.hex(),
                "chain_after_blocks": after_blocks, "counter_after_blocks": str(counter_after_blocks),
                "final_increment": tail, "chain_after_final": struct.pack(chain_fmt, *h).hex(),
            })
    doc = {
        "comment": "Generated by make-counter-vectors.py (pure-Python RFC 7693 compress, checked against "
                   "Python " + sys.version.split()[0] + " hashlib first). Counters are decimal strings: "
                   "the full 128-bit (BLAKE2b) or 64-bit (BLAKE2s) byte counter.",
        "cases": cases,
    }
    json.dump(doc, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
