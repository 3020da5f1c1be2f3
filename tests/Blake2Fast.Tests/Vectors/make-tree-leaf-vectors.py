#!/usr/bin/env python3
"""Writes tree-leaf-vectors.json: every leaf digest and the root of BLAKE2b/BLAKE2s trees with
unlimited fanout (the s3git/bt2sum mode), node by node with Python's hashlib, an independent
implementation, for the HashTreeLeaf / HashTreeRoot / root hasher tests. The tests never need
Python:

    python3 make-tree-leaf-vectors.py > tree-leaf-vectors.json

Inputs are not stored: input byte i is (7 * i + seed) & 0xFF, as in make-tree-vectors.py. Each
case also gives one leaf far along a huge tree (a large node offset, never hashed whole; for BLAKE2b at most 2^63 - 1,
the largest leaf index a long holds), and the
script first checks the s3git object name of "hello s3git\n" (its only leaf's digest).
"""
import hashlib
import json
import random

ALGS = {"blake2b": (hashlib.blake2b, 64, 2**63 - 1), "blake2s": (hashlib.blake2s, 32, 2**48 - 1)}
S3GIT_LEAF = "46ddd7b9"  # first and last bytes of s3git's published object name for "hello s3git\n"


def leaf(alg, data, leaf_size, d, index, last):
    return ALGS[alg][0](data, digest_size=d, fanout=0, depth=2, leaf_size=leaf_size, inner_size=d,
                        node_offset=index, node_depth=0, last_node=last).hexdigest()


def root(alg, digests, leaf_size, d):
    return ALGS[alg][0](digests, digest_size=d, fanout=0, depth=2, leaf_size=leaf_size, inner_size=d,
                        node_offset=0, node_depth=1, last_node=True).hexdigest()


def pattern(length, seed):
    return bytes((7 * i + seed) & 0xFF for i in range(length))


def main():
    name = leaf("blake2b", b"hello s3git\n", 5 << 20, 64, 0, True)
    assert name.startswith(S3GIT_LEAF) and name.endswith("6dddcc"), "s3git object name not reproduced"

    rng = random.Random(20260601)
    cases = []
    for alg, (_, maxd, maxoffset) in ALGS.items():
        for leaf_size, length in ((1, 5), (64, 0), (64, 64), (64, 65), (100, 1000), (1000, 3333), (4096, 6000), (65536, 200000)):
            d = rng.choice([maxd, 1, maxd // 2, rng.randint(1, maxd)])
            seed = rng.randint(0, 255)
            data = pattern(length, seed)
            count = max(1, -(-length // leaf_size))
            leaves = [leaf(alg, data[i * leaf_size:(i + 1) * leaf_size], leaf_size, d, i, i == count - 1)
                      for i in range(count)]
            far = rng.choice([maxoffset, maxoffset - 1, 2**32, 2**40 + 5])
            cases.append({"alg": alg, "leaf": leaf_size, "length": length, "seed": seed, "digest": d,
                          "leaves": leaves,
                          "root": root(alg, b"".join(bytes.fromhex(x) for x in leaves), leaf_size, d),
                          "farIndex": far,
                          "farLeaf": leaf(alg, data[:leaf_size], leaf_size, d, far, False) if length >= leaf_size else None})
    print(json.dumps({"generator": "make-tree-leaf-vectors.py", "cases": cases}, indent=0))


if __name__ == "__main__":
    main()
