import { sql, type Selectable, type Transaction } from "kysely";
import type { DiscountCode, DiscountCodeWithFigures } from "~/lib/discounts/codes";
import {
  DISCOUNT_CODE_TAKEN,
  DISCOUNT_NOT_FOUND,
  discountDisabled,
  discountEnabled,
  unknownDiscountBrand,
  unknownDiscountCategory,
  usageLimitBelowTaken,
} from "~/lib/messages/discounts-owner";
import { amountToCents } from "~/lib/money";
import type { DiscountInput } from "~/lib/schemas/discounts";
import type { Database, DiscountsTable } from "#db/schema";
import { db, newId, now } from "~/server/database/db.server";
import { lockKey } from "~/server/database/locks.server";
import { orderKept } from "~/server/orders/kept.server";

// The owner's discount codes (issue 33, part 1): adding, editing, disabling and enabling them, and
// the list with what each has done. The same functions serve /admin/discounts and /api. Applying a
// code to a cart is apply.server.ts; holding and counting its uses, uses.server.ts.

type DiscountRow = Selectable<DiscountsTable>;

export type SaveDiscountResult =
  | { ok: true; discount: DiscountCode; created: boolean }
  | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: Record<string, string[]> };

export type SetActiveResult = { ok: true; discount: DiscountCode; message: string } | { ok: false; status: 404; message: string };

const ids = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

export function toDiscount(row: DiscountRow): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageLimit: row.usage_limit,
    oncePerCustomer: row.once_per_customer === 1,
    categories: ids(row.categories),
    brands: ids(row.brands),
    active: row.active === 1,
    taken: row.taken,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns an input sets (money in cents, the lists as JSON or null for "all"). */
function columns(input: DiscountInput) {
  return {
    code: input.code,
    type: input.type,
    value: input.type === "percent" ? input.value : amountToCents(input.value),
    min_subtotal_cents: amountToCents(input.minSubtotal),
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    usage_limit: input.usageLimit,
    once_per_customer: input.oncePerCustomer ? 1 : 0,
    categories: input.categories.length ? JSON.stringify(input.categories) : null,
    brands: input.brands.length ? JSON.stringify(input.brands) : null,
  };
}

const codeTaken = (): SaveDiscountResult => ({
  ok: false,
  status: 409,
  message: DISCOUNT_CODE_TAKEN,
  fieldErrors: { code: [DISCOUNT_CODE_TAKEN] },
});

/**
 * A code is limited only to categories and brands the shop has (issue 49): an unknown id is a 400
 * beside its field. Read in the write's transaction after the catalogue's locks, which deleting a
 * category or brand also takes (deleteCatalogueRow refuses one a code names): the two take turns.
 */
async function unknownLimits(trx: Transaction<Database>, input: DiscountInput): Promise<SaveDiscountResult | null> {
  await lockKey(trx, "catalogue", "category");
  await lockKey(trx, "catalogue", "brand");
  const missing = async (table: "categories" | "brands", ids: string[]) => {
    if (!ids.length) return undefined;
    const found = new Set((await trx.selectFrom(table).select("id").where("id", "in", ids).execute()).map((r) => r.id));
    return ids.find((id) => !found.has(id));
  };
  const fieldErrors: Record<string, string[]> = {};
  const category = await missing("categories", input.categories);
  if (category !== undefined) fieldErrors.categories = [unknownDiscountCategory(category)];
  const brand = await missing("brands", input.brands);
  if (brand !== undefined) fieldErrors.brands = [unknownDiscountBrand(brand)];
  const first = Object.values(fieldErrors)[0]?.[0];
  return first === undefined ? null : { ok: false, status: 400, message: first, fieldErrors };
}

/** Another code (not `exceptId`) with this name (names are stored in capitals). */
async function nameTaken(code: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom("discounts").select("id").where("code", "=", code.toUpperCase());
  if (exceptId) query = query.where("id", "!=", exceptId);
  return !!(await query.executeTakeFirst());
}

