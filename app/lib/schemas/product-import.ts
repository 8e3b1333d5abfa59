import * as z from "zod/mini";

// The owner's import form (issue 50): one file, a CSV or a ZIP of the CSV and its photos. The
// same check in the browser (before a large file is sent) and in the route's action.

/** The largest file an import takes (a CSV, or a ZIP of a CSV and its photos). */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;

export const IMPORT_FILE_REQUIRED = "Choose the product CSV (or a ZIP of it and its photos) to import";

/** "The file is 50.0 MB: an import takes at most 25 MB". */
export function importTooLarge(bytes: number): string {
  return `The file is ${(bytes / (1024 * 1024)).toFixed(1)} MB: an import takes at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MB`;
}

export const ImportFileSchema = z.object({
  file: z.file({ error: IMPORT_FILE_REQUIRED }).check(
    // A file field left empty sends a nameless empty file.
    z.refine((file) => file.size > 0, IMPORT_FILE_REQUIRED),
    z.superRefine((file, ctx) => {
      if (file.size > MAX_IMPORT_BYTES) ctx.addIssue({ code: "custom", message: importTooLarge(file.size) });
    }),
  ),
});
