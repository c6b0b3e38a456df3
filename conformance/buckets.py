#!/usr/bin/env python3
# Writes conformance/buckets.json: a user's rollout bucket for a record (DESIGN §5.8), computed here
# independently of every client: fmix32(FNV-1a-32(UTF-8 of "herald:v1:" + salt + ":" + stableID))
# mod 10000. Run from the repository root after changing a case; the JSON is what the clients' tests
# read.
import json


def fnv1a32(data: bytes) -> int:
    value = 0x811C9DC5
    for byte in data:
        value ^= byte
        value = (value * 0x01000193) & 0xFFFFFFFF
    return value


def fmix32(value: int) -> int:
    value ^= value >> 16
    value = (value * 0x85EBCA6B) & 0xFFFFFFFF
    value ^= value >> 13
    value = (value * 0xC2B2AE35) & 0xFFFFFFFF
    value ^= value >> 16
    return value


def bucket(salt: str, stable_id: str) -> int:
    return fmix32(fnv1a32(("herald:v1:" + salt + ":" + stable_id).encode("utf-8"))) % 10000


pairs = [
    ("wall-1-0", "ada"), ("wall-1-0", "grace"), ("wall-1-0", "user-0001"), ("wall-1-0", "user-0002"),
    ("dark-mode", "ada"), ("dark-mode", "00000000-0000-4000-8000-000000000000"),
    ("dark-mode", ""), ("", "ada"), ("", ""),
    ("spring-2027", "jürgen"), ("spring-2027", "名前"), ("spring-2027", "🐧 penguin"),
    ("spring-2027", "a:b"), ("spring-2027:a", "b"), ("Dark-Mode", "ada"),
    ("wall-1-0", "x" * 300),
]
cases = [{"salt": salt, "stableID": stable, "bucket": bucket(salt, stable)} for salt, stable in pairs]


def without_lone_surrogates(units):
    """The text UTF-16 code units spell, each lone surrogate taken as U+FFFD (as WHATWG's UTF-8
    encoder, JavaScript's TextEncoder and Swift's String do)."""
    text, index = "", 0
    while index < len(units):
        unit = units[index]
        following = units[index + 1] if index + 1 < len(units) else None
        if 0xD800 <= unit <= 0xDBFF and following is not None and 0xDC00 <= following <= 0xDFFF:
            text += chr(0x10000 + ((unit - 0xD800) << 10) + (following - 0xDC00))
            index += 2
            continue
        text += "\ufffd" if 0xD800 <= unit <= 0xDFFF else chr(unit)
        index += 1
    return text


# Stable ids an app may hold that are not valid Unicode (a JavaScript or Kotlin string with a lone
# surrogate), given as UTF-16 code units, since JSON text cannot carry them in every parser.
surrogate_pairs = [
    ("dark-mode", [0x61, 0xD800, 0x62]), ("dark-mode", [0xDC00]), ("wall-1-0", [0xD83D, 0x61]),
    ("wall-1-0", [0xD83D, 0xDC27]),
]
lone_surrogates = [
    {"salt": salt, "stableIDUTF16": units, "bucket": bucket(salt, without_lone_surrogates(units))}
    for salt, units in surrogate_pairs
]
document = {
    "description": "A user's rollout bucket for a record (docs/client-protocol.md, Rollout): "
    "fmix32(FNV-1a-32(UTF-8 of \"herald:v1:\" + salt + \":\" + stableID)) mod 10000, the same in "
    "every client. salt is the record's id unless the record names another; stableID the "
    "signed-in user's id, else the install's own id. loneSurrogates gives stable ids as UTF-16 "
    "code units: a lone surrogate is encoded as U+FFFD (EF BF BD), never as \"?\".",
    "cases": cases,
    "loneSurrogates": lone_surrogates,
}
with open("conformance/buckets.json", "w", encoding="utf-8") as out:
    json.dump(document, out, ensure_ascii=False, indent=2, sort_keys=True)
    out.write("\n")
