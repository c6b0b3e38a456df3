import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { conformanceCases, runCase } from "./support/conformance.js";

// Writes the JS client's state for every conformance case to <folder>/<case file>, so the Swift
// test suite can check that both clients produce the same bytes.
//   node clients/js/build/tests/print-conformance-states.js <folder>

async function main(folder: string | undefined): Promise<number> {
  if (folder === undefined) {
    process.stderr.write("usage: print-conformance-states <folder>\n");
    return 64;
  }
  await mkdir(folder, { recursive: true });
  for (const conformance of conformanceCases()) {
    await writeFile(join(folder, conformance.file), await runCase(conformance), "utf8");
  }
  return 0;
}

main(process.argv[2]).then(
  (status) => (process.exitCode = status),
  (error: unknown) => {
    process.stderr.write(`print-conformance-states: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
