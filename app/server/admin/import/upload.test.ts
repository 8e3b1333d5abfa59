import { zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_BYTES, readUpload } from "./upload.server";

const text = (value: string) => new TextEncoder().encode(value);
const CSV = text("Handle,Title\nred-shirt,Red shirt\n");
const photo = (seed: number) => Uint8Array.from({ length: 64 }, (_, i) => (i * seed) % 256);

const refused = (result: ReturnType<typeof readUpload>) => {
  if (result.ok) throw new Error("expected a refusal");
  return result;
};
const read = (result: ReturnType<typeof readUpload>) => {
  if (!result.ok) throw new Error(result.message);
  return result;
};

describe("readUpload: a CSV", () => {
  it("takes the bytes as they are, whatever the file is called (whether they are CSV is the parser's to say)", () => {
    expect(readUpload("products.csv", CSV)).toEqual({ ok: true, format: "csv", csv: CSV, photos: new Map() });
    // Named .zip but not one: still handed to the parser, which will say it is not a CSV.
    expect(read(readUpload("photos.zip", text("hello"))).format).toBe("csv");
  });

  it("refuses a file over 25 MB with its size", () => {
    const result = refused(readUpload("big.csv", new Uint8Array(50 * 1024 * 1024)));
    expect(result).toEqual({ ok: false, status: 413, message: "The file is 50.0 MB: an import takes at most 25 MB" });
    expect(read(readUpload("just.csv", new Uint8Array(MAX_IMPORT_BYTES))).format).toBe("csv");
  });
});

