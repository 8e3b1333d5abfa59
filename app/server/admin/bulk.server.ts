import { claimRestocked } from "~/server/catalog/back-in-stock.server";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";
import { BULK_MAX, type BulkOutcome, type BulkRefusal, type BulkRow, type BulkValues } from "~/lib/bulk";
import { normalTag } from "~/lib/catalogue";
import { centsToAmount, formatMoney } from "~/lib/money";
import type { BulkChange, BulkSelection } from "~/lib/schemas/bulk";
import { TAGS_PER_PRODUCT } from "~/lib/schemas/catalogue";
import { SIZE_LISTS } from "~/lib/variants";
import { adminProductsWhere } from "~/server/catalog/catalog.server";
import { toSizes } from "~/server/catalog/catalogue.server";
import { db, now } from "~/server/database/db.server";
import { lockKey, lockRows } from "~/server/database/locks.server";
import { caughtRefusal, Refusal, type RefusalStatus } from "~/server/platform/refusal.server";

// Bulk changes from the admin's product list (issue 50, decision 0074): one plan, read the same
// way for a preview (no locks, nothing written) and inside the apply's one transaction (the
// products locked, every rule checked again on what is read there). A product the change may not
// touch refuses the whole change unless the owner said to leave the refused ones out.

type Executor = Kysely<Database> | Transaction<Database>;

export type BulkResult =
  { ok: true; outcome: BulkOutcome } | { ok: false; status: RefusalStatus; message: string; refusals?: BulkRefusal[] };

const MAX_CENTS = 100_000_000;
const MAX_STOCK = 1_000_000;
/** Ids per `in (…)`: well under both engines' limits on bound values. */
const CHUNK = 1000;

