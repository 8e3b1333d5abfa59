import { sql, type Transaction } from "kysely";
import type { Customer, CustomerQuery } from "~/lib/customers";
import { FORMER_CUSTOMER } from "~/lib/messages/accounts";
import {
  ADMIN_NOT_BLOCKABLE,
  CLOSED_NOT_CHANGEABLE,
  CUSTOMER_NOT_FOUND,
  customerBlocked,
  customerUnblocked,
} from "~/lib/messages/customers";
import type { Order } from "~/lib/orders";
import { pageOf, type Page } from "~/lib/page";
import type { Database, UserRow } from "#db/schema";
import { spendAccountTokens } from "~/server/accounts/account-tokens.server";
import { userNameKey } from "~/server/accounts/users.server";
import { ABANDONED, listOrders } from "~/server/orders/orders.server";
import { db, now } from "~/server/database/db.server";

// The owner's view of shoppers' accounts (issue 31, part 4): who they are, what they bought, and
// blocking, which keeps an account and its orders but stops it signing in. Admin accounts are not
// customers: they are neither listed nor blockable. docs/decisions/0040-customers-and-blocking.md.

export const CUSTOMERS_PAGE_SIZE = 20;

type AccountRow = Pick<UserRow, "id" | "user_name" | "email" | "created_at" | "blocked_at" | "closed_at">;
type OrderFigures = { orderCount: number; spentCents: number; lastOrderAt: string | null };
const NO_ORDERS: OrderFigures = { orderCount: 0, spentCents: 0, lastOrderAt: null };

const ACCOUNT_COLUMNS = ["id", "user_name", "email", "created_at", "blocked_at", "closed_at"] as const;

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Per account, its orders (payment attempts that were cancelled or failed are not orders), what its
 * paid orders brought in net of refunds, and when it last ordered: only for the accounts given.
 */
async function orderFigures(userIds: string[]): Promise<Map<string, OrderFigures>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      "user_id",
      eb.fn.countAll<number>().as("orders"),
      eb.fn.sum<number>(sql`case when payment_status = 'paid' then total_cents - refunded_cents else 0 end`).as("spent"),
      eb.fn.max("order_date").as("last"),
    ])
    .where("user_id", "in", userIds)
    .where("payment_status", "not in", ABANDONED)
    .groupBy("user_id")
    .execute();
  // PostgreSQL answers count and sum as strings (bigint).
  return new Map(rows.map((r) => [r.user_id, { orderCount: Number(r.orders), spentCents: Number(r.spent ?? 0), lastOrderAt: r.last }]));
}

function toCustomer(row: AccountRow, figures: OrderFigures = NO_ORDERS): Customer {
  const closed = row.closed_at !== null;
  return {
    id: row.id,
    // A closed account keeps only its id: its name and e-mail were erased when it closed.
    userName: closed ? FORMER_CUSTOMER : row.user_name,
    email: closed ? "" : row.email,
    joinedAt: row.created_at,
    ...figures,
    blockedAt: row.blocked_at,
    closedAt: row.closed_at,
  };
}

/**
 * Shoppers' accounts, newest first, `pageSize` a page; `search` matches anywhere in the user name
 * (compared as registration compares names: case, width and spacing aside) or the e-mail of an
 * account that is not closed.
 */
export async function listCustomers(query: CustomerQuery, pageSize = CUSTOMERS_PAGE_SIZE): Promise<Page<Customer>> {
  // A guest's record (issue 51: users.guest_email) is no customer's account: its orders say who bought them.
  let base = db.selectFrom("users").where("role", "=", "user").where("guest_email", "is", null);
  if (query.search) {
    const name = containing(userNameKey(query.search));
    const email = containing(query.search.trim().toLowerCase());
    // A closed account has no name or e-mail left to find it by (what stands there is made up).
    base = base
      .where("closed_at", "is", null)
      .where(sql<boolean>`(user_name_key like ${name} escape '\\' or email like ${email} escape '\\')`);
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = await base
    .select(ACCOUNT_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .execute();
  const figures = await orderFigures(rows.map((r) => r.id));
  return pageOf(
    rows.map((r) => toCustomer(r, figures.get(r.id))),
    Number(total),
    query.page,
    pageSize,
  );
}

/** A shopper's account with every order they placed, newest first; null for an unknown id, an admin or a guest's record. */
export async function getCustomer(id: string): Promise<{ customer: Customer; orders: Order[] } | null> {
  const row = await db
    .selectFrom("users")
    .select(ACCOUNT_COLUMNS)
    .where("id", "=", id)
    .where("role", "=", "user")
    .where("guest_email", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const [figures, orders] = await Promise.all([orderFigures([id]), listOrders(id)]);
  return { customer: toCustomer(row, figures.get(id)), orders };
}

export type AccountChange = { ok: true; message: string } | { ok: false; status: 403 | 404 | 409; message: string };

/** Why an account was left as it was: unknown (a guest's record is no account), an admin's, or closed. */
async function refusal(trx: Transaction<Database>, id: string): Promise<AccountChange> {
  const row = await trx.selectFrom("users").select(["role", "closed_at", "guest_email"]).where("id", "=", id).executeTakeFirst();
  if (!row || row.guest_email !== null) return { ok: false, status: 404, message: CUSTOMER_NOT_FOUND };
  if (row.role === "admin") return { ok: false, status: 403, message: ADMIN_NOT_BLOCKABLE };
  return { ok: false, status: 409, message: CLOSED_NOT_CHANGEABLE };
}

/**
 * Blocks a shopper's account: it keeps everything but can no longer sign in (sign-in.server.ts),
 * and every session it has ends in the same transaction, on every device and process, as do its
 * e-mailed links (a reset, a pending e-mail change): unblocking does not bring them back. Blocking a
 * blocked account changes nothing (it keeps the first date).
 */
export async function blockCustomer(id: string): Promise<AccountChange> {
  return db.transaction().execute(async (trx) => {
    const blocked = await trx
      .updateTable("users")
      .set({ blocked_at: sql<string>`coalesce(blocked_at, ${now()})` })
      .where("id", "=", id)
      .where("role", "=", "user")
      .where("closed_at", "is", null)
      .where("guest_email", "is", null)
      .returning("user_name")
      .executeTakeFirst();
    if (!blocked) return refusal(trx, id);
    await trx.deleteFrom("sessions").where("user_id", "=", id).execute();
    await spendAccountTokens(trx, id, "all");
    return { ok: true, message: customerBlocked(blocked.user_name) };
  });
}

/** Lets a blocked shopper sign in again (an account that is not blocked stays as it is). */
export async function unblockCustomer(id: string): Promise<AccountChange> {
  return db.transaction().execute(async (trx) => {
    const unblocked = await trx
      .updateTable("users")
      .set({ blocked_at: null })
      .where("id", "=", id)
      .where("role", "=", "user")
      .where("closed_at", "is", null)
      .where("guest_email", "is", null)
      .returning("user_name")
      .executeTakeFirst();
    if (!unblocked) return refusal(trx, id);
    return { ok: true, message: customerUnblocked(unblocked.user_name) };
  });
}
