import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { canonicalLocale, editionFor, localeFallbacks } from "../src/locale.js";
import { conformanceFolder, readJSON } from "./support/paths.js";

// The table the Swift LocaleChainTests read too: one source for the locale chain.
const table = readJSON(join(conformanceFolder, "locales.json")) as {
  canonical: [string, string | null][];
  fallbacks: { locale: string; default: string; chain: string[] }[];
  editions: { preferred: string[]; available: string[]; default: string; edition: string }[];
};

test("the shared table is there", () => {
  assert.ok(table.canonical.length >= 10 && table.fallbacks.length >= 5 && table.editions.length >= 10);
});

for (const [text, expected] of table.canonical) {
  test(`locales: canonical ${JSON.stringify(text)} is ${JSON.stringify(expected)}`, () => {
    assert.equal(canonicalLocale(text), expected);
  });
}

for (const entry of table.fallbacks) {
  test(`locales: ${entry.locale} falls back along ${entry.chain.join(" → ")}`, () => {
    assert.deepEqual(localeFallbacks(entry.locale, entry.default), entry.chain);
  });
}

for (const entry of table.editions) {
  const name = `${JSON.stringify(entry.preferred)} of ${JSON.stringify(entry.available)}`;
  test(`locales: ${name} reads ${entry.edition}`, () => {
    assert.equal(editionFor(entry.preferred, entry.available, entry.default), entry.edition);
  });
}
