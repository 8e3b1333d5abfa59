import { beforeAll, describe, expect, it } from "vitest";
import { addAddress, deleteAddress, getAddress, listAddresses, updateAddress } from "./addresses.server";
import { AddressSchema } from "~/lib/schemas/addresses";
import { registerUser } from "./users.server";
import { MAX_ADDRESSES_MESSAGE } from "~/lib/messages/accounts";
import { db } from "~/server/database/db.server";
import { saveSettings } from "~/server/settings/settings.server";

const input = (street: string) => ({ address: street, city: "Town", pincode: "1234", phone: "555-0100", notes: "Leave at door" });
let me: string;
let other: string;

async function newShopper(name: string) {
  const result = await registerUser({ userName: name, email: `${name}@example.com`, password: "password123" });
  if (!result.ok) throw new Error("setup");
  return result.user.id;
}

/** What the row holds (null: saved without a country). */
async function storedCountry(id: string) {
  return (await db.selectFrom("addresses").select("country").where("id", "=", id).executeTakeFirstOrThrow()).country;
}

beforeAll(async () => {
  const a = await registerUser({ userName: "addr", email: "addr@example.com", password: "password123" });
  const b = await registerUser({ userName: "addr2", email: "addr2@example.com", password: "password123" });
  if (!a.ok || !b.ok) throw new Error("setup");
  me = a.user.id;
  other = b.user.id;
});

