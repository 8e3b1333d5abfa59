import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from "kysely";
import { HANDLE_PATTERN, handleFrom, numberedHandle } from "#db/handles";
import type { Database } from "#db/schema";
import { normalTag, type Brand, type Category, type Collection, type Rule } from "~/lib/catalogue";
import { HANDLE_MESSAGE, type BrandInput, type CategoryInput, type CollectionInput } from "~/lib/schemas/catalogue";
import { SIZE_LISTS, type SizeKind } from "~/lib/variants";
import { db, newId, now } from "~/server/database/db.server";
import { isForeignKeyViolation, uniqueViolationOf } from "~/server/database/db-errors.server";
import { lockKey } from "~/server/database/locks.server";
import { caughtRefusal, Refusal } from "~/server/platform/refusal.server";
import { withoutIndex } from "./search-sql.server";

// The owner's catalogue (issue 49, decision 0065): categories in a tree of two levels, brands, and
// collections, read by every page from one snapshot per process and written here only.

type Executor = Transaction<Database>;
type Kind = "category" | "brand" | "collection";

export type CatalogueSnapshot = {
  /** In tree order: each top category followed by its subcategories. */
  categories: Category[];
  brands: Brand[];
  collections: Collection[];
  category: Map<string, Category>;
  brand: Map<string, Brand>;
  collection: Map<string, Collection>;
  /** A current or old handle, or an id, to the row's id (current handles first). */
  lookup: Record<Kind, Map<string, string>>;
};

const ALL_SIZE_KINDS = Object.keys(SIZE_LISTS) as SizeKind[];
/** A category row's `sizes` column as its kinds of sizes. */
export const toSizes = (value: string) => value.split(",").filter((k): k is SizeKind => (ALL_SIZE_KINDS as string[]).includes(k));

async function loadSnapshot(): Promise<CatalogueSnapshot> {
  const [categoryRows, brandRows, collectionRows, oldHandles] = await Promise.all([
    db.selectFrom("categories").selectAll().orderBy("position").orderBy("name").execute(),
    db.selectFrom("brands").selectAll().orderBy("position").orderBy("name").execute(),
    db.selectFrom("collections").selectAll().orderBy("position").orderBy("name").execute(),
    db.selectFrom("catalogue_handles").select(["kind", "handle", "target_id"]).execute(),
  ]);
  const flat: Category[] = categoryRows.map((r) => ({
    id: r.id,
    handle: r.handle,
    name: r.name,
    parentId: r.parent_id,
    description: r.description,
    image: r.image,
    sizes: toSizes(r.sizes),
    position: r.position,
  }));
  const tops = flat.filter((c) => c.parentId === null);
  const categories = tops.flatMap((top) => [top, ...flat.filter((c) => c.parentId === top.id)]);
  const brands: Brand[] = brandRows.map((r) => ({
    id: r.id,
    handle: r.handle,
    name: r.name,
    description: r.description,
    image: r.image,
    position: r.position,
  }));
  const collections: Collection[] = collectionRows.map((r) => ({
    id: r.id,
    handle: r.handle,
    name: r.name,
    description: r.description,
    image: r.image,
    rules: r.rules === null ? null : (JSON.parse(r.rules) as Rule[]),
    sort: r.sort,
    onHome: Boolean(r.on_home),
    inMenu: Boolean(r.in_menu),
    position: r.position,
  }));
  const lookup: CatalogueSnapshot["lookup"] = { category: new Map(), brand: new Map(), collection: new Map() };
  const rows: Record<Kind, Array<{ id: string; handle: string }>> = { category: categories, brand: brands, collection: collections };
  for (const kind of ["category", "brand", "collection"] as const) {
    for (const row of rows[kind]) lookup[kind].set(row.handle, row.id);
    // Only old handles of rows read here (a row deleted between the reads leaves none behind).
    const present = new Set(rows[kind].map((row) => row.id));
    for (const old of oldHandles) {
      if (old.kind === kind && present.has(old.target_id) && !lookup[kind].has(old.handle)) lookup[kind].set(old.handle, old.target_id);
    }
    for (const row of rows[kind]) if (!lookup[kind].has(row.id)) lookup[kind].set(row.id, row.id);
  }
  return {
    categories,
    brands,
    collections,
    category: new Map(categories.map((c) => [c.id, c])),
    brand: new Map(brands.map((b) => [b.id, b])),
    collection: new Map(collections.map((c) => [c.id, c])),
    lookup,
  };
}