export async function getDiscount(id: string): Promise<DiscountCode | null> {
  const row = await db.selectFrom("discounts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toDiscount(row) : null;
}

/**
 * Every code, newest first, with its uses held now and paid by orders still standing (orderKept:
 * not cancelled, rejected or refunded in full), the uses spent by the others (they still count
 * toward the limit unless the owner gave them back), and the standing orders that used it: how
 * many, what they brought in (their totals less refunds) and what the code took off them.
 */
export async function listDiscounts(): Promise<DiscountCodeWithFigures[]> {
  const [rows, uses, orders] = await Promise.all([
    db.selectFrom("discounts").selectAll().orderBy("created_at", "desc").orderBy("id").execute(),
    db
      .selectFrom("discount_uses")
      .innerJoin("orders", "orders.id", "discount_uses.order_id")
      .select((eb) => [
        "discount_uses.discount_id",
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb("discount_uses.status", "=", "used"), orderKept(eb)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("used"),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb("discount_uses.status", "=", "used"), eb.not(orderKept(eb))]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("closed"),
        eb.fn.sum<number>(sql`case when discount_uses.status = 'held' then 1 else 0 end`).as("held"),
      ])
      .groupBy("discount_uses.discount_id")
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => [
        "discount_id",
        eb.fn.countAll<number>().as("orders"),
        eb.fn.sum<number>(sql`total_cents - refunded_cents`).as("revenue"),
        eb.fn.sum<number>("discount_cents").as("discount"),
      ])
      .where("discount_id", "is not", null)
      .where(orderKept)
      .groupBy("discount_id")
      .execute(),
  ]);
  // PostgreSQL answers counts and sums as strings (bigint, numeric).
  const useBy = new Map(
    uses.map((u) => [u.discount_id, { used: Number(u.used ?? 0), closed: Number(u.closed ?? 0), held: Number(u.held ?? 0) }]),
  );
  const orderBy = new Map(
    orders.map((o) => [o.discount_id, { count: Number(o.orders), revenue: Number(o.revenue ?? 0), discount: Number(o.discount ?? 0) }]),
  );
  return rows.map((row) => {
    const u = useBy.get(row.id);
    const o = orderBy.get(row.id);
    return {
      ...toDiscount(row),
      usedCount: u?.used ?? 0,
      closedCount: u?.closed ?? 0,
      heldCount: u?.held ?? 0,
      orderCount: o?.count ?? 0,
      revenueCents: o?.revenue ?? 0,
      discountCents: o?.discount ?? 0,
    };
  });
}

/** Adds a code; active unless `input.active` is false. Its name must be new (case aside). */
export async function createDiscount(input: DiscountInput): Promise<SaveDiscountResult> {
  if (await nameTaken(input.code, null)) return codeTaken();
  const id = newId();
  const at = now();
  try {
    const refused = await db.transaction().execute(async (trx) => {
      const unknown = await unknownLimits(trx, input);
      if (unknown) return unknown;
      await trx
        .insertInto("discounts")
        .values({ id, ...columns(input), active: input.active === false ? 0 : 1, taken: 0, created_at: at, updated_at: at })
        .execute();
      return null;
    });
    if (refused) return refused;
  } catch (error) {
    // The same name added at the same moment by another request: the unique index decided.
    if (await nameTaken(input.code, id)) return codeTaken();
    throw error;
  }
  return { ok: true, discount: (await getDiscount(id))!, created: true };
}

/**
 * Replaces a code's settings (`active` kept when not given). Its name must stay unique; its total
 * uses cannot go below the uses held or paid now: checked in the update itself, so a use taken
 * meanwhile is counted.
 */
export async function updateDiscount(id: string, input: DiscountInput): Promise<SaveDiscountResult> {
  if (await nameTaken(input.code, id)) return codeTaken();
  let updated: bigint;
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const unknown = await unknownLimits(trx, input);
      if (unknown) return unknown;
      let update = trx
        .updateTable("discounts")
        .set({ ...columns(input), ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }), updated_at: now() })
        .where("id", "=", id);
      if (input.usageLimit !== null) update = update.where("taken", "<=", input.usageLimit);
      return (await update.executeTakeFirst()).numUpdatedRows;
    });
    if (typeof outcome !== "bigint") return outcome;
    updated = outcome;
  } catch (error) {
    if (await nameTaken(input.code, id)) return codeTaken();
    throw error;
  }
  const current = await getDiscount(id);
  if (!current) return { ok: false, status: 404, message: DISCOUNT_NOT_FOUND };
  if (!Number(updated)) {
    const message = usageLimitBelowTaken(current.taken);
    return { ok: false, status: 409, message, fieldErrors: { usageLimit: [message] } };
  }
  return { ok: true, discount: current, created: false };
}

/** Disables (shoppers can no longer apply it) or enables a code. Uses already held stay held. */
export async function setDiscountActive(id: string, active: boolean): Promise<SetActiveResult> {
  await db
    .updateTable("discounts")
    .set({ active: active ? 1 : 0, updated_at: now() })
    .where("id", "=", id)
    .execute();
  const discount = await getDiscount(id);
  if (!discount) return { ok: false, status: 404, message: DISCOUNT_NOT_FOUND };
  return { ok: true, discount, message: active ? discountEnabled(discount.code) : discountDisabled(discount.code) };
}
