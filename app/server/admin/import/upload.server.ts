import { unzipSync } from "fflate";
import { importTooLarge, MAX_IMPORT_BYTES } from "~/lib/schemas/product-import";

// What the owner uploads to import (decision 0072): a CSV as it is, or a ZIP of the CSV and its
// photos. A ZIP says how large each file is unpacked before anything is unpacked, so the limits
// below are checked first and a small ZIP that unpacks to gigabytes (a zip bomb) is refused
// without unpacking it; fflate unpacks each file into a buffer of exactly the size it declared,
// so a ZIP that lies about a size cannot grow one either.

export { MAX_IMPORT_BYTES };
/** The most a ZIP's files may come to unpacked, all together. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** The largest photo file a ZIP may hold (as a fetched photo). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 2_000;

export type ReadUpload =
  { ok: true; format: "csv" | "zip"; csv: Uint8Array; photos: Map<string, Uint8Array> } | { ok: false; status: 400 | 413; message: string };

const PHOTO = /\.(jpe?g|png|webp|avif|gif)$/i;

class Refusal extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** A CSV as it is, or a ZIP: its one CSV and its photo files (by file name, any folder dropped). */
export function readUpload(name: string, bytes: Uint8Array): ReadUpload {
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    return { ok: false, status: 413, message: importTooLarge(bytes.byteLength) };
  }
  if (!isZip(bytes)) return { ok: true, format: "csv", csv: bytes, photos: new Map() };
  try {
    return readZip(name, bytes);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: error.status, message: error.message };
    return { ok: false, status: 400, message: `${name || "The file"} is a ZIP that cannot be read (it may be damaged)` };
  }
}

/** A ZIP by its first bytes (PK\x03\x04, or PK\x05\x06 for an empty one), whatever its name. */
function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

function readZip(name: string, bytes: Uint8Array): ReadUpload {
  let entries = 0;
  let unpacked = 0;
  const csvNames: string[] = [];
  const photoPaths = new Map<string, string>();
  const files = unzipSync(bytes, {
    filter(file) {
      entries++;
      if (entries > MAX_ZIP_ENTRIES) throw new Refusal(413, `The ZIP holds more than ${MAX_ZIP_ENTRIES.toLocaleString("en")} files`);
      const parts = file.name.split(/[\\/]/);
      const base = parts.at(-1) ?? "";
      // Folders, macOS's __MACOSX copies and hidden files (.DS_Store, ._photo.jpg) are not the owner's.
      if (!base || parts.some((part) => part === "__MACOSX" || part.startsWith("."))) return false;
      const isCsv = /\.csv$/i.test(base);
      const isPhoto = PHOTO.test(base);
      if (!isCsv && !isPhoto) return false;
      // A deflated file is never much larger than it unpacks to: a ZIP saying so is damaged or lying.
      if (file.size > file.originalSize + file.originalSize / 100 + 1024) throw new Refusal(400, `${file.name} in the ZIP is damaged`);
      unpacked += file.originalSize;
      if (unpacked > MAX_UNPACKED_BYTES) {
        throw new Refusal(
          413,
          `The ZIP's files come to more than ${limit(MAX_UNPACKED_BYTES)} MB unpacked: split the import into smaller ZIPs`,
        );
      }
      if (isCsv) {
        csvNames.push(file.name);
        return csvNames.length === 1;
      }
      if (file.originalSize > MAX_PHOTO_BYTES) {
        throw new Refusal(
          413,
          `${file.name} in the ZIP is ${mb(file.originalSize)} MB: a photo may be at most ${limit(MAX_PHOTO_BYTES)} MB`,
        );
      }
      const other = photoPaths.get(base);
      if (other !== undefined) {
        throw new Refusal(
          400,
          `The ZIP has two photos named ${base} (${other} and ${file.name}): photos are found by file name, so each needs its own`,
        );
      }
      photoPaths.set(base, file.name);
      return true;
    },
  });
  if (csvNames.length === 0)
    return { ok: false, status: 400, message: `${name || "The ZIP"} holds no .csv file: put the product CSV in it` };
  if (csvNames.length > 1) {
    return {
      ok: false,
      status: 400,
      message: `${name || "The ZIP"} holds ${csvNames.length} .csv files (${csvNames.join(", ")}): put exactly one in it`,
    };
  }
  const photos = new Map<string, Uint8Array>();
  for (const [base, path] of photoPaths) photos.set(base, files[path]!);
  return { ok: true, format: "zip", csv: files[csvNames[0]!]!, photos };
}

/** A limit in whole megabytes: "25". */
function limit(bytes: number): string {
  return String(Math.round(bytes / (1024 * 1024)));
}

/** Megabytes with one decimal: 52428800 → "50.0". */
function mb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}
