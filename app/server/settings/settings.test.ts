import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { SettingsChangeSchema, type SettingsChange, type ShippingZoneSetting } from "~/lib/settings";
import { registerUser } from "~/server/accounts/users.server";
import { db, now } from "~/server/database/db.server";
import { deliverDueMail, mailFolder } from "~/server/mail/outbox.server";
import { config } from "~/server/platform/config.server";
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

/**
 * Moves this process's clock past the settings' cache, as if 2 seconds had gone by; further each
 * time (also in a later test), so the clock never goes back to before a read the cache keeps.
 */
let ahead = 0;
function twoSecondsLater() {
  ahead += 2001;
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(performance.timeOrigin + performance.now() + ahead);
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

const STANDARD = { name: "Standard", price: 4.95, freeAbove: 50, estimate: "3-5 business days" };
const EXPRESS = { name: "Express", price: 12, freeAbove: null, estimate: "Next day" };

/** The first problem SettingsChangeSchema finds in `change`: its message and where. */
function refusal(change: unknown) {
  const issue = SettingsChangeSchema.safeParse(change).error?.issues[0];
  return issue && { message: issue.message, path: issue.path.join(".") };
}

describe("the shop's details, tax and shipping zones", () => {
  it("are saved and read back in dollars and percents; each method without an id is given one", async () => {
    const change = SettingsChangeSchema.parse({
      shopName: "  Corner Shop ",
      contactEmail: "orders@corner.example",
      shopAddress: "1 High Street\nLeeds LS1 1AA",
      country: "gb",
      pricesIncludeTax: true,
      taxRates: [
        { country: "GB", rate: 20 },
        { country: "us", rate: 8.875 },
      ],
      otherTaxRate: 0,
      shippingZones: [
        { name: "Home", countries: ["GB"], methods: [STANDARD, EXPRESS] },
        { name: "World", everywhereElse: true, methods: [{ name: "Airmail", price: 15.5, freeAbove: null }] },
      ],
    });
    const saved = await saveSettings(change);
    expect(saved).toMatchObject({
      shopName: "Corner Shop",
      contactEmail: "orders@corner.example",
      shopAddress: "1 High Street\nLeeds LS1 1AA",
      country: "GB",
      pricesIncludeTax: true,
      taxRates: [
        { country: "GB", rate: 20 },
        { country: "US", rate: 8.875 },
      ],
      otherTaxRate: 0,
      shippingZones: [
        { name: "Home", everywhereElse: false, countries: ["GB"], methods: [STANDARD, EXPRESS] },
        { name: "World", everywhereElse: true, countries: [], methods: [{ name: "Airmail", price: 15.5, freeAbove: null, estimate: "" }] },
      ],
    });
    const ids = saved.shippingZones.flatMap((zone) => zone.methods.map((m) => m.id));
    expect(ids).toEqual([
      expect.stringMatching(/^[0-9a-f]{12}$/),
      expect.stringMatching(/^[0-9a-f]{12}$/),
      expect.stringMatching(/^[0-9a-f]{12}$/),
    ]);
    expect(new Set(ids).size).toBe(3);
    // Another process reads the same.
    twoSecondsLater();
    expect(await shopSettings()).toEqual(saved);
  });

  it("keep a method's id through the owner's edits, so a shopper's choice still names it", async () => {
    const first = await saveSettings({ shippingZones: [{ name: "Home", everywhereElse: false, countries: ["US"], methods: [STANDARD] }] });
    const standard = first.shippingZones[0]!.methods[0]!;
    // The owner renames the method, changes its price and adds one before it: the old one keeps its id.
    const edited: ShippingZoneSetting[] = [
      {
        name: "Home",
        everywhereElse: false,
        countries: ["US", "CA"],
        methods: [EXPRESS, { ...standard, name: "Economy", price: 3.5 }],
      },
    ];
    const second = await saveSettings({ shippingZones: edited });
    const [express, economy] = second.shippingZones[0]!.methods;
    expect(economy).toEqual({ ...STANDARD, id: standard.id, name: "Economy", price: 3.5 });
    expect(express!.id).toMatch(/^[0-9a-f]{12}$/);
    expect(express!.id).not.toBe(standard.id);
    // An id the owner (or a client) gives is kept as given.
    const given = await saveSettings({
      shippingZones: [{ name: "Home", everywhereElse: false, countries: ["US"], methods: [{ ...STANDARD, id: "standard-us" }] }],
    });
    expect(given.shippingZones[0]!.methods[0]!.id).toBe("standard-us");
  });

  it("saved one key at a time keep the others", async () => {
    await saveSettings({ shopName: "Corner Shop", taxRates: [{ country: "FR", rate: 20 }] });
    await saveSettings({ shippingZones: [] });
    expect(await shopSettings()).toMatchObject({ shopName: "Corner Shop", taxRates: [{ country: "FR", rate: 20 }], shippingZones: [] });
  });

  it("refuse what the shop could not work with, saying what and where", () => {
    const zone = (over: Record<string, unknown> = {}) => ({ name: "Europe", countries: ["FR"], methods: [STANDARD], ...over });
    const cases: Array<[unknown, { message: string; path: string }]> = [
      [
        { shippingZones: [zone(), zone({ name: "France too" })] },
        {
          message: "France is in two zones: zone 1 (Europe) and zone 2 (France too). Untick it in one of them.",
          path: "shippingZones.1.countries",
        },
      ],
      [
        { shippingZones: [zone({ countries: ["FR", "DE", "FR"] })] },
        { message: "France is named twice in zone 1 (Europe)", path: "shippingZones.0.countries" },
      ],
      [
        { shippingZones: [zone({ methods: [{ ...STANDARD, price: -1 }] })] },
        { message: "The method's price must be 0 or more", path: "shippingZones.0.methods.0.price" },
      ],
      [
        { shippingZones: [zone({ methods: [{ ...STANDARD, price: 4.999 }] })] },
        { message: "The method's price can have at most two decimals", path: "shippingZones.0.methods.0.price" },
      ],
      [
        { shippingZones: [zone({ countries: ["FR", "XX"] })] },
        {
          message: "A zone's country must be a two-letter country code (ISO 3166-1), such as US or GB",
          path: "shippingZones.0.countries.1",
        },
      ],
      [
        { shippingZones: [zone({ countries: [] })] },
        { message: "Choose the zone's countries, or make it the zone for everywhere else", path: "shippingZones.0.countries" },
      ],
      [
        { shippingZones: [zone({ everywhereElse: true })] },
        { message: "The zone for everywhere else names no countries", path: "shippingZones.0.countries" },
      ],
      [
        { shippingZones: [zone({ everywhereElse: true, countries: [] }), zone({ everywhereElse: true, countries: [] })] },
        { message: "Only one zone can be for everywhere else", path: "shippingZones" },
      ],
      [{ shippingZones: [zone({ methods: [] })] }, { message: "A zone needs at least one method", path: "shippingZones.0.methods" }],
      [
        { shippingZones: [zone({ methods: [STANDARD, { ...EXPRESS, name: "standard" }] })] },
        { message: "Two methods of a zone have the same name", path: "shippingZones.0.methods" },
      ],
      [
        {
          shippingZones: [
            zone({ methods: [{ ...STANDARD, id: "same" }] }),
            zone({ countries: ["DE"], methods: [{ ...STANDARD, id: "same" }] }),
          ],
        },
        { message: "Two shipping methods have the same id", path: "shippingZones" },
      ],
      [
        {
          taxRates: [
            { country: "FR", rate: 20 },
            { country: "fr", rate: 5.5 },
          ],
        },
        { message: "A country has at most one tax rate", path: "taxRates" },
      ],
      [{ taxRates: [{ country: "FR", rate: 120 }] }, { message: "The tax rate must be between 0 and 100", path: "taxRates.0.rate" }],
      [{ taxRates: [{ country: "", rate: 20 }] }, { message: "A tax rate's country is required", path: "taxRates.0.country" }],
      [{ otherTaxRate: -1 }, { message: "The rate for everywhere else must be between 0 and 100", path: "otherTaxRate" }],
      [
        { country: "ZZ" },
        { message: "The shop's country must be a two-letter country code (ISO 3166-1), such as US or GB", path: "country" },
      ],
      [{ shopName: " " }, { message: "The shop's name is required", path: "shopName" }],
      [{ contactEmail: "not an address" }, { message: "Please enter a valid email address", path: "contactEmail" }],
      [{ pricesIncludeTax: "yes" }, { message: "pricesIncludeTax must be true or false", path: "pricesIncludeTax" }],
    ];
    for (const [change, expected] of cases) expect(refusal(change), JSON.stringify(change)).toEqual(expected);
  });

  it("refused, change nothing", async () => {
    const before = await saveSettings({ shippingZones: [{ name: "Home", everywhereElse: false, countries: ["US"], methods: [STANDARD] }] });
    const bad: unknown = {
      shopName: "Renamed",
      shippingZones: [{ name: "Home", countries: ["US"], methods: [{ ...STANDARD, price: -5 }] }],
    };
    expect(SettingsChangeSchema.safeParse(bad).success).toBe(false);
    twoSecondsLater();
    expect(await shopSettings()).toEqual(before);
  });
});

describe("the shop's name and contact e-mail", () => {
  it("are the environment's until the owner saves them", async () => {
    await db.deleteFrom("settings").execute();
    twoSecondsLater();
    expect(await shopSettings()).toMatchObject({
      shopName: config.shopName,
      contactEmail: config.contactEmail,
      country: config.shopCountry,
    });
  });

  it("name the shop in e-mails written after the change, read in the transaction that writes them", async () => {
    const change: SettingsChange = { shopName: "Corner Shop", contactEmail: "orders@corner.example" };
    await saveSettings(change);
    // Past the cache: the welcome e-mail is written inside registration's transaction, where the
    // settings are read through that transaction (on SQLite the pool's one connection is busy with it).
    twoSecondsLater();
    const registered = await registerUser({ userName: "Cornered", email: "cornered@example.com", password: "a-good-password" });
    expect(registered.ok).toBe(true);
    const mail = await db
      .selectFrom("outbox")
      .select(["subject", "text_body", "html_body"])
      .where("recipient", "=", "cornered@example.com")
      .execute();
    expect(mail).toEqual([
      {
        subject: "Welcome to Corner Shop",
        text_body: expect.stringContaining("your account at Corner Shop is ready"),
        html_body: expect.stringContaining("Corner Shop"),
      },
    ]);
    // The sender writes it (no SMTP_URL in tests: an .eml file) from the shop's name.
    expect(await deliverDueMail()).toMatchObject({ sent: 1, failed: 0 });
    const files = fs.readdirSync(mailFolder());
    const eml = fs.readFileSync(path.join(mailFolder(), files[0]!), "utf8");
    expect(eml).toMatch(/^From: "?Corner Shop"? <shop@/m);
  });
});
