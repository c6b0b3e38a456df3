import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { hex, sha256, sha512 } from "../src/sha2.js";
import { base64Bytes, ownCrypto, SignatureChecking, webCrypto } from "../src/signing.js";
import { conformanceFolder, readJSON } from "./support/paths.js";

// Every Ed25519 verifier of this client, each fallback included, against Wycheproof's vectors
// (conformance/wycheproof/, copied with their provenance and license).

interface Vector {
  tcId: number;
  comment: string;
  msg: string;
  sig: string;
  result: string;
}

interface Wycheproof {
  testGroups: { publicKey: { pk: string }; tests: Vector[] }[];
}

const bytesOf = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
type Subtle = Parameters<typeof webCrypto>[0];
const subtle = (globalThis as unknown as { crypto: { subtle: Subtle } }).crypto.subtle;
const vectors = readJSON(join(conformanceFolder, "wycheproof", "ed25519_test.json")) as Wycheproof;
const verifiers: [string, SignatureChecking][] = [
  ["this library's own (React Native)", ownCrypto],
  ["WebCrypto's", webCrypto(subtle)],
];

for (const [name, checking] of verifiers) {
  test(`Wycheproof's Ed25519 vectors, through ${name} verifier`, async () => {
    let count = 0;
    for (const group of vectors.testGroups) {
      for (const vector of group.tests) {
        const verified = await checking.verify(bytesOf(group.publicKey.pk), bytesOf(vector.msg), bytesOf(vector.sig));
        assert.equal(verified, vector.result === "valid", `tcId ${vector.tcId}: ${vector.comment}`);
        count++;
      }
    }
    assert.equal(count, 151);
  });
}

test("SHA-256 and SHA-512 agree with WebCrypto's at every padding boundary", async () => {
  for (const length of [0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 1000, 70_000]) {
    const bytes = Uint8Array.from({ length }, (_, index) => (index * 31 + 7) & 0xff);
    const web256 = hex(new Uint8Array(await subtle.digest("SHA-256", bytes)));
    const web512 = hex(new Uint8Array(await subtle.digest("SHA-512", bytes)));
    assert.equal(hex(sha256(bytes)), web256, `SHA-256 of ${length} bytes`);
    assert.equal(hex(sha512(bytes)), web512, `SHA-512 of ${length} bytes`);
  }
});

test("base64 is read strictly: padding, the standard alphabet, nothing else", () => {
  assert.deepEqual(Array.from(base64Bytes("aGk=") ?? []), [0x68, 0x69]);
  assert.deepEqual(Array.from(base64Bytes("") ?? [1]), []);
  for (const bad of ["aGk", "aG=k", "a-k=", "aGk=\n", "ab c"]) assert.equal(base64Bytes(bad), null, bad);
});
