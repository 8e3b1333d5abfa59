// CONTRACT STUB (issue 50 foundation): the jobs helper replaces this file.
import type { ImportJob } from "~/lib/product-import";

export type ImportRefusal = { ok: false; status: 400 | 404 | 409 | 413; message: string };

/**
 * The dry run: reads the upload (a CSV, or a ZIP of a CSV and its photos), plans it against the
 * shop as it is and stores the plan as an import in state "planned". Nothing of the shop changes.
 */
export async function createImport(
  _upload: { name: string; bytes: Uint8Array },
  _by: string | null,
): Promise<{ ok: true; job: ImportJob } | ImportRefusal> {
  throw new Error("createImport: not built yet");
}

/** Applies a planned import in the background (state "queued", then "running", then "done"). */
export async function startImport(_id: string): Promise<{ ok: true; job: ImportJob } | ImportRefusal> {
  throw new Error("startImport: not built yet");
}

/** Throws a planned import away (state "discarded"); nothing was written. */
export async function discardImport(_id: string): Promise<{ ok: true; job: ImportJob } | ImportRefusal> {
  throw new Error("discardImport: not built yet");
}

/** An import with its progress, or null. */
export async function getImport(_id: string): Promise<ImportJob | null> {
  throw new Error("getImport: not built yet");
}

/** The latest imports, newest first. */
export async function listImports(_limit = 10): Promise<ImportJob[]> {
  throw new Error("listImports: not built yet");
}