/** Other processes see the owner's change within this long; this process at once. */
const CACHE_MS = 2000;
let cached: { at: number; value: Promise<CatalogueSnapshot> } | null = null;

/** The catalogue as every page reads it: kept for 2 s in each process, dropped here on every change. */
export function catalogue(): Promise<CatalogueSnapshot> {
  if (!cached || Date.now() - cached.at > CACHE_MS) {
    const entry = { at: Date.now(), value: loadSnapshot() };
    cached = entry;
    entry.value.catch(() => cached === entry && (cached = null));
  }
  return cached.value;
}

/** After a change in this process: the next read loads it. */
export function forgetCatalogue(): void {
  cached = null;
}

export type Resolved = { ids: string[]; handles: string[]; moved: boolean };

/**
 * What values in an address name (`category=women,dresses`): each a current handle, an id (what
 * older clients send) or an old handle, in the order given; unknown values are dropped. `moved`:
 * some value was not the current handle, so the address has a canonical form to redirect to.
 */
export function resolve(snapshot: CatalogueSnapshot, kind: "category" | "brand", values: readonly string[]): Resolved {
  const ids: string[] = [];
  let moved = false;
  for (const value of values) {
    const id = snapshot.lookup[kind].get(value);
    // An old handle whose row went between the snapshot's reads names nothing.
    const row = id === undefined ? undefined : kind === "category" ? snapshot.category.get(id) : snapshot.brand.get(id);
    if (!row || ids.includes(row.id)) continue;
    ids.push(row.id);
    if (row.handle !== value) moved = true;
  }
  const handles = ids.map((id) => (kind === "category" ? snapshot.category.get(id)! : snapshot.brand.get(id)!).handle);
  return { ids, handles, moved };
}

/** The categories a filter on `ids` covers: each one and, for a top category, its subcategories. */
export function categoriesWithin(snapshot: CatalogueSnapshot, ids: readonly string[]): string[] {
  const within = new Set(ids);
  for (const c of snapshot.categories) if (c.parentId !== null && within.has(c.parentId)) within.add(c.id);
  return [...within];
}

/** The kinds of sizes a product of this category may have (all, for a category not known). */
export function sizeKindsOf(snapshot: CatalogueSnapshot, categoryId: string): SizeKind[] {
  return snapshot.category.get(categoryId)?.sizes ?? ALL_SIZE_KINDS;
}

/**
 * An automatic collection's rules as one SQL condition on `products` (all of them hold). A rule on
 * a category covers its subcategories; a rule naming a row that is gone matches nothing. With
 * `walk` (many matches: count them first, as the listing does), the category, brand and tag are
 * checked per product while the page walks the index of its sort order (decision 0069).
 */
export function rulesWhere(snapshot: CatalogueSnapshot, rules: readonly Rule[], { walk = false } = {}) {
  return (eb: ExpressionBuilder<Database, "products">): Expression<SqlBool> =>
    eb.and(
      rules.map((rule): Expression<SqlBool> => {
        switch (rule.field) {
          case "category":
            return eb(
              walk ? withoutIndex("products.category") : "products.category",
              "in",
              categoriesWithin(snapshot, [String(rule.value)]),
            );
          case "brand":
            return eb(walk ? withoutIndex("products.brand") : "products.brand", "=", String(rule.value));
          case "tag":
            return hasTag([String(rule.value)], { walk })(eb);
          case "price": {
            const cents = Math.round(Number(rule.value) * 100);
            return eb("products.unit_price_cents", rule.op === "below" ? "<" : ">", cents);
          }
          case "onSale":
            return eb("products.sale_price_cents", rule.value ? ">" : "=", 0);
          case "inStock":
            return eb("products.stock", rule.value ? ">" : "=", 0);
        }
      }),
    );
}

