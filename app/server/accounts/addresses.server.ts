import { MAX_ADDRESSES } from "~/lib/constants";
import type { Address } from "~/lib/address";
import type { AddressInput } from "~/lib/schemas/addresses";
import type { AddressesTable } from "#db/schema";
import type { Selectable } from "kysely";
import { db, newId, now } from "~/server/database/db.server";
import { lockKey } from "~/server/database/locks.server";
import { ADDRESS_NOT_FOUND, MAX_ADDRESSES_MESSAGE } from "~/lib/messages/accounts";
import { costSettings, shopSettings } from "~/server/settings/settings.server";
import { deliversTo, weDontDeliverTo } from "~/lib/costs/totals";

/**
 * An address as the shop's code sees it. A row without a country (saved before addresses had one,
 * or sent without one: the original client) is in the shop's country, read now, so every caller
 * gets a real country code (docs/decisions/0055-address-country.md).
 */
function toAddress(row: Selectable<AddressesTable>, shopCountry: string): Address {
  return {
    id: row.id,
    userId: row.user_id,
    address: row.address,
    city: row.city,
    pincode: row.pincode,
    phone: row.phone,
    notes: row.notes,
    country: row.country ?? shopCountry,
  };
}

const shopCountry = async () => (await shopSettings()).country;

export async function listAddresses(userId: string): Promise<Address[]> {
  const [rows, country] = await Promise.all([
    db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute(),
    shopCountry(),
  ]);
  return rows.map((row) => toAddress(row, country));
}

/** One of this shopper's addresses, or null (someone else's id is simply not found). */
export async function getAddress(userId: string, addressId: string): Promise<Address | null> {
  const [row, country] = await Promise.all([
    db.selectFrom("addresses").selectAll().where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst(),
    shopCountry(),
  ]);
  return row ? toAddress(row, country) : null;
}

export type AddressResult =
  | { ok: true; address: Address }
  | { ok: false; status: 404 | 409; message: string }
  /** A country the shop does not deliver to: the form shows it beside the country. */
  | { ok: false; status: 400; message: string; field: "country" };

/**
 * Once the owner has set zones, an address is saved only in a country the shop delivers to (with
 * none, every country stays allowed): the country sent, else the one kept, else the shop's own.
 */
async function undeliverable(country: string): Promise<AddressResult | null> {
  if (deliversTo(await costSettings(), country)) return null;
  return { ok: false, status: 400, message: weDontDeliverTo(country), field: "country" };
}

/** The columns an address's input writes: its country only when one was given (null: the shop's). */
function columnsOf({ country, ...fields }: AddressInput) {
  return country ? { ...fields, country } : fields;
}

/**
 * At most 3 addresses per shopper: counted and inserted in one transaction, holding the shopper's
 * address key (the address that would be a fourth does not exist yet, so there is no row to lock).
 * Without a country the row keeps none: it is in the shop's country.
 */
export async function addAddress(userId: string, input: AddressInput): Promise<AddressResult> {
  // Read before the transaction: the settings are read outside it (SQLite has one connection).
  const country = await shopCountry();
  const refused = await undeliverable(input.country ?? country);
  if (refused) return refused;
  return db.transaction().execute(async (trx) => {
    await lockKey(trx, "addresses", userId);
    const { count } = await trx
      .selectFrom("addresses")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_ADDRESSES) return { ok: false, status: 409, message: MAX_ADDRESSES_MESSAGE } as const;
    const row = { id: newId(), user_id: userId, country: null, ...columnsOf(input), created_at: now(), updated_at: now() };
    await trx.insertInto("addresses").values(row).execute();
    return { ok: true, address: toAddress(row, country) } as const;
  });
}

/** An edit sent without a country (the original client) leaves the address's country as it was. */
export async function updateAddress(userId: string, addressId: string, input: AddressInput): Promise<AddressResult> {
  const before = await getAddress(userId, addressId);
  if (!before) return { ok: false, status: 404, message: ADDRESS_NOT_FOUND };
  const refused = await undeliverable(input.country ?? before.country);
  if (refused) return refused;
  const result = await db
    .updateTable("addresses")
    .set({ ...columnsOf(input), updated_at: now() })
    .where("id", "=", addressId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return { ok: false, status: 404, message: ADDRESS_NOT_FOUND };
  return { ok: true, address: (await getAddress(userId, addressId))! };
}

/** Past orders keep their own copy of the address, so deleting one never changes an order. */
export async function deleteAddress(userId: string, addressId: string): Promise<boolean> {
  const result = await db.deleteFrom("addresses").where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
