import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema";
import { MAX_PHOTOS } from "~/lib/photos";
import type { ImportItemData, ImportProblem, ImportSummary, PlannedCategory } from "~/lib/product-import";
import { CategorySchema, BrandSchema } from "~/lib/schemas/catalogue";
import { insertProductIn, updateProductIn, type ProductColumns } from "~/server/admin/products.server";
import { catalogue, forgetCatalogue, saveBrand, saveCategory, type CatalogueSnapshot } from "~/server/catalog/catalogue.server";
import { holderOf } from "~/server/catalog/handles.server";
import { isBusyError, isForeignKeyViolation, uniqueViolationOf } from "~/server/database/db-errors.server";
import { db, newId, now } from "~/server/database/db.server";
import { keepRenewing, LEASE_TERM_MS, newHolder } from "~/server/database/leases.server";
import { lockRows, skipLocked } from "~/server/database/locks.server";
import { dropSharedPages } from "~/server/platform/page-cache.server";
import {
  isSamePhoto,
  NO_PHOTO,
  placeImportedPhotos,
  renderPhoto,
  type ImportedPhoto,
  type RenderedPhoto,
} from "~/server/media/photos.server";
import { log } from "~/server/platform/log.server";
import { fetchPhoto } from "./fetch-photo.server";

// Applying an import (issue 50, decision 0071). Every process runs a runner, as it runs a mail
// sender: it claims a queued import, or a running one whose holder stopped renewing its lease, and
// applies its pending items in file order, each in a transaction of its own that writes the product
// and marks the item done, so a crash leaves each product wholly in or not at all and the next
// holder resumes at the first pending item. Photos are fetched and made outside the transactions,
// a few at a time and ahead of the item being written.

type Trx = Transaction<Database>;

/** Photos fetched at once, across items; items prepared ahead of the one being written. */
const FETCHES = 4;
const LOOKAHEAD = 8;
const BATCH = 100;

/** A reason an item cannot go in that only applying finds (the shop changed since the dry run). */
class ItemRefusal extends Error {}

export type PendingItem = { seq: number; action: "create" | "update" | "unchanged"; productId: string | null; data: ImportItemData };

type Prepared = PendingItem & { photos: ImportedPhoto[]; problems: ImportProblem[] };

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase("en") === b.trim().toLocaleLowerCase("en");

/** A category by its names from the top (["Women", "Dresses"]), in any letter case, or undefined. */
export function categoryByPath(snapshot: CatalogueSnapshot, names: readonly string[]) {
  let parentId: string | null = null;
  let found: CatalogueSnapshot["categories"][number] | undefined;
  for (const name of names) {
    found = snapshot.categories.find((c) => c.parentId === parentId && sameName(c.name, name));
    if (!found) return undefined;
    parentId = found.id;
  }
  return found;
}

const brandByName = (snapshot: CatalogueSnapshot, name: string) => snapshot.brands.find((b) => sameName(b.name, name));

/**
 * The plan's categories and brands the shop does not have yet, made (each by the catalogue's own
 * rules, idempotent by name: one made meanwhile, or by an earlier run of this import, is used).
 * A refusal is the whole import's failure: its products have nowhere to go.
 */
export async function ensureCatalogue(summary: Pick<ImportSummary, "categoriesToCreate" | "brandsToCreate">): Promise<string | null> {
  forgetCatalogue();
  const tops = [...summary.categoriesToCreate].sort((a, b) => a.path.length - b.path.length);
  for (const category of tops) {
    const problem = await ensureCategory(category);
    if (problem) return problem;
  }
  for (const name of summary.brandsToCreate) {
    if (brandByName(await catalogue(), name)) continue;
    const saved = await saveBrand(null, BrandSchema.parse({ name }));
    if (!saved.ok && !brandByName(await freshCatalogue(), name)) return `Brand "${name}" could not be made: ${saved.message}`;
  }
  forgetCatalogue();
  return null;
}

