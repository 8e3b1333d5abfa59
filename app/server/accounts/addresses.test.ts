import { beforeAll, describe, expect, it } from "vitest";
import { addAddress, deleteAddress, getAddress, listAddresses, updateAddress } from "./addresses.server";
import { AddressSchema } from "~/lib/schemas";
import { registerUser } from "./users.server";
import { MAX_ADDRESSES_MESSAGE } from "~/lib/messages/accounts";

const input = (street: string) => ({ address: street, city: "Town", pincode: "1234", phone: "555-0100", notes: "Leave at door" });
let me: string;
let other: string;

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
