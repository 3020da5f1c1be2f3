#!/usr/bin/env python3
"""Writes hmac-vectors.json: RFC 2104 HMAC-BLAKE2b/-BLAKE2s and RFC 5869 HKDF cases, computed by
Python's hmac and hashlib (independent of the library). HKDF is written out here from its RFC 5869
definition over hmac. Run from this folder: python3 make-hmac-vectors.py"""
import hashlib
import hmac
import json

HASHES = {"blake2b": (hashlib.blake2b, 128, 64), "blake2s": (hashlib.blake2s, 64, 32)}


def pattern(length, seed):
    return bytes((i * 31 + seed * 17 + 11) % 256 for i in range(length))


def hkdf_extract(digest, salt, ikm):
    if not salt:
        salt = bytes(digest().digest_size)
    return hmac.new(salt, ikm, digest).digest()


def hkdf_expand(digest, prk, info, length):
    out, previous, i = b"", b"", 1
    while len(out) < length:
        previous = hmac.new(prk, previous + info + bytes([i]), digest).digest()
        out += previous
        i += 1
    return out[:length]


cases = {"hmac": [], "hkdf": []}
for name, (digest, block, size) in HASHES.items():
    key_lengths = [0, 1, 16, size, block - 1, block, block + 1, 2 * block + 3, 1000]
    message_lengths = [0, 1, 3, block - 1, block, block + 1, 3 * block + 7]
    for k in key_lengths:
        for m in message_lengths:
            key, message = pattern(k, 1 + k), pattern(m, 2 + m)
            cases["hmac"].append({"alg": name, "key": key.hex(), "in": message.hex(),
                                  "out": hmac.new(key, message, digest).hexdigest()})
    for ikm_length, salt_length, info_length, length in [
            (22, 13, 10, size), (22, 0, 0, 42), (80, 80, 80, 82), (1, 0, 0, 1), (32, size, 5, size - 1),
            (32, block + 1, 300, size + 1), (0, 0, 0, 3 * size), (50, 7, 0, 255 * size), (16, 16, 16, 2 * size)]:
        ikm, salt, info = pattern(ikm_length, 3), pattern(salt_length, 4), pattern(info_length, 5)
        prk = hkdf_extract(digest, salt, ikm)
        cases["hkdf"].append({"alg": name, "ikm": ikm.hex(), "salt": salt.hex(), "info": info.hex(),
                              "length": length, "prk": prk.hex(), "okm": hkdf_expand(digest, prk, info, length).hex()})

# A check of the HKDF code above against RFC 5869's own test case 1 (HMAC-SHA-256).
prk = hkdf_extract(hashlib.sha256, bytes.fromhex("000102030405060708090a0b0c"), bytes([0x0b] * 22))
assert hkdf_expand(hashlib.sha256, prk, bytes.fromhex("f0f1f2f3f4f5f6f7f8f9"), 42).hex() == (
    "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")

with open("hmac-vectors.json", "w") as f:
    json.dump(cases, f, indent=1)
    f.write("\n")
print(f"{len(cases['hmac'])} HMAC cases, {len(cases['hkdf'])} HKDF cases")