async function freshCatalogue(): Promise<CatalogueSnapshot> {
  forgetCatalogue();
  return catalogue();
}

async function ensureCategory({ path, sizes }: PlannedCategory): Promise<string | null> {
  for (let depth = 1; depth <= path.length; depth++) {
    const names = path.slice(0, depth);
    if (categoryByPath(await catalogue(), names)) continue;
    const parent = depth > 1 ? categoryByPath(await catalogue(), names.slice(0, -1)) : null;
    const saved = await saveCategory(
      null,
      CategorySchema.parse({ name: names.at(-1), parentId: parent?.id ?? null, sizes: depth === path.length ? sizes : undefined }),
    );
    if (!saved.ok && !categoryByPath(await freshCatalogue(), names)) {
      return `Category "${names.join(" > ")}" could not be made: ${saved.message}`;
    }
  }
  return null;
}

/** At most `limit` at once, the others waiting their turn. */
function limiter(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

type Limit = ReturnType<typeof limiter>;

/** A photo's bytes: from the ZIP the import brought ("zip:<name>"), else fetched from its address. */
async function photoBytes(importId: string, src: string): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; message: string }> {
  if (src.startsWith("zip:")) {
    const name = src.slice("zip:".length);
    const file = await db
      .selectFrom("import_files")
      .select("bytes")
      .where("import_id", "=", importId)
      .where("name", "=", name)
      .executeTakeFirst();
    return file ? { ok: true, bytes: new Uint8Array(file.bytes) } : { ok: false, message: `the ZIP has no file "${name}"` };
  }
  return fetchPhoto(src);
}

/**
 * What an item needs besides the database's write lock: the photos the product does not have yet
 * (isSamePhoto), fetched and made in all their sizes. A photo that cannot be had is a warning on its
 * line; the product still goes in.
 */
async function prepare(importId: string, item: PendingItem, limit: Limit): Promise<Prepared> {
  const problems: ImportProblem[] = [];
  if (item.action === "unchanged") return { ...item, photos: [], problems };
  // The photos the product has: by their source, or the shop's own address of one (its export).
  const have = item.productId
    ? await db.selectFrom("product_photos").select(["src", "base", "source"]).where("product_id", "=", item.productId).execute()
    : [];
  const wanted = [...item.data.photos].sort((a, b) => a.position - b.position).slice(0, MAX_PHOTOS);
  for (const photo of item.data.photos.filter((p) => !wanted.includes(p))) {
    problems.push(warning(item, photo.line, `a product has at most ${MAX_PHOTOS} photos: ${photo.src} was left out`));
  }
  const photos = await Promise.all(
    wanted.map(async (photo): Promise<ImportedPhoto | null> => {
      const base = { source: photo.src, alt: photo.alt, color: photo.color };
      if (have.some((row) => isSamePhoto(row, photo.src))) return { ...base, rendered: null };
      // Each failure as one sentence naming the photo: fetchPhoto's messages already do.
      const made = await limit(async (): Promise<RenderedPhoto | string> => {
        const got = await photoBytes(importId, photo.src);
        if (!got.ok) return photo.src.startsWith("zip:") ? `${photo.src.slice(4)}: ${got.message}` : got.message;
        const rendered = await renderPhoto(got.bytes);
        return "ok" in rendered ? `${photo.src}: ${rendered.message}` : rendered;
      }).catch((error: unknown) => `could not fetch ${photo.src}: ${error instanceof Error ? error.message : String(error)}`);
      if (typeof made === "string") {
        problems.push(warning(item, photo.line, made));
        return null;
      }
      return { ...base, rendered: made };
    }),
  );
  return { ...item, photos: photos.filter((p): p is ImportedPhoto => p !== null), problems };
}

const warning = (item: PendingItem, line: number, message: string): ImportProblem => ({
  line,
  column: "Image Src",
  message,
  severity: "warning",
  handle: item.data.handle,
});

