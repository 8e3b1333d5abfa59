import { CART_REMINDER_HOURS, SettingsSchema, type SettingsChange, type ShopSettings } from "~/lib/settings";
import { config } from "~/server/platform/config.server";
import { randomBytes } from "node:crypto";
import { costSettingsOf, type CostSettings } from "~/lib/costs/totals";
import { db, now } from "~/server/database/db.server";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema";

/**
 * The owner's shop settings, stored one JSON value per key (table `settings`). A key never saved
 * has its first-start default from the environment (config). Every process reads the same rows;
 * each keeps what it read for CACHE_MS, so a change is seen everywhere within that, and at once
 * by the process that saved it.
 */
const CACHE_MS = 2000;
/** What this process read last: the read under way, and its result once it has one. */
let cached: { at: number; settings: Promise<ShopSettings>; value?: ShopSettings } | null = null;

function defaults(): ShopSettings {
  return {
    publicCatalogue: config.publicCatalogue,
    shopName: config.shopName,
    contactEmail: config.contactEmail,
    shopAddress: "",
    country: config.shopCountry,
    pricesIncludeTax: false,
    taxRates: [],
    otherTaxRate: 0,
    shippingZones: [],
    guestCheckout: false,
    cartReminders: false,
    cartReminderHours: CART_REMINDER_HOURS.default,
  };
}

async function read(executor: Kysely<Database> = db): Promise<ShopSettings> {
  const rows = await executor.selectFrom("settings").select(["key", "value"]).execute();
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      // A value that is not JSON (written by hand) counts as never saved.
    }
  }
  const merged = { ...defaults(), ...stored };
  // A stored value a newer schema no longer accepts falls back to its default, key by key.
  const settings = defaults();
  for (const key of Object.keys(settings) as Array<keyof ShopSettings>) {
    const one = SettingsSchema.shape[key].safeParse(merged[key]);
    if (one.success) (settings as Record<string, unknown>)[key] = one.data;
  }
  return settings;
}

/** What this process read last, as JSON: a read that differs means another process saved a change. */
let lastSeen: string | null = null;
const changeListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process reads settings that differ from what it read before (the
 * owner saved them, here or in another process): the page cache drops what visitors were shown.
 */
export function onSettingsChanged(listener: () => void): void {
  changeListeners.add(listener);
}

/** The shop's settings as they are now (at most CACHE_MS old). */
export function shopSettings(): Promise<ShopSettings> {
  const at = Date.now();
  if (!cached || at - cached.at > CACHE_MS) {
    const settings = read();
    const entry: NonNullable<typeof cached> = { at, settings };
    cached = entry;
    settings.then(
      (value) => {
        entry.value = value;
        const seen = JSON.stringify(value);
        if (lastSeen !== null && seen !== lastSeen) for (const listener of changeListeners) listener();
        lastSeen = seen;
      },
      () => cached === entry && (cached = null),
    );
  }
  return cached.settings;
}

/**
 * The settings inside the transaction `trx` (an e-mail written with the change that causes it).
 * Read through `trx`, never through the shop's pool: on SQLite the transaction holds the one
 * connection, so a read waiting for the pool (this process's, or one another request started and
 * this one would wait for) would wait for ever. What this process read in the last CACHE_MS does.
 */
export async function shopSettingsIn(trx: Kysely<Database>): Promise<ShopSettings> {
  if (cached?.value && Date.now() - cached.at <= CACHE_MS) return cached.value;
  return read(trx);
}

/**
 * Saves the settings `change` names (already checked by SettingsChangeSchema); returns them all.
 * A shipping method saved without an id is given one: a shopper's choice at checkout names it.
 */
export async function saveSettings(change: SettingsChange): Promise<ShopSettings> {
  const at = now();
  if (change.shippingZones) {
    change = {
      ...change,
      shippingZones: change.shippingZones.map((zone) => ({
        ...zone,
        methods: zone.methods.map((method) => ({ ...method, id: method.id ?? randomBytes(6).toString("hex") })),
      })),
    };
  }
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) continue;
      await trx
        .insertInto("settings")
        .values({ key, value: JSON.stringify(value), updated_at: at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: at }))
        .execute();
    }
  });
  cached = null;
  return shopSettings();
}

/** Whether visitors may browse the shop without an account (the owner's setting). */
export async function isShopOpen(): Promise<boolean> {
  return (await shopSettings()).publicCatalogue;
}

/** Whether a visitor may check out without an account now: the owner's choice, in a shop open to visitors. */
export async function isGuestCheckoutOn(): Promise<boolean> {
  const settings = await shopSettings();
  return settings.publicCatalogue && settings.guestCheckout;
}

/** The settings an order's costs depend on (lib/costs/totals.ts), as they are now (at most CACHE_MS old). */
export async function costSettings(): Promise<CostSettings> {
  return costSettingsOf(await shopSettings());
}

/**
 * The settings an order's costs depend on as saved, read through `executor` (inside an order's
 * transaction, that transaction), never from this process's cache: an order placed right after
 * the owner changed a rate on another process is priced with the new rate (issue 48).
 */
export async function savedCostSettings(executor: Kysely<Database> = db): Promise<CostSettings> {
  return costSettingsOf(await read(executor));
}
