import assert from "node:assert/strict";
import { test } from "node:test";
import { writeJSON } from "../src/state.js";
import { choosePlatformCrypto, ownCrypto, platformCrypto } from "../src/signing.js";
import { conformanceCases, runCase } from "./support/conformance.js";

const cases = conformanceCases();

test("the conformance cases are there (conformance/client/cases)", () => {
  assert.ok(cases.length >= 60, `only ${cases.length} cases`);
});

for (const conformance of cases) {
  test(`conformance: ${conformance.name}: ${conformance.description}`, async () => {
    assert.equal(await runCase(conformance), writeJSON(conformance.expected));
  });
}

// Every signed case again through this library's own Ed25519 and SHA-256, the verifier React
// Native's Hermes uses (Node has WebCrypto's, which the cases above went through).
test("the signed cases pass through WebCrypto (Node 20's) first", async () => {
  assert.equal(await platformCrypto(), await platformCrypto());
  assert.notEqual(await platformCrypto(), ownCrypto, "Node 20 has WebCrypto's Ed25519");
});
for (const conformance of cases.filter((test) => test.name.startsWith("signed-"))) {
  test(`conformance, own verifier: ${conformance.name}`, async () => {
    choosePlatformCrypto(ownCrypto);
    try {
      assert.equal(await runCase(conformance), writeJSON(conformance.expected));
    } finally {
      choosePlatformCrypto(null);
    }
  });
}