describe("addresses", () => {
  it("allows at most 3 addresses per shopper", async () => {
    for (const street of ["1 A St", "2 B St", "3 C St"]) expect((await addAddress(me, input(street))).ok).toBe(true);
    expect(await addAddress(me, input("4 D St"))).toEqual({ ok: false, status: 409, message: MAX_ADDRESSES_MESSAGE });
    expect((await listAddresses(me)).map((a) => a.address)).toEqual(["1 A St", "2 B St", "3 C St"]);
    expect((await addAddress(other, input("9 Z St"))).ok).toBe(true);
  });

  it("never lets one shopper read, change or delete another's address", async () => {
    const [mine] = await listAddresses(me);
    expect(await getAddress(other, mine!.id)).toBeNull();
    expect(await updateAddress(other, mine!.id, input("hacked"))).toMatchObject({ ok: false, status: 404 });
    expect(await deleteAddress(other, mine!.id)).toBe(false);
    expect((await getAddress(me, mine!.id))?.address).toBe("1 A St");
    expect(await deleteAddress(me, mine!.id)).toBe(true);
    expect((await addAddress(me, input("4 D St"))).ok).toBe(true);
  });

  it("requires all five fields after trimming", () => {
    const result = AddressSchema.safeParse({ address: "  ", city: "x", pincode: "1", phone: "555", notes: "\t" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(["address", "notes"]);
  });
});

describe("an address's country (issue 41)", () => {
  it("an address saved without a country reads as the shop's, whatever the shop's country is now", async () => {
    const shopper = await newShopper("nocountry");
    const added = await addAddress(shopper, AddressSchema.parse(input("1 Old Road")));
    if (!added.ok) throw new Error("add");
    expect(added.address.country).toBe("US"); // the first-start default (config.shopCountry)
    expect(await storedCountry(added.address.id)).toBeNull();
    // An address of before issue 41, written as the migration left it.
    await db.updateTable("addresses").set({ country: null }).where("id", "=", added.address.id).execute();
    try {
      await saveSettings({ country: "GB" });
      expect((await getAddress(shopper, added.address.id))?.country).toBe("GB");
      expect((await listAddresses(shopper)).map((a) => a.country)).toEqual(["GB"]);
    } finally {
      await saveSettings({ country: "US" });
    }
    expect((await getAddress(shopper, added.address.id))?.country).toBe("US");
  });

  it("a country given is kept, also when the shop's country changes; an edit without one leaves it", async () => {
    const shopper = await newShopper("withcountry");
    const parsed = AddressSchema.parse({ ...input("1 Maple Road"), pincode: "k1a 0b1", country: "ca" });
    expect(parsed.country).toBe("CA");
    const added = await addAddress(shopper, parsed);
    if (!added.ok) throw new Error("add");
    expect(added.address).toMatchObject({ country: "CA", pincode: "k1a 0b1" });
    expect(await storedCountry(added.address.id)).toBe("CA");
    try {
      await saveSettings({ country: "DE" });
      expect((await getAddress(shopper, added.address.id))?.country).toBe("CA");
    } finally {
      await saveSettings({ country: "US" });
    }
    // The original client edits without a country: the address stays in Canada.
    const edited = await updateAddress(shopper, added.address.id, AddressSchema.parse({ ...input("2 Maple Road"), pincode: "K1A 0B1" }));
    expect(edited).toMatchObject({ ok: true, address: { address: "2 Maple Road", country: "CA" } });
    const moved = await updateAddress(
      shopper,
      added.address.id,
      AddressSchema.parse({ ...input("3 Rue"), pincode: "75001", country: "FR" }),
    );
    expect(moved).toMatchObject({ ok: true, address: { country: "FR", pincode: "75001" } });
    expect(await storedCountry(added.address.id)).toBe("FR");
  });

  it("refuses an unknown country and a postal code that does not fit the country chosen, naming its format", () => {
    const errors = (extra: Record<string, unknown>) => {
      const result = AddressSchema.safeParse({ ...input("1 Road"), ...extra });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(errors({ country: "ZZ" })).toEqual(["country: Please choose a country from the list (a two-letter code such as US or GB)"]);
    expect(errors({ country: "USA" })).toHaveLength(1);
    expect(errors({ country: 1 })).toEqual(["country: Please choose a country"]);
    expect(errors({ country: "US", pincode: "1234" })).toEqual([
      "pincode: Please enter a valid ZIP code: 5 digits, or ZIP+4 like 12345-6789",
    ]);
    expect(errors({ country: "US", pincode: "12345-6789" })).toEqual([]);
    expect(errors({ country: "GB", pincode: "12345" })).toEqual(["pincode: Please enter a valid UK postcode, like SW1A 1AA"]);
    expect(errors({ country: "gb", pincode: "sw1a1aa" })).toEqual([]);
    expect(errors({ country: "CA", pincode: "123 456" })).toEqual(["pincode: Please enter a valid postal code: A1A 1A1"]);
    expect(errors({ country: "DE", pincode: "1234" })).toEqual(["pincode: Please enter a valid postal code: 5 digits, like 75001"]);
    expect(errors({ country: "IN", pincode: "1234" })).toEqual(["pincode: Please enter a valid Pincode: 6 digits, like 110001"]);
    expect(errors({ country: "IN", pincode: "110001" })).toEqual([]);
    // A country without a known format: any postal code, as before.
    expect(errors({ country: "NL", pincode: "1234 AB" })).toEqual([]);
    // Messages name the postal code as the country does.
    expect(errors({ country: "GB", pincode: " " })).toEqual(["pincode: Postcode is required"]);
    expect(errors({ country: "US", pincode: "1".repeat(21) })).toEqual(["pincode: ZIP code must be at most 20 characters"]);
    // Without a country (the original client): as before, any pincode the specification's form took.
    for (const pincode of ["1", "99", "1234", "12 34", "SW1A 1AA"]) expect(errors({ pincode })).toEqual([]);
    expect(errors({ pincode: "" })).toEqual(["pincode: Pincode is required"]);
  });

  it("a wrong street does not hide a wrong postal code: each field says what is wrong with it", () => {
    const result = AddressSchema.safeParse({ ...input(" "), phone: "call me", pincode: "1", country: "US" });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(["address", "phone", "pincode"]);
  });
});

describe("an address's country once the owner has set zones (issue 48)", () => {
  const zone = (countries: string[], everywhereElse = false) => ({
    name: everywhereElse ? "World" : "Home",
    everywhereElse,
    countries,
    methods: [{ name: "Standard", price: 5, freeAbove: null, estimate: "" }],
  });

  it("is saved only in a country the shop delivers to; with no zone, or a zone for everywhere else, in any", async () => {
    const shopper = await newShopper("zoned");
    const at = (street: string, country?: string, pincode = "12345") =>
      AddressSchema.parse({ ...input(street), pincode, ...(country ? { country } : {}) });
    // No zone: every country, as before.
    const french = await addAddress(shopper, at("1 Rue", "FR", "75001"));
    expect(french).toMatchObject({ ok: true, address: { country: "FR" } });
    if (!french.ok) throw new Error("add");
    try {
      await saveSettings({ shippingZones: [zone(["US", "CA"])] });
      const refused = { ok: false, status: 400, field: "country", message: "We don't deliver to France yet" };
      expect(await addAddress(shopper, at("2 Rue", "FR", "75002"))).toEqual(refused);
      // An edit that keeps the country (the original client sends none) or moves it there is refused too.
      expect(await updateAddress(shopper, french.address.id, at("3 Rue"))).toEqual(refused);
      expect(await updateAddress(shopper, french.address.id, at("3 Rue", "FR", "75003"))).toEqual(refused);
      expect((await listAddresses(shopper)).map((a) => [a.address, a.country])).toEqual([["1 Rue", "FR"]]);
      // Where the shop delivers: kept, and an address without a country is in the shop's (US).
      expect(await addAddress(shopper, at("4 Main St", "US"))).toMatchObject({ ok: true, address: { country: "US" } });
      expect(await addAddress(shopper, at("5 Main St"))).toMatchObject({ ok: true, address: { country: "US" } });
      expect(await updateAddress(shopper, french.address.id, at("6 Maple Rd", "CA", "K1A 0B1"))).toMatchObject({
        ok: true,
        address: { country: "CA" },
      });
      // A zone for everywhere else delivers to every country.
      await saveSettings({ shippingZones: [zone(["US"]), zone([], true)] });
      expect(await updateAddress(shopper, french.address.id, at("7 Rue", "FR", "75007"))).toMatchObject({ ok: true });
    } finally {
      await saveSettings({ shippingZones: [] });
    }
  });
});
