import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { SettingsChangeSchema } from "~/lib/settings";
import { db, now } from "~/server/database/db.server";
import { isShopOpen, saveSettings, shopSettings } from "./settings.server";

// This shop starts for the first time with PUBLIC_CATALOGUE=1 (read when the setup starts it, after
// this line): the environment's default, until the owner saves the setting.
const before = process.env.PUBLIC_CATALOGUE;
process.env.PUBLIC_CATALOGUE = "1";
afterAll(() => {
  if (before === undefined) delete process.env.PUBLIC_CATALOGUE;
  else process.env.PUBLIC_CATALOGUE = before;
});

/** Writes a setting's stored text behind the service's back, as another process (or a hand) would. */
async function store(key: string, value: string) {
  await db
    .insertInto("settings")
    .values({ key, value, updated_at: now() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now() }))
    .execute();
}

/** Moves this process's clock past the settings' cache, as if 2 seconds had gone by. */
function twoSecondsLater() {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + 2001);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the owner's settings", () => {
  it("are the environment's first-start defaults while nothing is saved", async () => {
    expect(await db.selectFrom("settings").selectAll().execute()).toEqual([]);
    expect(await shopSettings()).toMatchObject({ publicCatalogue: true, shippingZones: [], taxRates: [], otherTaxRate: 0 });
    expect(await isShopOpen()).toBe(true);
  });

  it("are saved and read back; from then on the environment no longer decides", async () => {
    expect(await saveSettings({ publicCatalogue: false })).toMatchObject({ publicCatalogue: false });
    expect(await shopSettings()).toMatchObject({ publicCatalogue: false });
    expect(await isShopOpen()).toBe(false);
    expect(await db.selectFrom("settings").select(["key", "value"]).execute()).toEqual([{ key: "publicCatalogue", value: "false" }]);
    // A change naming no setting keeps them all.
    expect(await saveSettings({})).toMatchObject({ publicCatalogue: false });
    expect(await saveSettings({ publicCatalogue: true })).toMatchObject({ publicCatalogue: true });
  });

  it("saved by another process are seen here within 2 seconds", async () => {
    await saveSettings({ publicCatalogue: true });
    await store("publicCatalogue", "false");
    expect(await isShopOpen()).toBe(true);
    twoSecondsLater();
    expect(await isShopOpen()).toBe(false);
  });

  it("fall back to their default, key by key, when a stored value is one the schema refuses", async () => {
    await saveSettings({ publicCatalogue: false });
    for (const stored of ['"yes"', "1", "null", "not json"]) {
      await store("publicCatalogue", stored);
      // A setting an older version kept and this one no longer knows is left out.
      await store("retiredSetting", '"whatever"');
      twoSecondsLater();
      expect(await shopSettings(), stored).toMatchObject({ publicCatalogue: true });
    }
  });
});

describe("a change of settings (the settings page and PUT /api/admin/settings)", () => {
  it("takes any of the settings, each of its type, and nothing unknown", () => {
    expect(SettingsChangeSchema.parse({ publicCatalogue: true })).toMatchObject({ publicCatalogue: true });
    expect(SettingsChangeSchema.parse({})).toEqual({});
    expect(SettingsChangeSchema.safeParse({ publicCatalogue: "yes" }).error?.issues[0]?.message).toBe(
      "publicCatalogue must be true or false",
    );
    expect(SettingsChangeSchema.safeParse({ publicCatalogue: "true" }).success).toBe(false);
    expect(SettingsChangeSchema.safeParse({ publicCatalogue: true, shopOpen: true }).success).toBe(false);
  });
});
