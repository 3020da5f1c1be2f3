#!/usr/bin/env python3
"""Writes tree-vectors.json: BLAKE2b/BLAKE2s tree hashes with unlimited fanout (the s3git/bt2sum
mode, BLAKE3-NOTES.md section 4) computed node by node with Python's hashlib, an independent
implementation, for the HashTree tests to compare against. The tests never need Python:

    python3 make-tree-vectors.py > tree-vectors.json

Inputs are not stored: input byte i is (7 * i + seed) & 0xFF, rebuilt by the tests from "seed" and
"length", so cases of several MiB cost one line each. The output is deterministic (fixed seed).
Before writing, the script checks that it reproduces the three published digests of the notes.
"""
import hashlib
import json
import random

ALGS = {"blake2b": (hashlib.blake2b, 64), "blake2s": (hashlib.blake2s, 32)}
MIB = 1 << 20

PUBLISHED = [
    (b"hello s3git\n", 5 * MIB,
     "18e622875a89cede0d7019b2c8afecf8928c21eac18ec51e38a8e6b829b82c3ef306dec34227929fa77b1c7c329b3d4e50ed9e72dc4dc885be0932d3f28d7053"),
    (bytes(8 * MIB), 5 * MIB,
     "2039f91853e3cf31ae3d587609d0459331b35863a743cb3ef9c4e2baf26bb317e2e7f06b594285c97e58c47750b29efebca93e63dd24e1424737e6664ade7414"),
    (bytes(6000), 4096,
     "724b5876d9120855dcf220ee7815a697c6559575aa79d9e2b9f63f06c9f22e532fc32bf356ef1ab26ff776ea960edeb31c54769460f87489f59ae8045122705d"),
]


def tree(alg, data, leaf, d):
    ctor = ALGS[alg][0]
    count = max(1, -(-len(data) // leaf))
    digests = b"".join(
        ctor(data[i * leaf:(i + 1) * leaf], digest_size=d, fanout=0, depth=2, leaf_size=leaf,
             inner_size=d, node_offset=i, node_depth=0, last_node=(i == count - 1)).digest()
        for i in range(count))
    return ctor(digests, digest_size=d, fanout=0, depth=2, leaf_size=leaf, inner_size=d,
                node_offset=0, node_depth=1, last_node=True).hexdigest()


def pattern(length, seed):
    return bytes((7 * i + seed) & 0xFF for i in range(length))


def main():
    for data, leaf, expected in PUBLISHED:
        assert tree("blake2b", data, leaf, 64) == expected, "published digest not reproduced"

    rng = random.Random(20260523)
    cases = []
    small = [1, 63, 64, 65, 127, 128, 129, 1000, 4096]
    for alg, (_, maxd) in ALGS.items():
        for leaf in small:
            for count in (0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 40):
                for tail in sorted({0, 1, leaf - 1}):
                    if count == 0 and tail == 0 and leaf != 1:
                        continue
                    d = rng.choice([maxd, maxd, 1, maxd // 2, rng.randint(1, maxd)])
                    cases.append((alg, leaf, count * leaf + tail, rng.randint(0, 255), d))
        # Long leaves: 1 MiB (lanes run through many blocks), an odd length, 5 MiB (s3git's).
        for leaf, counts in ((MIB, (1, 2, 9, 17)), (1000003, (1, 3)), (5 * MIB, (1, 2))):
            for count in counts:
                for tail in (0, 1, leaf - 1):
                    if count > 2 and tail == leaf - 1:
                        continue
                    cases.append((alg, leaf, count * leaf + tail, rng.randint(0, 255), maxd))
        cases.append((alg, 4096, 0, 0, maxd))

    out = []
    for alg, leaf, length, seed, d in cases:
        out.append({"alg": alg, "leaf": leaf, "length": length, "seed": seed, "digest": d,
                    "out": tree(alg, pattern(length, seed), leaf, d)})
    print(json.dumps({"generator": "make-tree-vectors.py", "cases": out}, indent=0))


if __name__ == "__main__":
    main()
