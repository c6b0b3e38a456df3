import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Compiled, this file is clients/js/build/tests/support/paths.js: five folders below the repository root.
const here = dirname(fileURLToPath(import.meta.url));

/** The repository's root folder. */
export const repositoryRoot = join(here, "..", "..", "..", "..", "..");

/** The language-neutral conformance folder every client reads. */
export const conformanceFolder = join(repositoryRoot, "conformance");

/** Reads a JSON file of the repository. */
export function readJSON(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}
