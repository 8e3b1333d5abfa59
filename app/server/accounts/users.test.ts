import { describe, expect, it } from "vitest";
import { RegisterSchema } from "~/lib/schemas/accounts";
import { db } from "~/server/database/db.server";
import { createOrPromoteAdmin, findUserByEmail, registerUser, verifyLogin } from "./users.server";

const input = (over: Partial<Record<"userName" | "email" | "password", string>> = {}) =>
  RegisterSchema.parse({ userName: "Alice", email: "alice@example.com", password: "correct horse", ...over });

describe("registerUser", () => {
  it("creates a shopper whose password is stored only as a slow hash", async () => {
    const result = await registerUser(input());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.user).toMatchObject({ userName: "Alice", email: "alice@example.com", role: "user" });
    const row = await db.selectFrom("users").selectAll().where("id", "=", result.user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain("correct horse");
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  });

  it("refuses a second account with the same e-mail, whatever its case", async () => {
    const result = await registerUser(input({ userName: "Alice2", email: "ALICE@Example.com" }));
    expect(result).toEqual({ ok: false, field: "email", message: expect.stringContaining("already exists") });
  });

  it("refuses a user name that is taken, whatever its case", async () => {
    const result = await registerUser(input({ userName: "alice", email: "other@example.com" }));
    expect(result).toEqual({ ok: false, field: "userName", message: expect.stringContaining("already taken") });
  });

  it.each(["ＡＬＩＣＥ", "ALICE", "Ａｌｉｃｅ"])("refuses the look-alike name %j", async (userName) => {
    const result = await registerUser(input({ userName, email: `${Math.random()}@example.com` }));
    expect(result).toEqual({ ok: false, field: "userName", message: expect.stringContaining("already taken") });
  });

  it("treats names as equal after NFKC and case folding, spaces collapsed", async () => {
    const first = await registerUser(input({ userName: "Straße  Café", email: "strasse@example.com" }));
    expect(first.ok).toBe(true);
    // ß folds to ss, the decomposed é composes, the double space is one.
    for (const userName of ["STRASSE Cafe\u0301", "strasse café", "ＳＴＲＡＳＳＥ ＣＡＦＥ\u0301"]) {
      expect(await registerUser(input({ userName, email: `${Math.random()}@example.com` })), userName).toMatchObject({
        ok: false,
        field: "userName",
      });
    }
    // The name is kept as typed.
    expect(first.ok && first.user.userName).toBe("Straße  Café");
  });

  it("never makes an admin, whatever extra fields arrive", async () => {
    const parsed = RegisterSchema.parse({ userName: "Mallory", email: "m@example.com", password: "12345678", role: "admin" });
    const result = await registerUser(parsed);
    expect(result.ok && result.user.role).toBe("user");
  });
});

describe("RegisterSchema", () => {
  it.each([
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ userName: " a " }, "userName", "User name must be at least 2 characters"],
    [{ userName: "x".repeat(41) }, "userName", "User name must be at most 40 characters"],
    [{ password: "short" }, "password", "Password must be at least 8 characters"],
    [{ userName: "alice\u200b" }, "userName", "User name contains invalid characters"], // zero-width space
    [{ userName: "\u202ealice" }, "userName", "User name contains invalid characters"], // right-to-left override
    [{ userName: "al\u00adice" }, "userName", "User name contains invalid characters"], // soft hyphen
    [{ userName: "ali\u2060ce" }, "userName", "User name contains invalid characters"], // word joiner
    [{ userName: "ali\ufeffce" }, "userName", "User name contains invalid characters"], // byte order mark
    [{ userName: "ali\u2028ce" }, "userName", "User name contains invalid characters"], // line separator
    [{ userName: "ali\tce" }, "userName", "User name contains invalid characters"],
  ])("rejects %j with a message on %s", (over, field, message) => {
    const result = RegisterSchema.safeParse({ userName: "Bob", email: "bob@example.com", password: "long enough", ...over });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });
});

describe("verifyLogin", () => {
  it("accepts the right password and refuses a wrong one or an unknown e-mail", async () => {
    expect(await verifyLogin({ email: "alice@example.com", password: "correct horse" })).toMatchObject({ userName: "Alice" });
    expect(await verifyLogin({ email: "alice@example.com", password: "wrong horse" })).toBeNull();
    expect(await verifyLogin({ email: "nobody@example.com", password: "correct horse" })).toBeNull();
  });
});

describe("createOrPromoteAdmin", () => {
  it("promotes an existing shopper, then reports that they already are admin", async () => {
    const first = await createOrPromoteAdmin("alice@example.com", () => "unused");
    expect(first.action).toBe("promoted");
    expect((await findUserByEmail(first.user.email))?.role).toBe("admin");
    expect((await createOrPromoteAdmin("alice@example.com", () => "unused")).action).toBe("already-admin");
  });

  it("creates an admin who can sign in with the generated password", async () => {
    const result = await createOrPromoteAdmin("owner@shop.example", () => "generated-password-1");
    expect(result).toMatchObject({ action: "created", password: "generated-password-1", user: { role: "admin" } });
    expect(await verifyLogin({ email: "owner@shop.example", password: "generated-password-1" })).toMatchObject({ role: "admin" });
  });
});

describe("setPassword", () => {
  it("replaces the password of an existing account only", async () => {
    const { setPassword } = await import("./users.server");
    expect(await setPassword("alice@example.com", "brand-new-password")).toMatchObject({ email: "alice@example.com" });
    expect(await verifyLogin({ email: "alice@example.com", password: "brand-new-password" })).not.toBeNull();
    expect(await verifyLogin({ email: "alice@example.com", password: "correct horse" })).toBeNull();
    expect(await setPassword("nobody@example.com", "whatever-123")).toBeNull();
  });
});