const chunks = <T>(list: readonly T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** `cents` times (100 + percent) / 100, to the cent, half up; percent has at most 2 decimals. */
export function centsPlusPercent(cents: number, percent: number): number {
  const factor = 10_000 + Math.round(percent * 100);
  // floor(x + 1/2) in whole numbers: exact below 2^53 (cents ≤ 10^8, factor ≤ 110,000).
  return Math.floor((2 * cents * factor + 10_000) / 20_000);
}

type Variant = { id: string; size: string; color: string; stock: number };
type Loaded = {
  id: string;
  title: string;
  price_cents: number;
  sale_price_cents: number;
  category: string;
  brand: string;
  variants: Variant[];
  tags: string[];
};

const STOCK_KINDS = new Set<BulkChange["kind"]>(["stock-set", "stock-add"]);

/**
 * The chosen products' ids in id order: the ids given, or those the list's filter chooses now (the
 * filter is read before the apply's transaction: it reads the shared catalogue, never inside one).
 */
async function chosenIds(selection: BulkSelection): Promise<string[]> {
  if ("ids" in selection) {
    const ids = [...new Set(selection.ids)].sort();
    if (ids.length > BULK_MAX) throw tooMany();
    return ids;
  }
  const base = await adminProductsWhere(selection.all);
  if (!base) return [];
  const rows = await base
    .select("products.id")
    .orderBy("products.id")
    .limit(BULK_MAX + 1)
    .execute();
  if (rows.length > BULK_MAX) throw tooMany();
  return rows.map((r) => r.id);
}

const tooMany = () =>
  new Refusal(400, `At most ${BULK_MAX.toLocaleString("en")} products change at once: narrow the filter, or change them in parts`);

/**
 * The chosen products as they are, with their sizes and tags. With `lock`, their rows first (in id
 * order, as every transaction that changes products takes them) and, for a stock change, their
 * colours' counts, which the stock triggers update (database/locks.server.ts, lockStockOf).
 */
async function load(ex: Executor, ids: readonly string[], { lock, stock }: { lock: boolean; stock: boolean }): Promise<Loaded[]> {
  const products: Loaded[] = [];
  for (const part of chunks(ids)) {
    const query = ex
      .selectFrom("products")
      .select(["id", "title", "price_cents", "sale_price_cents", "category", "brand"])
      .where("id", "in", part)
      .orderBy("id");
    const rows = await (lock ? lockRows(ex, query) : query).execute();
    for (const row of rows) products.push({ ...row, variants: [], tags: [] });
  }
  const byId = new Map(products.map((p) => [p.id, p]));
  const found = [...byId.keys()];
  for (const part of chunks(found)) {
    const [variants, tags] = await Promise.all([
      ex
        .selectFrom("product_variants")
        .select(["id", "product_id", "size", "color", "stock"])
        .where("product_id", "in", part)
        .orderBy("product_id")
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
      ex.selectFrom("product_tags").select(["product_id", "tag"]).where("product_id", "in", part).orderBy("tag").execute(),
    ]);
    for (const v of variants) byId.get(v.product_id)!.variants.push({ id: v.id, size: v.size, color: v.color, stock: v.stock });
    for (const t of tags) byId.get(t.product_id)!.tags.push(t.tag);
  }
  if (lock && stock) {
    const colors = [...new Set(products.flatMap((p) => p.variants.map((v) => v.color.toLowerCase())))].sort();
    for (const part of chunks(colors)) {
      await lockRows(ex, ex.selectFrom("color_counts").select("id").where("id", "in", part).orderBy("id")).execute();
    }
  }
  return products;
}

/** What a category or brand change names, read through `ex` (null: it does not exist). */
type Target = { name: string; sizes: string[] | null } | null;

async function targetOf(ex: Executor, change: BulkChange, lock: boolean): Promise<Target | undefined> {
  if (change.kind === "category") {
    // Deleting a category takes this lock (catalogue.server.ts): it cannot go while the change runs.
    if (lock) await lockKey(ex, "catalogue", "category");
    const row = await ex.selectFrom("categories").select(["name", "sizes"]).where("id", "=", change.category).executeTakeFirst();
    return row ? { name: row.name, sizes: toSizes(row.sizes).flatMap((kind) => SIZE_LISTS[kind]) } : null;
  }
  if (change.kind === "brand") {
    if (lock) await lockKey(ex, "catalogue", "brand");
    const row = await ex.selectFrom("brands").select("name").where("id", "=", change.brand).executeTakeFirst();
    return row ? { name: row.name, sizes: null } : null;
  }
  return undefined;
}

type Planned = {
  row: BulkRow;
  set: { price_cents?: number; sale_price_cents?: number; category?: string; brand?: string };
  /** Each variant's id and its new stock. */
  stock?: Array<[string, number]>;
  tags?: string[];
};
type Step = { planned: Planned | null; refusal: string | null };

const price = (cents: number) => centsToAmount(cents);

/** A price change moves a sale price with it (the discount stays): both checked. */
function repriced(p: Loaded, to: (cents: number) => number): Step {
  const priceCents = to(p.price_cents);
  const saleCents = p.sale_price_cents > 0 ? to(p.sale_price_cents) : 0;
  if (priceCents <= 0) return refused(`Its price would drop to $0.00 or below (from ${formatMoney(p.price_cents)})`);
  if (priceCents > MAX_CENTS) return refused("Its price would be over $1,000,000");
  if (p.sale_price_cents > 0 && saleCents <= 0) return refused("Its sale price would drop to $0.00 or below: end its sale first");
  if (p.sale_price_cents > 0 && saleCents >= priceCents)
    return refused(`Its sale price (${formatMoney(saleCents)}) would not be below its price (${formatMoney(priceCents)})`);
  if (priceCents === p.price_cents && saleCents === p.sale_price_cents) return unchanged;
  const before: BulkValues = { price: price(p.price_cents) };
  const after: BulkValues = { price: price(priceCents) };
  if (p.sale_price_cents > 0) {
    before.salePrice = price(p.sale_price_cents);
    after.salePrice = price(saleCents);
  }
  return planned(p, before, after, { set: { price_cents: priceCents, sale_price_cents: saleCents } });
}

function onSale(p: Loaded, saleCents: number): Step {
  if (saleCents <= 0) return refused("Its sale price would be $0.00: choose a smaller discount");
  if (saleCents >= p.price_cents)
    return refused(`The sale price (${formatMoney(saleCents)}) would not be below its price (${formatMoney(p.price_cents)})`);
  if (saleCents === p.sale_price_cents) return unchanged;
  return planned(p, { salePrice: price(p.sale_price_cents) }, { salePrice: price(saleCents) }, { set: { sale_price_cents: saleCents } });
}

function restocked(p: Loaded, to: (stock: number) => number): Step {
  const stock = p.variants.map((v) => to(v.stock));
  const low = p.variants.find((_, i) => stock[i]! < 0);
  if (low) return refused(`Its stock of ${low.size}${low.color ? ` ${low.color}` : ""} would drop below 0 (${low.stock} now)`);
  if (stock.some((n) => n > MAX_STOCK)) return refused("A size's stock would be over 1,000,000");
  if (stock.every((n, i) => n === p.variants[i]!.stock)) return unchanged;
  const of = (counts: number[]) => ({
    stock: counts.reduce((a, b) => a + b, 0),
    variants: p.variants.map((v, i) => ({ size: v.size, color: v.color, stock: counts[i]! })),
  });
  return planned(p, of(p.variants.map((v) => v.stock)), of(stock), { set: {}, stock: p.variants.map((v, i) => [v.id, stock[i]!]) });
}

const unchanged: Step = { planned: null, refusal: null };
const refused = (message: string): Step => ({ planned: null, refusal: message });
const planned = (p: Loaded, before: BulkValues, after: BulkValues, writes: Omit<Planned, "row">): Step => ({
  planned: { row: { id: p.id, title: p.title, before, after }, ...writes },
  refusal: null,
});

/** What `change` does to one product: its new values, nothing, or why it may not. */
function step(p: Loaded, change: BulkChange, target: Target | undefined): Step {
  switch (change.kind) {
    case "raise-percent":
      return repriced(p, (cents) => centsPlusPercent(cents, change.value));
    case "lower-percent":
      return repriced(p, (cents) => centsPlusPercent(cents, -change.value));
    case "raise-amount":
      return repriced(p, (cents) => cents + Math.round(change.value * 100));
    case "lower-amount":
      return repriced(p, (cents) => cents - Math.round(change.value * 100));
    case "sale-percent":
      return onSale(p, centsPlusPercent(p.price_cents, -change.value));
    case "sale-price":
      return onSale(p, Math.round(change.value * 100));
    case "end-sale":
      return p.sale_price_cents === 0
        ? unchanged
        : planned(p, { salePrice: price(p.sale_price_cents) }, { salePrice: 0 }, { set: { sale_price_cents: 0 } });
    case "stock-set":
      return restocked(p, () => change.value);
    case "stock-add":
      return restocked(p, (stock) => stock + change.value);
    case "category": {
      if (p.category === change.category) return unchanged;
      const allowed = new Set(target!.sizes ?? []);
      const wrong = [...new Set(p.variants.map((v) => v.size).filter((size) => !allowed.has(size)))];
      if (wrong.length) return refused(`${target!.name} does not sell its sizes (${wrong.join(", ")}): change its sizes first`);
      return planned(p, { category: p.category }, { category: change.category }, { set: { category: change.category } });
    }
    case "brand":
      return p.brand === change.brand
        ? unchanged
        : planned(p, { brand: p.brand }, { brand: change.brand }, { set: { brand: change.brand } });
    case "add-tags": {
      const added = change.tags.map(normalTag).filter((t) => !p.tags.includes(t));
      if (!added.length) return unchanged;
      const tags = [...p.tags, ...added].sort();
      if (tags.length > TAGS_PER_PRODUCT) return refused(`It would have more than ${TAGS_PER_PRODUCT} tags`);
      return planned(p, { tags: p.tags }, { tags }, { set: {}, tags });
    }
    case "remove-tags": {
      const gone = new Set(change.tags.map(normalTag));
      const tags = p.tags.filter((t) => !gone.has(t));
      if (tags.length === p.tags.length) return unchanged;
      return planned(p, { tags: p.tags }, { tags }, { set: {}, tags });
    }
  }
}

type Plan = { chosen: number; steps: Planned[]; refusals: BulkRefusal[] };

async function plan(ex: Executor, ids: readonly string[], change: BulkChange, lock: boolean): Promise<Plan> {
  const target = await targetOf(ex, change, lock);
  if (target === null) {
    const what = change.kind === "category" ? `No category "${change.category}"` : `No brand "${(change as { brand: string }).brand}"`;
    throw new Refusal(400, `${what}: choose one of the shop's`);
  }
  const products = await load(ex, ids, { lock, stock: STOCK_KINDS.has(change.kind) });
  const steps: Planned[] = [];
  const refusals: BulkRefusal[] = [];
  for (const p of products) {
    const { planned: next, refusal } = step(p, change, target);
    if (refusal) refusals.push({ id: p.id, title: p.title, message: refusal });
    else if (next) steps.push(next);
  }
  return { chosen: products.length, steps, refusals };
}

const outcomeOf = (plan: Plan, steps = plan.steps): BulkOutcome => ({
  chosen: plan.chosen,
  changed: steps.length,
  products: steps.map((s) => s.row),
  refusals: plan.refusals,
});

/** Runs `work`; a refusal it throws becomes the answer. */
async function answer(work: () => Promise<BulkOutcome>): Promise<BulkResult> {
  try {
    return { ok: true, outcome: await work() };
  } catch (error) {
    const refusal = caughtRefusal<BulkRefusal[] | undefined>(error);
    return { ok: false, status: refusal.status, message: refusal.message, refusals: refusal.detail };
  }
}

/** What `change` would do to the chosen products: nothing is written. */
export function previewBulkChange(selection: BulkSelection, change: BulkChange): Promise<BulkResult> {
  return answer(async () => outcomeOf(await plan(db, await chosenIds(selection), change, false)));
}

/** "3 products are refused: nothing changed. Linen Shirt: …" */
function refusedMessage(refusals: readonly BulkRefusal[]): string {
  const n = refusals.length;
  const first = refusals
    .slice(0, 3)
    .map((r) => `${r.title}: ${r.message}`)
    .join("; ");
  return `${n} ${n === 1 ? "product is" : "products are"} refused, so nothing changed. ${first}${n > 3 ? `; and ${n - 3} more` : ""}`;
}

/** Groups of ids that get the same values (one UPDATE each, in parts). */
function grouped<V>(entries: Array<[string, V]>): Array<[V, string[]]> {
  const groups = new Map<string, [V, string[]]>();
  for (const [id, value] of entries) {
    const key = JSON.stringify(value);
    const group = groups.get(key) ?? [value, []];
    group[1].push(id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

async function write(trx: Transaction<Database>, steps: readonly Planned[]): Promise<void> {
  const at = now();
  for (const [set, ids] of grouped(steps.map((s) => [s.row.id, s.set]))) {
    for (const part of chunks(ids)) {
      await trx
        .updateTable("products")
        .set({ ...set, updated_at: at })
        .where("id", "in", part)
        .execute();
    }
  }
  for (const [stock, ids] of grouped(steps.flatMap((s) => s.stock ?? []))) {
    for (const part of chunks(ids)) await trx.updateTable("product_variants").set({ stock }).where("id", "in", part).execute();
  }
  // Sizes back in stock: their "e-mail me when it's back" subscribers are mailed with this change (issue 51).
  const restockedIds = steps.flatMap((s) => (s.stock ?? []).flatMap(([id, stock]) => (stock > 0 ? [id] : [])));
  for (const part of chunks(restockedIds)) await claimRestocked(trx, part);
  const tagged = steps.filter((s) => s.tags);
  for (const part of chunks(tagged.map((s) => s.row.id))) await trx.deleteFrom("product_tags").where("product_id", "in", part).execute();
  const rows = tagged.flatMap((s) => s.tags!.map((tag) => ({ product_id: s.row.id, tag })));
  for (const part of chunks(rows, 500)) await trx.insertInto("product_tags").values(part).execute();
}

/**
 * Applies `change` to the chosen products in one transaction: they are locked and read again, and
 * every rule is checked on what is read there. A refused product refuses the whole change (nothing
 * written), unless `skipRefused`: then the others change and the refused ones stay as they are.
 */
export function applyBulkChange(
  selection: BulkSelection,
  change: BulkChange,
  { skipRefused = false }: { skipRefused?: boolean } = {},
): Promise<BulkResult> {
  return answer(async () => {
    const ids = await chosenIds(selection);
    return db.transaction().execute(async (trx) => {
      const planned = await plan(trx, ids, change, true);
      if (planned.refusals.length && !skipRefused) {
        throw new Refusal<BulkRefusal[]>(400, refusedMessage(planned.refusals), planned.refusals);
      }
      await write(trx, planned.steps);
      return outcomeOf(planned);
    });
  });
}