/**
 * Products that have one of `tags`: found through the tag's index (`id in (…)`), or with `walk`
 * checked per product (`exists`) while the page walks the index of its sort order. SQLite follows
 * the form it is given: counting a tag's products with `exists` read every product, 12 times the
 * time at 10,000 (decision 0069). PostgreSQL plans both forms alike.
 */
export function hasTag(tags: readonly string[], { walk = false } = {}) {
  return (eb: ExpressionBuilder<Database, "products">): Expression<SqlBool> =>
    walk
      ? eb.exists(
          eb
            .selectFrom("product_tags")
            .select(sql`1`.as("one"))
            .whereRef("product_tags.product_id", "=", "products.id")
            .where("product_tags.tag", "in", [...tags]),
        )
      : eb(
          "products.id",
          "in",
          eb
            .selectFrom("product_tags")
            .select("product_tags.product_id")
            .where("product_tags.tag", "in", [...tags]),
        );
}

// --- Writing --------------------------------------------------------------------------------

export type CatalogueResult<T> =
  { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: Record<string, string[]> };

type RefusalDetail = { fieldErrors?: Record<string, string[]> };
const refuse = (status: 400 | 404 | 409, message: string, field?: string) =>
  new Refusal<RefusalDetail>(status, message, { fieldErrors: field ? { [field]: [message] } : undefined });

const TABLE = { category: "categories", brand: "brands", collection: "collections" } as const;
const NOUN = { category: "category", brand: "brand", collection: "collection" } as const;

/** Runs a change in one transaction; a rule's refusal (or a unique index's) becomes the answer, nothing kept. */
async function change<T>(kind: Kind, work: (trx: Executor) => Promise<T>): Promise<CatalogueResult<T>> {
  try {
    const value = await db.transaction().execute(async (trx) => {
      // Changes to one kind take turns (names and handles are checked, then written).
      await lockKey(trx, "catalogue", kind);
      return work(trx);
    });
    return { ok: true, value };
  } catch (error) {
    const column = uniqueViolationOf(error, TABLE[kind]);
    if (column !== null) {
      const field = column === "handle" ? "handle" : "name";
      const message = field === "handle" ? "This web address is already used" : `Another ${NOUN[kind]} has this name`;
      return { ok: false, status: 409, message, fieldErrors: { [field]: [message] } };
    }
    // A product added to the row being deleted after its products were counted (another process).
    if (isForeignKeyViolation(error)) return { ok: false, status: 409, message: "Its products changed meanwhile: please try again" };
    const refusal = caughtRefusal<RefusalDetail>(error, (r) => r.detail !== undefined);
    return { ok: false, status: refusal.status, message: refusal.message, fieldErrors: refusal.detail.fieldErrors };
  } finally {
    forgetCatalogue();
  }
}

/**
 * Whether another row has this name, in any letter case. Compared here, not by SQL's lower():
 * SQLite's lowers A-Z only, so "Émile" and "ÉMILE" would pass its check and meet the unique index.
 */
function nameTaken(rows: ReadonlyArray<{ id: string; name: string }>, name: string, id: string): boolean {
  const wanted = name.toLocaleLowerCase("en");
  return rows.some((row) => row.id !== id && row.name.toLocaleLowerCase("en") === wanted);
}

/** Whose `handle` is (current or old) among rows of `kind`: the id, or null. */
async function handleHolder(trx: Executor, kind: Kind, handle: string): Promise<string | null> {
  const current = await trx.selectFrom(TABLE[kind]).select("id").where("handle", "=", handle).executeTakeFirst();
  if (current) return current.id;
  const old = await trx
    .selectFrom("catalogue_handles")
    .select("target_id")
    .where("kind", "=", kind)
    .where("handle", "=", handle)
    .executeTakeFirst();
  return old?.target_id ?? null;
}

