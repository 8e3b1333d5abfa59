import fs from "node:fs";
import path from "node:path";
import { describe as group, expect, it } from "vitest";
import { DEMO_PRODUCTS, demoImagePath, describe, type Kind } from "./catalog";

// What each kind of demo product is called. A title that names a kind (a "Headband", a "Polo")
// must be drawn and described as that kind, never as another (a headband with a sock picture).
const KIND_WORDS: Record<Kind, string[]> = {
  tee: ["tee", "tees"],
  polo: ["polo"],
  shirt: ["shirt"],
  hoodie: ["hoodie"],
  jacket: ["jacket"],
  jeans: ["jeans"],
  trousers: ["trousers"],
  shorts: ["shorts"],
  dress: ["dress"],
  skirt: ["skirt"],
  sneaker: ["sneakers", "trainers", "shoes"],
  boot: ["boots"],
  sandal: ["sandals", "slides"],
  cap: ["cap"],
  bag: ["bag", "backpack"],
  watch: ["watch"],
  sunglasses: ["sunglasses"],
  socks: ["socks"],
  headband: ["headband"],
  belt: ["belt"],
  scarf: ["scarf"],
};
// Garments a title may name that the catalogue has no picture for: a title naming one is wrong.
const UNDRAWN = ["leggings", "joggers", "tracksuit", "sweater", "coat"];

const wordsOf = (title: string): string[] => title.toLowerCase().match(/[a-z]+/g) ?? [];

group("demo catalogue", () => {
  it("names, draws and describes each product as the same kind of thing", () => {
    const wrong: string[] = [];
    for (const product of DEMO_PRODUCTS) {
      const words = wordsOf(product.title);
      for (const [kind, names] of Object.entries(KIND_WORDS)) {
        // "Sweatshirt Dress" is a dress: the last kind the title names is what it is.
        const named = names.filter((n) => words.includes(n));
        if (named.length && kind !== product.kind && words.lastIndexOf(named.at(-1)!) === lastKindWordIndex(words)) {
          wrong.push(`${product.title} is named a ${kind} but is a ${product.kind}`);
        }
      }
      for (const garment of UNDRAWN) if (words.includes(garment)) wrong.push(`${product.title}: no picture of ${garment}`);
      // The description speaks of the kind of thing it is, never of socks for a headband.
      // A T-shirt is a tee (its description says so, for a shopper who searches "tshirt").
      const text = describe(product).toLowerCase().replaceAll("t-shirt", "tee");
      for (const [kind, names] of Object.entries(KIND_WORDS)) {
        if (kind !== product.kind && names.some((n) => wordsOf(text).includes(n))) wrong.push(`${product.title}: text mentions ${kind}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("has a picture for every product, each drawn for its kind", () => {
    const root = path.resolve(import.meta.dirname, "../../public");
    const shapes = new Map<string, Kind>();
    for (const product of DEMO_PRODUCTS) {
      const file = path.join(root, demoImagePath(product));
      expect(fs.existsSync(file), file).toBe(true);
      const shape = fs.readFileSync(file, "utf8").match(/<path d="([^"]+)"/)![1]!;
      // One silhouette per kind: two kinds sharing a drawing would show one as the other.
      if (shapes.has(shape)) expect(shapes.get(shape), product.title).toBe(product.kind);
      shapes.set(shape, product.kind);
    }
    expect(new Set(shapes.values()).size).toBe(new Set(DEMO_PRODUCTS.map((p) => p.kind)).size);
  });
});

/** Where the last word naming any kind stands in the title. */
function lastKindWordIndex(words: string[]): number {
  const all = new Set(Object.values(KIND_WORDS).flat());
  let last = -1;
  words.forEach((w, i) => {
    if (all.has(w)) last = i;
  });
  return last;
}
