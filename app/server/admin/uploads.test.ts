import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/server/database/db.server";
import { moveUploadsIntoDatabase, readUpload, uploadExists, uploadsDir } from "./uploads.server";

describe("readUpload", () => {
  it("serves only names it generated (no path traversal)", async () => {
    for (const name of ["../../x.png", "..%2F..%2Fshop.db", "shop.db", "session-secret"]) expect(await readUpload(name)).toBeNull();
  });
});

describe("moveUploadsIntoDatabase", () => {
  it("moves the images of DATA_DIR/uploads into the database once, byte for byte, leaving other files", async () => {
    const webp = (color: string) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
        .webp()
        .toBuffer();
    const files = { [`${"a".repeat(32)}.webp`]: await webp("#ff0000"), [`${"b".repeat(32)}.webp`]: await webp("#00ff00") };
    fs.mkdirSync(uploadsDir(), { recursive: true });
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(uploadsDir(), name), bytes);
    fs.writeFileSync(path.join(uploadsDir(), "notes.txt"), "not an upload");
    // A move cut off by a crash: one row already stored, its file not yet deleted.
    await db
      .insertInto("images")
      .values({
        name: `${"a".repeat(32)}.webp`,
        content_type: "image/webp",
        bytes: files[`${"a".repeat(32)}.webp`]!,
        size: 1,
        created_at: "x",
      })
      .execute();

    expect(await moveUploadsIntoDatabase()).toBe(2);
    for (const [name, bytes] of Object.entries(files)) {
      expect(Buffer.from((await readUpload(name))!.bytes).equals(bytes)).toBe(true);
      expect(fs.existsSync(path.join(uploadsDir(), name))).toBe(false);
    }
    expect(await uploadExists(`${"b".repeat(32)}.webp`)).toBe(true);
    expect(fs.readdirSync(uploadsDir())).toEqual(["notes.txt"]);
    const rows = await db.selectFrom("images").select("name").where("name", "in", Object.keys(files)).execute();
    expect(rows).toHaveLength(2);
    expect(await moveUploadsIntoDatabase()).toBe(0);
  });
});
