// CONTRACT STUB (issue 50 foundation): the photo-fetch helper replaces this file.

/** The largest file an import takes (a CSV, or a ZIP of a CSV and its photos). */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;

export type ReadUpload =
  { ok: true; format: "csv" | "zip"; csv: Uint8Array; photos: Map<string, Uint8Array> } | { ok: false; status: 400 | 413; message: string };

/** A CSV as it is, or a ZIP: its one CSV and its photo files (by file name, any folder dropped). */
export function readUpload(_name: string, _bytes: Uint8Array): ReadUpload {
  throw new Error("readUpload: not built yet");
}