/** The product's columns as the import writes them, its category and brand resolved by name. */
function columnsOf(data: ImportItemData, snapshot: CatalogueSnapshot): ProductColumns {
  const category = categoryByPath(snapshot, data.categoryPath);
  if (!category) throw new ItemRefusal(`the category "${data.categoryPath.join(" > ")}" does not exist`);
  const brand = brandByName(snapshot, data.brand);
  if (!brand) throw new ItemRefusal(`the brand "${data.brand}" does not exist`);
  return {
    title: data.title,
    description: data.description,
    category: category.id,
    brand: brand.id,
    price_cents: data.priceCents,
    sale_price_cents: data.salePriceCents,
    seo_title: data.seoTitle,
    seo_description: data.seoDescription,
  };
}

const variantsOf = (data: ImportItemData) =>
  data.variants.map((v) => ({ size: v.size, color: v.color, colorHex: v.colorHex, sku: v.sku, stock: v.stock }));

/** Writes the item's product inside `trx`: a new one, or the one it updates. */
async function writeProduct(trx: Trx, item: Prepared, columns: ProductColumns): Promise<ImportProblem[]> {
  const { data } = item;
  let productId: string;
  if (item.action === "create") {
    const holder = await holderOf(trx, data.handle);
    if (holder !== null) {
      throw new ItemRefusal(
        `a product with the web address "${data.handle}" was added after the dry run: import the file again to update it`,
      );
    }
    productId = newId();
    const inserted = await insertProductIn(
      trx,
      productId,
      { ...columns, image: NO_PHOTO },
      { handle: data.handle, variants: variantsOf(data), tags: data.tags },
    );
    if (!inserted.ok) throw new ItemRefusal(inserted.message);
  } else {
    productId = item.productId!;
    const found = await lockRows(
      trx,
      trx.selectFrom("products").select(["id", "updated_at"]).where("id", "=", productId),
    ).executeTakeFirst();
    if (!found) throw new ItemRefusal("the product was deleted after the dry run: import the file again to add it");
    // The owner's edit made after the check is never silently undone by the file.
    if (data.checkedAt && found.updated_at !== data.checkedAt) {
      throw new ItemRefusal("the product was changed in the shop after the dry run: check the file again to update it");
    }
    await updateProductIn(trx, productId, columns, { variants: variantsOf(data), tags: data.tags });
  }
  const left = await placeImportedPhotos(trx, productId, data.title, item.photos);
  return left.map((src) => {
    const photo = data.photos.find((p) => p.src === src);
    return warning(item, photo?.line ?? data.lines[0] ?? 0, `a product has at most ${MAX_PHOTOS} photos: ${src} was left out`);
  });
}

