import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readUpload, storeImage, uploadsDir } from "./uploads.server";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();

describe("storeImage", () => {
  it("re-encodes an image as WebP under a random name, resized to fit", async () => {
    const stored = await storeImage(new Uint8Array(await png(3000, 1000)));
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    expect(stored.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const file = path.join(uploadsDir(), path.basename(stored.url));
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 533 });
  });

  it("judges by content: a text file named .png is refused", async () => {
    const result = await storeImage(new TextEncoder().encode("this is not an image, whatever its name says"));
    expect(result).toMatchObject({ ok: false, status: 400, message: "Invalid file type" });
  });

  it("refuses more than 5 MB", async () => {
    const result = await storeImage(new Uint8Array(6 * 1024 * 1024));
    expect(result).toMatchObject({ ok: false, status: 413, message: "File too large" });
  });

  it("serves only names it generated (no path traversal)", async () => {
    for (const name of ["../../x.png", "..%2F..%2Fshop.db", "shop.db", "session-secret"]) expect(await readUpload(name)).toBeNull();
  });
});