/**
 * The handle a row gets: the owner's `wanted` when free (or its own), else for a new row the first
 * free one made from `base`. A row that changes handle keeps its old one for a 301.
 */
async function settleHandle(trx: Executor, kind: Kind, id: string, current: string | null, wanted: string | undefined, base: string) {
  if (wanted !== undefined) {
    if (wanted === current) return wanted;
    // The schema lets the demo's own handles ("h&m") through so their forms can be saved unchanged.
    if (!HANDLE_PATTERN.test(wanted)) throw refuse(400, HANDLE_MESSAGE, "handle");
    const holder = await handleHolder(trx, kind, wanted);
    if (holder !== null && holder !== id) throw refuse(409, "This web address is already used", "handle");
  } else if (current !== null) {
    return current;
  }
  let handle = wanted ?? base;
  if (wanted === undefined) for (let n = 2; (await handleHolder(trx, kind, handle)) !== null; n++) handle = numberedHandle(base, n);
  // Taking back one of its own old handles: current again, no longer a redirect.
  await trx.deleteFrom("catalogue_handles").where("kind", "=", kind).where("handle", "=", handle).execute();
  if (current !== null) {
    await trx.insertInto("catalogue_handles").values({ kind, handle: current, target_id: id, created_at: now() }).execute();
  }
  return handle;
}