/** The words for an error the database gave a product's write. */
function writeError(error: unknown): string {
  if (error instanceof ItemRefusal) return error.message;
  if (uniqueViolationOf(error, "product_variants") === "sku") return "one of its SKUs is used by another product (added after the dry run)";
  if (uniqueViolationOf(error, "products") === "handle") return "its web address was taken by another product after the dry run";
  if (isForeignKeyViolation(error)) return "its category or brand was deleted while it was imported";
  return `it could not be written (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
}

/** The database is out of reach or busy: the round stops and a later one resumes, no item blamed. */
function isOutage(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return (
    isBusyError(error) ||
    code === "SQLITE_BUSY" ||
    code === "ECONNREFUSED" ||
    code === "ECONNRESET" ||
    code === "57P01" ||
    // A deadlock, a serialization failure or a lock not had in time: the item is tried again later.
    code === "40P01" ||
    code === "40001" ||
    code === "55P03" ||
    code === "57P03" ||
    (typeof code === "string" && code.startsWith("08"))
  );
}

type Progress = { importId: string; seq: number; rows: number };

/** Marks the item applied and counts it, in the transaction that wrote its product; false when another runner did. */
async function markItem(trx: Trx, at: Progress, state: "done" | "failed", problems: ImportProblem[]): Promise<boolean> {
  const marked = await trx
    .updateTable("import_items")
    .set({ state, problems: problems.length ? JSON.stringify(problems) : null })
    .where("import_id", "=", at.importId)
    .where("seq", "=", at.seq)
    .where("state", "=", "pending")
    .executeTakeFirst();
  if (!Number(marked.numUpdatedRows)) return false;
  await trx
    .updateTable("imports")
    .set({ items_done: sql`items_done + 1`, rows_done: sql`rows_done + ${at.rows}`, updated_at: now() })
    .where("id", "=", at.importId)
    .execute();
  return true;
}

class AppliedElsewhere extends Error {}

/** One item, in one transaction: its product and its mark, or (an error) only its mark as failed. */
async function applyItem(importId: string, item: Prepared, snapshot: CatalogueSnapshot): Promise<void> {
  const at = { importId, seq: item.seq, rows: item.data.lines.length };
  try {
    await db.transaction().execute(async (trx) => {
      // Marked first: a second runner's transaction waits on this row, then finds it done.
      if (!(await markItem(trx, at, "done", item.problems))) throw new AppliedElsewhere();
      if (item.action === "unchanged") return;
      const more = await writeProduct(trx, item, columnsOf(item.data, snapshot));
      if (more.length) {
        await trx
          .updateTable("import_items")
          .set({ problems: JSON.stringify([...item.problems, ...more]) })
          .where("import_id", "=", importId)
          .where("seq", "=", item.seq)
          .execute();
      }
    });
  } catch (error) {
    if (error instanceof AppliedElsewhere) return;
    if (isOutage(error)) throw error;
    if (!(error instanceof ItemRefusal)) log("warn", "import item failed", { importId, seq: item.seq, error });
    const failure: ImportProblem = {
      line: item.data.lines[0] ?? null,
      column: null,
      message: `"${item.data.title}" was not imported: ${writeError(error)}`,
      severity: "error",
      handle: item.data.handle,
    };
    await db.transaction().execute((trx) => markItem(trx, at, "failed", [failure, ...item.problems]));
  }
}

async function pendingItems(importId: string, limit: number): Promise<PendingItem[]> {
  const rows = await db
    .selectFrom("import_items")
    .select(["seq", "action", "product_id", "data"])
    .where("import_id", "=", importId)
    .where("state", "=", "pending")
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ seq: r.seq, action: r.action, productId: r.product_id, data: JSON.parse(r.data) as ImportItemData }));
}

/**
 * Claims the oldest import that is queued, or running with its lease run out (its holder died or
 * stopped), for one lease term: a conditional UPDATE whose subquery passes over a row another
 * runner is claiming at that moment (skipLocked).
 */
async function claimImport(holder: string): Promise<{ id: string; summary: string } | undefined> {
  const stamp = now();
  // Most rounds find nothing: a read, and no write, as the mail sender does. A write every round
  // would wait out SQLite's busy timeout while a backup holds the lock, and keep requests waiting.
  const due = await db
    .selectFrom("imports")
    .select("id")
    .where((w) => w.or([w("state", "=", "queued"), w.and([w("state", "=", "running"), w("lease_until", "<", stamp)])]))
    .limit(1)
    .executeTakeFirst();
  if (!due) return undefined;
  return db
    .updateTable("imports")
    .set({ state: "running", holder, lease_until: new Date(Date.now() + LEASE_TERM_MS).toISOString(), updated_at: stamp })
    .where("id", "=", (eb) =>
      skipLocked(
        db,
        eb
          .selectFrom("imports as due")
          .select("due.id")
          .where((w) => w.or([w("due.state", "=", "queued"), w.and([w("due.state", "=", "running"), w("due.lease_until", "<", stamp)])]))
          .orderBy("due.created_at")
          .orderBy("due.id")
          .limit(1),
      ),
    )
    .returning(["id", "summary"])
    .executeTakeFirst();
}

/** One more term for the holder, if the import is still its own. */
async function renewLease(id: string, holder: string): Promise<boolean> {
  const result = await db
    .updateTable("imports")
    .set({ lease_until: new Date(Date.now() + LEASE_TERM_MS).toISOString() })
    .where("id", "=", id)
    .where("holder", "=", holder)
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function finish(id: string, holder: string, failure: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stamp = now();
    const result = await trx
      .updateTable("imports")
      .set({ state: failure ? "failed" : "done", failure, finished_at: stamp, updated_at: stamp, holder: null, lease_until: null })
      .where("id", "=", id)
      .where("holder", "=", holder)
      .where("state", "=", "running")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows)) await trx.deleteFrom("import_files").where("import_id", "=", id).execute();
  });
}

/** Lets go of an import this process stops working on, so another runner takes it up at once. */
async function letGo(id: string, holder: string): Promise<void> {
  await db
    .updateTable("imports")
    .set({ lease_until: new Date(0).toISOString() })
    .where("id", "=", id)
    .where("holder", "=", holder)
    .where("state", "=", "running")
    .execute();
}

let stopping = false;

/** Applies a claimed import's pending items, in order, until none is left (or this runner stops or loses it). */
async function runImport(id: string, summaryJson: string, holder: string): Promise<void> {
  let lost = false;
  const stop = keepRenewing(async () => {
    if (!(await renewLease(id, holder))) lost = true;
  });
  try {
    const failure = await ensureCatalogue(JSON.parse(summaryJson) as ImportSummary);
    dropSharedPages();
    if (failure) return await finish(id, holder, failure);
    const snapshot = await catalogue();
    const limit = limiter(FETCHES);
    for (;;) {
      const items = await pendingItems(id, BATCH);
      if (!items.length) break;
      const prepared: Array<Promise<Prepared>> = [];
      const prepareAt = (index: number) => {
        if (index >= items.length || prepared[index]) return;
        const work = prepare(id, items[index]!, limit);
        // Awaited in its turn; one that is never reached (the runner stopped) must not go unhandled.
        work.catch(() => {});
        prepared[index] = work;
      };
      for (let index = 0; index < items.length; index++) {
        for (let ahead = index; ahead < index + LOOKAHEAD; ahead++) prepareAt(ahead);
        const item = await prepared[index]!;
        if (stopping || lost) return;
        await applyItem(id, item, snapshot);
        // Visitors see each product as it arrives (this process at once; the others within a page's s-maxage).
        dropSharedPages();
        // better-sqlite3 answers synchronously, so awaiting it never leaves the microtask queue:
        // without this turn of the event loop the process would serve nothing until the import ends.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await finish(id, holder, null);
  } catch (error) {
    log("error", "import stopped; it resumes in a later round", { importId: id, error });
    await letGo(id, holder).catch(() => {});
  } finally {
    stop();
    if (stopping) await letGo(id, holder).catch(() => {});
  }
}

/** Claims and applies imports until none is waiting (one round of this process's runner). */
export async function runImports(): Promise<number> {
  let applied = 0;
  const holder = newHolder();
  while (!stopping) {
    const claimed = await claimImport(holder);
    if (!claimed) break;
    await runImport(claimed.id, claimed.summary, holder);
    applied++;
  }
  return applied;
}

let timer: NodeJS.Timeout | undefined;
let round: Promise<unknown> | null = null;

function runRound(): void {
  if (round || stopping) return;
  round = runImports()
    .catch((error) => log("error", "import runner failed", { error }))
    .finally(() => (round = null));
}

/** Looks for imports to apply every 2 seconds in this process; startImport wakes it at once. */
export function startImportRunner(intervalMs = 2000): void {
  stopping = false;
  runRound();
  timer ??= setInterval(runRound, intervalMs);
  timer.unref();
}

/** A round now, in a process whose runner is started (a started import need not wait for the next tick). */
export function kickImportRunner(): void {
  if (timer) runRound();
}

/** Before the database closes: no new rounds; the one running stops after its item and lets its import go. */
export async function stopImportRunner(): Promise<void> {
  stopping = true;
  clearInterval(timer);
  timer = undefined;
  await round;
}
