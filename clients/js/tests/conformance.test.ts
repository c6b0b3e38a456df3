import assert from "node:assert/strict";
import { test } from "node:test";
import { writeJSON } from "../src/state.js";
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