async function nextPosition(trx: Executor, kind: Kind, parentId: string | null | undefined): Promise<number> {
  const row =
    kind === "category"
      ? await trx
          .selectFrom("categories")
          .select((eb) => eb.fn.max<number>("position").as("last"))
          .where((eb) => (parentId ? eb("parent_id", "=", parentId) : eb("parent_id", "is", null)))
          .executeTakeFirst()
      : await trx
          .selectFrom(TABLE[kind])
          .select((eb) => eb.fn.max<number>("position").as("last"))
          .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** Adds (id null) or changes a category. Its parent must be a top category; the tree has two levels. */
export async function saveCategory(id: string | null, input: CategoryInput): Promise<CatalogueResult<Category>> {
  const newId_ = id ?? newId();
  const result = await change("category", async (trx) => {
    const current = id ? await trx.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst() : null;
    if (id && !current) throw refuse(404, "Category not found");
    const parentId = input.parentId === undefined ? (current?.parent_id ?? null) : input.parentId;
    let parent: { id: string; handle: string; sizes: string; parent_id: string | null } | undefined;
    if (parentId !== null) {
      if (parentId === id) throw refuse(400, "A category cannot be its own parent", "parentId");
      parent = await trx
        .selectFrom("categories")
        .select(["id", "handle", "sizes", "parent_id"])
        .where("id", "=", parentId)
        .executeTakeFirst();
      if (!parent) throw refuse(400, "This parent category does not exist", "parentId");
      if (parent.parent_id !== null) throw refuse(400, "Categories have two levels: choose a top category as the parent", "parentId");
      if (id) {
        const child = await trx.selectFrom("categories").select("name").where("parent_id", "=", id).executeTakeFirst();
        if (child) throw refuse(400, `This category has subcategories (${child.name}): it stays a top category`, "parentId");
      }
    }
    const siblings = await trx
      .selectFrom("categories")
      .select(["id", "name"])
      .where((eb) => (parentId === null ? eb("parent_id", "is", null) : eb("parent_id", "=", parentId)))
      .execute();
    if (nameTaken(siblings, input.name, newId_))
      throw refuse(409, parent ? "Another category under this parent has this name" : "Another top category has this name", "name");
    const base = parent ? handleFrom(`${parent.handle}-${input.name}`) : handleFrom(input.name);
    const handle = await settleHandle(trx, "category", newId_, current?.handle ?? null, input.handle, base);
    const sizes = (input.sizes?.length ? input.sizes : null)?.join(",") ?? current?.sizes ?? parent?.sizes ?? ALL_SIZE_KINDS.join(",");
    const values = {
      handle,
      name: input.name,
      parent_id: parentId,
      description: input.description,
      image: input.image,
      sizes,
      position:
        input.position ?? (current && current.parent_id === parentId ? current.position : await nextPosition(trx, "category", parentId)),
      updated_at: now(),
    };
    if (current) await trx.updateTable("categories").set(values).where("id", "=", newId_).execute();
    else
      await trx
        .insertInto("categories")
        .values({ id: newId_, ...values, created_at: now() })
        .execute();
    return newId_;
  });
  if (!result.ok) return result;
  return { ok: true, value: (await catalogue()).category.get(result.value)! };
}

export async function saveBrand(id: string | null, input: BrandInput): Promise<CatalogueResult<Brand>> {
  const newId_ = id ?? newId();
  const result = await change("brand", async (trx) => {
    const current = id ? await trx.selectFrom("brands").selectAll().where("id", "=", id).executeTakeFirst() : null;
    if (id && !current) throw refuse(404, "Brand not found");
    if (nameTaken(await trx.selectFrom("brands").select(["id", "name"]).execute(), input.name, newId_))
      throw refuse(409, "Another brand has this name", "name");
    const handle = await settleHandle(trx, "brand", newId_, current?.handle ?? null, input.handle, handleFrom(input.name));
    const values = {
      handle,
      name: input.name,
      description: input.description,
      image: input.image,
      position: input.position ?? current?.position ?? (await nextPosition(trx, "brand", null)),
      updated_at: now(),
    };
    if (current) await trx.updateTable("brands").set(values).where("id", "=", newId_).execute();
    else
      await trx
        .insertInto("brands")
        .values({ id: newId_, ...values, created_at: now() })
        .execute();
    return newId_;
  });
  if (!result.ok) return result;
  return { ok: true, value: (await catalogue()).brand.get(result.value)! };
}

/** What still names a category or brand besides products: discount codes and collections' rules. */
async function usesOf(trx: Executor, kind: "category" | "brand", id: string): Promise<string | null> {
  const column = kind === "category" ? "categories" : "brands";
  const discounts = await trx.selectFrom("discounts").select(["code", column]).where(column, "is not", null).execute();
  const discount = discounts.find((d) => (JSON.parse(d[column] as string) as string[]).includes(id));
  if (discount) return `Discount code ${discount.code} is limited to this ${kind}: change it first`;
  const collections = await trx.selectFrom("collections").select(["name", "rules"]).where("rules", "is not", null).execute();
  const collection = collections.find((c) => (JSON.parse(c.rules!) as Rule[]).some((r) => r.field === kind && String(r.value) === id));
  if (collection) return `The collection "${collection.name}" has a rule on this ${kind}: change it first`;
  return null;
}

/**
 * Deletes a category or brand. Its products go to `moveTo` (the owner was asked where); without
 * it, one that still has products is refused, as is a category with subcategories or one a
 * discount code or collection names. Nothing is half-done: one transaction.
 */
export async function deleteCatalogueRow(
  kind: "category" | "brand",
  id: string,
  moveTo: string | null,
): Promise<CatalogueResult<{ moved: number }>> {
  const table = TABLE[kind];
  return change(kind, async (trx) => {
    const row = await trx.selectFrom(table).select(["id", "name"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw refuse(404, kind === "category" ? "Category not found" : "Brand not found");
    if (kind === "category") {
      const children = await trx.selectFrom("categories").select("name").where("parent_id", "=", id).execute();
      if (children.length) {
        throw refuse(409, `Move or delete its subcategories first: ${children.map((c) => c.name).join(", ")}`);
      }
    }
    const uses = await usesOf(trx, kind, id);
    if (uses) throw refuse(409, uses);
    const column = kind === "category" ? "category" : "brand";
    const { n } = await trx
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(column, "=", id)
      .executeTakeFirstOrThrow();
    const count = Number(n);
    if (count > 0) {
      if (moveTo === null) {
        throw refuse(409, `${count} ${count === 1 ? "product is" : "products are"} in ${row.name}: choose where they go`, "moveTo");
      }
      if (moveTo === id) throw refuse(400, `Choose another ${kind} than the one you delete`, "moveTo");
      const target = await trx.selectFrom(table).select("id").where("id", "=", moveTo).executeTakeFirst();
      if (!target) throw refuse(400, `This ${kind} does not exist`, "moveTo");
      await trx
        .updateTable("products")
        .set({ [column]: moveTo, updated_at: now() })
        .where(column, "=", id)
        .execute();
    }
    await trx.deleteFrom("catalogue_handles").where("kind", "=", kind).where("target_id", "=", id).execute();
    await trx.deleteFrom(table).where("id", "=", id).execute();
    return { moved: count };
  });
}

/** A rule as stored: category and brand values by id (a handle is accepted), tags normalised. */
function settleRule(snapshot: CatalogueSnapshot, rule: Rule, index: number): Rule {
  const field = `rules[${index}].value`;
  switch (rule.field) {
    case "category":
    case "brand": {
      const id =
        snapshot.lookup[rule.field].get(String(rule.value).trim().toLowerCase()) ?? snapshot.lookup[rule.field].get(String(rule.value));
      if (!id) throw refuse(400, `No ${rule.field} "${String(rule.value)}"`, field);
      return { field: rule.field, op: "is", value: id };
    }
    case "tag": {
      const tag = normalTag(String(rule.value));
      if (!tag) throw refuse(400, "A tag rule needs a tag", field);
      return { field: "tag", op: "is", value: tag };
    }
    case "price": {
      const dollars = typeof rule.value === "number" ? rule.value : Number(String(rule.value).trim());
      if (typeof rule.value === "boolean" || !Number.isFinite(dollars) || dollars < 0 || dollars > 1_000_000) {
        throw refuse(400, "A price rule needs an amount such as 50", field);
      }
      return { field: "price", op: rule.op, value: Math.round(dollars * 100) / 100 };
    }
    case "onSale":
    case "inStock": {
      const yes = rule.value === true || rule.value === "true" || rule.value === 1 || rule.value === "1";
      const no = rule.value === false || rule.value === "false" || rule.value === 0 || rule.value === "0";
      if (!yes && !no) throw refuse(400, "This rule's value is true or false", field);
      return { field: rule.field, op: "is", value: yes };
    }
  }
}

export async function saveCollection(id: string | null, input: CollectionInput): Promise<CatalogueResult<Collection>> {
  const newId_ = id ?? newId();
  const snapshot = await catalogue();
  const result = await change("collection", async (trx) => {
    const current = id ? await trx.selectFrom("collections").selectAll().where("id", "=", id).executeTakeFirst() : null;
    if (id && !current) throw refuse(404, "Collection not found");
    if (nameTaken(await trx.selectFrom("collections").select(["id", "name"]).execute(), input.name, newId_))
      throw refuse(409, "Another collection has this name", "name");
    const kind = input.kind ?? (input.rules ? "automatic" : current ? (current.rules === null ? "manual" : "automatic") : "manual");
    const rules = kind === "automatic" ? (input.rules ?? (current?.rules ? (JSON.parse(current.rules) as Rule[]) : [])) : null;
    if (rules && !rules.length) throw refuse(400, "An automatic collection needs at least one rule", "rules");
    const settled = rules?.map((rule, i) => settleRule(snapshot, rule, i)) ?? null;
    // A category or brand a rule names is deleted under these locks (deleteCatalogueRow): taken,
    // and the rows read again here, a rule never names one deleted meanwhile.
    if (settled?.some((r) => r.field === "category" || r.field === "brand")) {
      await lockKey(trx, "catalogue", "category");
      await lockKey(trx, "catalogue", "brand");
      for (const [i, rule] of settled.entries()) {
        if (rule.field !== "category" && rule.field !== "brand") continue;
        const table = rule.field === "category" ? "categories" : "brands";
        const row = await trx.selectFrom(table).select("id").where("id", "=", String(rule.value)).executeTakeFirst();
        if (!row) throw refuse(400, `No ${rule.field} "${String(rule.value)}"`, `rules[${i}].value`);
      }
    }
    const handle = await settleHandle(trx, "collection", newId_, current?.handle ?? null, input.handle, handleFrom(input.name));
    const values = {
      handle,
      name: input.name,
      description: input.description,
      image: input.image,
      rules: settled ? JSON.stringify(settled) : null,
      sort: input.sort ?? current?.sort ?? "",
      on_home: input.onHome === undefined ? (current?.on_home ?? 0) : Number(input.onHome),
      in_menu: input.inMenu === undefined ? (current?.in_menu ?? 0) : Number(input.inMenu),
      position: input.position ?? current?.position ?? (await nextPosition(trx, "collection", null)),
      updated_at: now(),
    };
    if (current) await trx.updateTable("collections").set(values).where("id", "=", newId_).execute();
    else
      await trx
        .insertInto("collections")
        .values({ id: newId_, ...values, created_at: now() })
        .execute();
    if (kind === "automatic") {
      await trx.deleteFrom("collection_products").where("collection_id", "=", newId_).execute();
    } else if (input.productIds !== undefined) {
      const ids = [...new Set(input.productIds)];
      const known = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const found = await trx
          .selectFrom("products")
          .select("id")
          .where("id", "in", ids.slice(i, i + 500))
          .execute();
        for (const row of found) known.add(row.id);
      }
      const unknown = ids.find((p) => !known.has(p));
      if (unknown) throw refuse(400, `No product with id ${unknown}`, "productIds");
      await trx.deleteFrom("collection_products").where("collection_id", "=", newId_).execute();
      for (let i = 0; i < ids.length; i += 200) {
        await trx
          .insertInto("collection_products")
          .values(ids.slice(i, i + 200).map((product_id, j) => ({ collection_id: newId_, product_id, position: i + j })))
          .execute();
      }
    }
    return newId_;
  });
  if (!result.ok) return result;
  return { ok: true, value: (await catalogue()).collection.get(result.value)! };
}

export async function deleteCollection(id: string): Promise<CatalogueResult<null>> {
  return change("collection", async (trx) => {
    const gone = await trx.deleteFrom("collections").where("id", "=", id).executeTakeFirst();
    if (!Number(gone.numDeletedRows)) throw refuse(404, "Collection not found");
    await trx.deleteFrom("catalogue_handles").where("kind", "=", "collection").where("target_id", "=", id).execute();
    return null;
  });
}

/** A manual collection's products, in the owner's order (ids only). */
export async function manualProductIds(collectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("collection_products")
    .select("product_id")
    .where("collection_id", "=", collectionId)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.product_id);
}

/** What a collection's address names: the collection, one that moved (its handle now), or nothing. */
export async function collectionByHandle(handle: string): Promise<{ collection: Collection } | { movedTo: string } | null> {
  const snapshot = await catalogue();
  const id = snapshot.lookup.collection.get(handle);
  const collection = id ? snapshot.collection.get(id) : undefined;
  if (!collection) return null;
  return collection.handle === handle ? { collection } : { movedTo: collection.handle };
}

// --- Tags -----------------------------------------------------------------------------------

/** A product's tags, in name order. */
export async function tagsOf(productIds: readonly string[]): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .selectFrom("product_tags")
    .select(["product_id", "tag"])
    .where("product_id", "in", [...productIds])
    .orderBy("tag")
    .execute();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row.tag]);
  return byProduct;
}

/** Gives a product exactly these tags (inside the product's own transaction). */
export async function setTags(trx: Executor, productId: string, tags: readonly string[]): Promise<void> {
  await trx.deleteFrom("product_tags").where("product_id", "=", productId).execute();
  if (tags.length)
    await trx
      .insertInto("product_tags")
      .values(tags.map((tag) => ({ product_id: productId, tag })))
      .execute();
}

/** The tags products have, most used first (the listing's tag filter). */
export async function popularTags(limit = 20): Promise<Array<{ tag: string; count: number }>> {
  const rows = await db
    .selectFrom("product_tags")
    .select(["tag", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("tag")
    .orderBy("n", "desc")
    .orderBy("tag")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }));
}