describe("readUpload: a ZIP", () => {
  it("finds the CSV at any depth and the photos by file name, folders dropped, known by its bytes not its name", () => {
    const zip = zipSync({
      export: {
        "products.csv": CSV,
        images: { "red.JPG": photo(3), "blue.webp": photo(5) },
        "notes.txt": text("not imported"),
      },
      "green.png": photo(7),
      "__MACOSX/export/._products.csv": text("resource fork"),
      "__MACOSX/export/images/._red.JPG": text("resource fork"),
      ".hidden.csv": text("a,b"),
      "export/.DS_Store": text("x"),
    });
    const result = read(readUpload("catalogue.csv", zip));
    expect(result.format).toBe("zip");
    expect(new TextDecoder().decode(result.csv)).toBe("Handle,Title\nred-shirt,Red shirt\n");
    expect([...result.photos.keys()].sort()).toEqual(["blue.webp", "green.png", "red.JPG"]);
    expect(result.photos.get("red.JPG")).toEqual(photo(3));
    expect(result.photos.get("green.png")).toEqual(photo(7));
  });

  it("takes stored (uncompressed) files and a ZIP without photos", () => {
    const result = read(readUpload("a.zip", zipSync({ "products.csv": [CSV, { level: 0 }] })));
    expect(new TextDecoder().decode(result.csv)).toContain("red-shirt");
    expect(result.photos.size).toBe(0);
  });

  it("refuses a ZIP without a CSV, or with several", () => {
    expect(refused(readUpload("photos.zip", zipSync({ "a.jpg": photo(1) })))).toEqual({
      ok: false,
      status: 400,
      message: "photos.zip holds no .csv file: put the product CSV in it",
    });
    const two = refused(readUpload("two.zip", zipSync({ "products.csv": CSV, old: { "products-2023.csv": CSV } })));
    expect(two.status).toBe(400);
    expect(two.message).toBe("two.zip holds 2 .csv files (products.csv, old/products-2023.csv): put exactly one in it");
  });

  it("refuses two photos of one file name in different folders (Image Src names a photo by file name)", () => {
    const result = refused(
      readUpload("a.zip", zipSync({ "products.csv": CSV, men: { "shirt.jpg": photo(1) }, women: { "shirt.jpg": photo(2) } })),
    );
    expect(result.status).toBe(400);
    expect(result.message).toContain("two photos named shirt.jpg (men/shirt.jpg and women/shirt.jpg)");
  });

  it("refuses a zip bomb before unpacking it: files coming to more than 100 MB unpacked", () => {
    // 30 photos of 4 MB of zeros: 120 MB unpacked, a few hundred kB packed.
    const zeros = new Uint8Array(4 * 1024 * 1024);
    const files: Zippable = { "products.csv": CSV };
    for (let i = 0; i < 30; i++) files[`p${i}.png`] = [zeros, { level: 9 }];
    const zip = zipSync(files);
    expect(zip.byteLength).toBeLessThan(MAX_IMPORT_BYTES / 10);
    const result = refused(readUpload("bomb.zip", zip));
    expect(result.status).toBe(413);
    expect(result.message).toBe("The ZIP's files come to more than 100 MB unpacked: split the import into smaller ZIPs");
  });

  it("refuses a photo over 5 MB, and more than 2,000 files", () => {
    const big = refused(readUpload("a.zip", zipSync({ "products.csv": CSV, photos: { "huge.jpg": new Uint8Array(6 * 1024 * 1024) } })));
    expect(big).toEqual({ ok: false, status: 413, message: "photos/huge.jpg in the ZIP is 6.0 MB: a photo may be at most 5 MB" });

    const many: Zippable = { "products.csv": CSV };
    for (let i = 0; i < 2000; i++) many[`p${i}.gif`] = photo(i);
    const manyResult = refused(readUpload("many.zip", zipSync(many)));
    expect(manyResult).toEqual({ ok: false, status: 413, message: "The ZIP holds more than 2,000 files" });
    delete many["p0.gif"];
    expect(read(readUpload("many.zip", zipSync(many))).photos.size).toBe(1999);
  });

  it("refuses a ZIP that understates a file's unpacked size (so the limits cannot be dodged)", () => {
    const zip = zipSync({ "products.csv": CSV, "zeros.png": [new Uint8Array(4 * 1024 * 1024), { level: 9 }] });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    // The central directory's entry of zeros.png: signature 0x02014b50, unpacked size at +24.
    let patched = 0;
    for (let at = 0; at < zip.byteLength - 46; at++) {
      if (view.getUint32(at, true) === 0x02014b50 && view.getUint32(at + 24, true) === 4 * 1024 * 1024) {
        view.setUint32(at + 24, 10, true);
        patched++;
      }
    }
    expect(patched).toBe(1);
    expect(refused(readUpload("liar.zip", zip))).toEqual({ ok: false, status: 400, message: "zeros.png in the ZIP is damaged" });
  });

  it("refuses a damaged ZIP with a message, never an exception", () => {
    const zip = zipSync({ "products.csv": CSV, "a.jpg": photo(2) });
    const damaged = zip.slice(0, zip.byteLength - 30);
    expect(refused(readUpload("broken.zip", damaged))).toEqual({
      ok: false,
      status: 400,
      message: "broken.zip is a ZIP that cannot be read (it may be damaged)",
    });
  });
});

describe("readUpload: a ZIP that lies about a size", () => {
  it("refuses a file that unpacks to more than it declares, stopping at the declared size", () => {
    // 200 MB of zeros packs to a few hundred kB; the ZIP is then made to say the CSV is 4 MB.
    const zip = zipSync({ "products.csv": new Uint8Array(200 * 1024 * 1024) }, { level: 1 });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const declared = 4 * 1024 * 1024;
    view.setUint32(22, declared, true); // local header: uncompressed size
    const central = zip.length - 22 - view.getUint32(zip.length - 22 + 12, true);
    expect(view.getUint32(central, true)).toBe(0x02014b50);
    view.setUint32(central + 24, declared, true); // central directory: uncompressed size
    const started = performance.now();
    const result = refused(readUpload("lying.zip", zip));
    console.log(`lying ZIP (${zip.length} bytes) refused in ${Math.round(performance.now() - started)} ms`);
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: "The ZIP's file products.csv is larger than it says: it may be damaged",
    });
  });

  it("refuses a file whose contents do not match its CRC-32", () => {
    const zip = zipSync({ "products.csv": CSV }, { level: 0 });
    zip[30 + "products.csv".length]! ^= 0xff; // the first stored byte
    expect(refused(readUpload("bad.zip", zip))).toEqual({
      ok: false,
      status: 400,
      message: "The ZIP's file products.csv is damaged (its contents do not match what the ZIP says of it)",
    });
  });
});
