import { inflateRawSync } from "node:zlib";
import { unzipSync } from "fflate";
import { importTooLarge, MAX_IMPORT_BYTES } from "~/lib/schemas/product-import";

// What the owner uploads to import (decision 0072): a CSV as it is, or a ZIP of the CSV and its
// photos. A ZIP says how large each file is unpacked before anything is unpacked, so the limits
// below are checked first and a small ZIP that unpacks to gigabytes (a zip bomb) is refused
// without unpacking it. fflate's unzipSync only reads the ZIP and runs those checks (its filter
// refuses every file); the files kept are then unpacked one by one with zlib, which stops as soon
// as a file gives more than it declared: a ZIP that understates a size (4 MB said, 4 GB inside)
// costs the bytes declared, not minutes of unpacking. Each file's CRC-32 is checked too.

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
  unzipSync(bytes, {
    // Nothing is unpacked here: see unpack.
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
      return false;
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
  const directory = centralDirectory(bytes);
  const unpack = (path: string) => unpackEntry(bytes, directory.get(path), path);
  const csv = unpack(csvNames[0]!);
  const photos = new Map<string, Uint8Array>();
  for (const [base, path] of photoPaths) photos.set(base, unpack(path));
  return { ok: true, format: "zip", csv, photos };
}

type Entry = { method: number; crc: number; packed: number; size: number; offset: number };

/** The ZIP's files by name, as its central directory lists them (ZIP64 sizes included). */
function centralDirectory(bytes: Uint8Array): Map<string, Entry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("no end of central directory");
  let count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if ((count === 0xffff || at === 0xffffffff) && end >= 20 && view.getUint32(end - 20, true) === 0x07064b50) {
    const record = Number(view.getBigUint64(end - 12, true));
    count = Number(view.getBigUint64(record + 32, true));
    at = Number(view.getBigUint64(record + 48, true));
  }
  const decoder = new TextDecoder();
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("bad central directory");
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const entry: Entry = {
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      packed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    };
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // ZIP64: the values that say 0xffffffff are in the extra field 0x0001, in this order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength;) {
      const id = view.getUint16(x, true);
      const length = view.getUint16(x + 2, true);
      if (id === 1) {
        let y = x + 4;
        const wide = () => Number(view.getBigUint64((y += 8) - 8, true));
        if (entry.size === 0xffffffff) entry.size = wide();
        if (entry.packed === 0xffffffff) entry.packed = wide();
        if (entry.offset === 0xffffffff) entry.offset = wide();
      }
      x += 4 + length;
    }
    entries.set(name, entry);
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  }
  return entries;
}

/** One file's bytes; never more than it declared, refused if it has more or its CRC-32 differs. */
function unpackEntry(bytes: Uint8Array, entry: Entry | undefined, path: string): Uint8Array {
  if (!entry) throw new Error(`${path} not in the central directory`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(entry.offset, true) !== 0x04034b50) throw new Error("bad local header");
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const packed = bytes.subarray(start, start + entry.packed);
  const lying = new Refusal(400, `The ZIP's file ${path} is larger than it says: it may be damaged`);
  let unpacked: Uint8Array;
  if (entry.method === 0) {
    if (entry.packed !== entry.size) throw lying;
    unpacked = packed;
  } else if (entry.method === 8) {
    try {
      // zlib gives up as soon as the output passes maxOutputLength: no time spent on the rest.
      unpacked = new Uint8Array(inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw lying;
      throw error;
    }
    if (unpacked.length > entry.size) throw lying;
  } else {
    throw new Error(`compression method ${entry.method}`);
  }
  if (unpacked.length !== entry.size || crc32(unpacked) !== entry.crc) {
    throw new Refusal(400, `The ZIP's file ${path} is damaged (its contents do not match what the ZIP says of it)`);
  }
  return unpacked;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A limit in whole megabytes: "25". */
function limit(bytes: number): string {
  return String(Math.round(bytes / (1024 * 1024)));
}

/** Megabytes with one decimal: 52428800 → "50.0". */
function mb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}
