import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { StorageAdapter } from "./storage.js";

/**
 * Keeps documents and seen lists as files in a folder (made when first written), for Node: a
 * server-side renderer, a CLI, a test. Each value is written to a temporary file and renamed over
 * the old one, so a crash never leaves half a document.
 */
export function fileStorage(folder: string): StorageAdapter {
  // Keys become file names byte for byte safe on every file system: anything but [A-Za-z0-9._-] is %XX.
  const file = (key: string) =>
    join(
      folder,
      Array.from(new TextEncoder().encode(key), (byte) => {
        const character = String.fromCharCode(byte);
        return /[A-Za-z0-9._-]/.test(character) ? character : "%" + byte.toString(16).toUpperCase().padStart(2, "0");
      }).join(""),
    );
  let sequence = 0;
  return {
    async getItem(key) {
      try {
        return await readFile(file(key), "utf8");
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
    async setItem(key, value) {
      await mkdir(folder, { recursive: true });
      const temporary = `${file(key)}.${process.pid}.${sequence++}.tmp`;
      await writeFile(temporary, value, "utf8");
      await rename(temporary, file(key));
    },
  };
}
