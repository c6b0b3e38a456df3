#!/usr/bin/env python3
# Writes conformance/malformed.json: bodies every client refuses, and bodies it reads. Run from the
# repository root after changing a body here; the JSON is what the clients' tests read.
import base64, json
def row(id="wall", blocking="true", extra=""):
    return ('{"actionLabel": null, "actionUrl": "https://apps.apple.com/app/id1", "blocking": %s, '
            '"body": {"bullets": [], "paragraphs": ["Update to keep riding."]}, "expiresAt": null, '
            '"html": "<p>Update to keep riding.</p>", "id": "%s", "kind": "UPDATE_AVAILABLE", '
            '"maxVersion": "1.0.0", "minVersion": null, "publishedAt": "2026-11-01T00:00:00Z", '
            '"severity": "CRITICAL", "title": "Please update", "updatedAt": null, '
            '"url": "https://example.com/announcements/%s/"%s}') % (blocking, id, id, extra)
def doc(rows, head='"schemaVersion": 1, '):
    return ('{' + head + '"announcements": [' + ", ".join(rows) + '], "nextChangeAt": null, '
            '"platform": "ios", "scope": "release", "updated": null, "version": "1.0.0"}')
valid = doc([row()])
b = lambda s: s.encode("utf-8")
refused = [
 ("duplicate-key-in-row", "blocking written twice: parsers keep the first or the last, a takeover in one client and a wall in another",
  b(doc([row(blocking='false, "blocking": true')]))),
 ("duplicate-escaped-key", "the same key once plainly and once with an escape",
  b(doc([row(extra=', "title": "again"').replace('"title": "Please update"', '"t\\u0069tle": "Please update"', 1)]))),
 ("duplicate-schema-version", "schemaVersion 2 then 1: one parser refuses the document, another reads it",
  b(doc([row()], head='"schemaVersion": 2, "schemaVersion": 1, '))),
 ("duplicate-key-in-document", "announcements twice",
  b(doc([row()]).replace('"nextChangeAt": null', '"nextChangeAt": null, "announcements": []'))),
 ("invalid-utf8", "a byte that starts no UTF-8 sequence, in a title",
  b(valid).replace(b"Please update", b"Please \xff update")),
 ("truncated-utf8", "a UTF-8 sequence cut short",
  b(valid).replace(b"Please update", b"Please \xc3 update")),
 ("overlong-utf8", "an overlong form of /",
  b(valid).replace(b"Please update", b"Please \xc0\xaf update")),
 ("encoded-surrogate", "a surrogate encoded as UTF-8 (CESU)",
  b(valid).replace(b"Please update", b"Please \xed\xa0\x80 update")),
 ("lone-high-surrogate-escape", "an escaped high surrogate with no low one",
  b(valid.replace("Please update", "Please \\ud800 update"))),
 ("lone-low-surrogate-escape", "an escaped low surrogate alone",
  b(valid.replace("Please update", "Please \\udc00 update"))),
 ("reversed-surrogate-escapes", "a low surrogate before a high one",
  b(valid.replace("Please update", "\\udc00\\ud800"))),
 ("byte-order-mark", "UTF-8 with a byte-order mark", b"\xef\xbb\xbf" + b(valid)),
 ("number-beyond-double", "1e99999 under a key no client reads: infinite in one parser, an error in another",
  b(doc([row(extra=', "extra": 1e99999')]))),
 ("negative-beyond-double", "-1e400 at the document's top level",
  b(doc([row()], head='"schemaVersion": 1, "weight": -1e400, '))),
 ("utf16-le-bom", "UTF-16, little-endian, with a byte-order mark", b"\xff\xfe" + valid.encode("utf-16-le")),
 ("utf16-be", "UTF-16, big-endian, no byte-order mark", valid.encode("utf-16-be")),
 ("utf32-le", "UTF-32", valid.encode("utf-32-le")),
 ("nested-65", "nesting one deeper than the limit, in a field no client reads",
  b(doc([row(extra=', "extra": ' + "[" * 62 + "]" * 62)]))),
 ("nested-10000", "nesting ten thousand deep",
  b(doc([row(extra=', "extra": ' + "[" * 10000 + "]" * 10000)]))),
 ("nul-outside-string", "a NUL byte between tokens", b(valid).replace(b'"schemaVersion"', b'\x00"schemaVersion"')),
 ("control-in-string", "a raw line feed inside a string", b(valid.replace("Please update", "Please\nupdate"))),
 ("trailing-garbage", "more after the document", b(valid + " {}")),
 ("trailing-comma", "a comma before a closing bracket", b(valid.replace('"bullets": []', '"bullets": [],'))),
 ("single-quotes", "JSON5, not JSON", b(valid.replace('"Please update"', "'Please update'"))),
 ("leading-zero", "a number with a leading zero", b(valid.replace('"schemaVersion": 1', '"schemaVersion": 01'))),
 ("nan", "NaN is not JSON", b(valid.replace('"nextChangeAt": null', '"nextChangeAt": NaN'))),
 ("comment", "comments are not JSON", b(valid.replace("{", "{/* x */", 1))),
 ("empty", "no bytes at all", b""),
]
# depth: root object 1, announcements 2, row 3, extra arrays 4..; 62 arrays -> 65 deep
accepted = [
 ("plain", "the reference manifest", b(valid), ["wall"]),
 ("nested-64", "nesting exactly at the limit", b(doc([row(extra=', "extra": ' + "[" * 61 + "]" * 61)])), ["wall"]),
 ("surrogate-pair-escape", "an escaped pair is one character", b(valid.replace("Please update", "Please update \\ud83d\\ude8b")), ["wall"]),
 ("non-ascii", "UTF-8 text", b(valid).replace(b"Please update", "Bitte aktualisieren \u2013 \U0001F68B".encode()), ["wall"]),
 ("proto-keys", "keys named like JavaScript's own properties are only keys",
  b(doc([row(extra=', "__proto__": {"blocking": false}, "constructor": 1, "toString": "x"')])), ["wall"]),
 ("similar-keys", "keys that differ only by case are different keys",
  b(doc([row(extra=', "Blocking": false, "BLOCKING": false')])), ["wall"]),
 ("unknown-severity-row", "a row an app cannot read is left out, the others kept",
  b(doc([row(), row(id="later").replace('"CRITICAL"', '"URGENT"')])), ["wall"]),
]
out = {
 "description": "Bodies every Herald client must refuse as a document (docs/client-protocol.md §1: UTF-8 without a byte-order mark, RFC 8259 JSON, no key twice in one object, no escaped lone surrogate, nesting at most maximumDepth deep), and bodies it must read, with the ids of the rows it keeps. Each body is base64. A refused body fails open: the client keeps its cached copy, if any, and nothing interrupts.",
 "refused": [{"name": n, "why": w, "base64": base64.b64encode(x).decode()} for n, w, x in refused],
 "accepted": [{"name": n, "why": w, "base64": base64.b64encode(x).decode(), "ids": ids} for n, w, x, ids in accepted],
}
open("conformance/malformed.json", "w").write(json.dumps(out, indent=2, sort_keys=True) + "\n")
print(len(refused), len(accepted))
