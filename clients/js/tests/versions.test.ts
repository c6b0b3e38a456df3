import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { canonicalVersion, compareVersions, parseVersion, Version, versionsEqual } from "../src/version.js";
import { conformanceFolder, readJSON } from "./support/paths.js";

// The table the Swift VersionTests read too: one source for how versions compare.
const table = readJSON(join(conformanceFolder, "versions.json")) as {
  ordered: [string, string][];
  equal: [string, string][];
  chain: string[];
  canonical: [string, string][];
  invalid: { text: string; reason: string }[];
};

function version(text: string): Version {
  const parsed = parseVersion(text);
  assert.ok(parsed !== undefined, `${JSON.stringify(text)} should be a version`);
  return parsed;
}

test("the shared table is there", () => {
  assert.ok(table.ordered.length >= 10 && table.invalid.length >= 10 && table.chain.length === 8);
});

for (const [lower, higher] of table.ordered) {
  test(`versions: ${lower} < ${higher}`, () => {
    assert.ok(compareVersions(version(lower), version(higher)) < 0);
    assert.ok(compareVersions(version(higher), version(lower)) > 0);
    assert.ok(!versionsEqual(version(lower), version(higher)));
  });
}

for (const [left, right] of table.equal) {
  test(`versions: ${left} = ${right}`, () => {
    assert.equal(compareVersions(version(left), version(right)), 0);
    assert.equal(compareVersions(version(right), version(left)), 0);
  });
}

test("versions: the SemVer 2.0.0 §11 chain is in order, and sorting a reversed copy restores it", () => {
  const chain = table.chain.map(version);
  for (let index = 1; index < chain.length; index++) {
    assert.ok(compareVersions(chain[index - 1], chain[index]) < 0, `${table.chain[index - 1]} < ${table.chain[index]}`);
  }
  const sorted = [...chain].reverse().sort(compareVersions).map((item) => item.text);
  assert.deepEqual(sorted, table.chain);
});

for (const [text, expected] of table.canonical) {
  test(`versions: ${text} is named ${expected}`, () => {
    assert.equal(canonicalVersion(version(text)), expected);
  });
}

for (const { text, reason } of table.invalid) {
  test(`versions: ${JSON.stringify(text)} is refused (${reason})`, () => {
    assert.equal(parseVersion(text), undefined);
  });
}
