import { describe, expect, it } from "vitest";
import { parseFormWith } from "~/lib/form-checks";
import { GuestCheckoutSchema } from "./guest-checkout";

const ADDRESS = { address: "1 Road", city: "Town", pincode: "12345", phone: "555 0100", notes: "Door", country: "US" };
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("GuestCheckoutSchema", () => {
  it("reads the page's form: the reminder box ticked is true, left unticked is no reminder", () => {
    const ticked = parseFormWith(form({ ...ADDRESS, email: "Ada@Example.com", fullName: " Ada ", remind: "on" }), GuestCheckoutSchema);
    expect(ticked.status).toBe("success");
    if (ticked.status === "success") expect(ticked.value).toMatchObject({ email: "ada@example.com", fullName: "Ada", remind: true });
    const unticked = parseFormWith(form({ ...ADDRESS, email: "ada@example.com", fullName: "Ada" }), GuestCheckoutSchema);
    expect(unticked.status === "success" && unticked.value.remind).toBeFalsy();
  });

  it("says what is wrong beside each field: the e-mail, the name and the address's own fields", () => {
    const refused = parseFormWith(form({ ...ADDRESS, city: " ", email: "not-an-address", fullName: "" }), GuestCheckoutSchema);
    expect(refused.status).toBe("error");
    expect(refused.reply().error).toMatchObject({
      email: ["Please enter a valid email address"],
      fullName: ["Full name is required"],
      city: ["City is required"],
    });
  });

  it("takes a JSON boolean for the reminder and refuses anything else", () => {
    const base = { ...ADDRESS, email: "ada@example.com", fullName: "Ada" };
    expect(GuestCheckoutSchema.safeParse({ ...base, remind: false }).success).toBe(true);
    const refused = GuestCheckoutSchema.safeParse({ ...base, remind: "yes" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("remind must be true or false");
  });
});
