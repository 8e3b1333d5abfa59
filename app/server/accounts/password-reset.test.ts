import { beforeAll, expect, it } from "vitest";
import { RESET_LINK_INVALID } from "~/lib/messages/accounts";
import { db, newId } from "~/server/database/db.server";
import { requestPasswordReset, resetLinkValid, resetPassword } from "./password-reset.server";
import { registerUser, verifyLogin } from "./users.server";

// "Forgot password?" on both engines: the same answer for every address, a link that works once
// and for an hour, and a reset that ends every session of the account.

const EMAIL = "forgetful@example.com";
let userId: string;
beforeAll(async () => {
  const r = await registerUser({ userName: "Forgetful", email: EMAIL, password: "old-password-1" });
  if (!r.ok) throw new Error("setup");
  userId = r.user.id;
});

const mails = (kind: string, to = EMAIL) =>
  db
    .selectFrom("outbox")
    .select(["text_body", "html_body"])
    .where("kind", "=", kind)
    .where("recipient", "=", to)
    .orderBy("created_at")
    .execute();
/** The token of the newest reset link e-mailed to the account (written just after the answer). */
let seen = 0;
const lastToken = async () => {
  await expect.poll(async () => (await mails("password-reset")).length).toBeGreaterThan(seen);
  const all = await mails("password-reset");
  seen = all.length;
  const text = all.at(-1)!.text_body;
  return new URL(text.match(/https?:\/\/\S+\/auth\/reset-password\?token=\S+/)![0]).searchParams.get("token")!;
};
const tokens = () => db.selectFrom("account_tokens").select(["token_hash", "used_at"]).where("user_id", "=", userId).execute();

it("answers the same for an unknown address and e-mails a link only to an account", async () => {
  expect(await requestPasswordReset("nobody-here@example.com", "198.51.100.7")).toEqual({ ok: true });
  expect(await mails("password-reset", "nobody-here@example.com")).toEqual([]);
  expect(await requestPasswordReset(EMAIL, "198.51.100.7")).toEqual({ ok: true });
  const token = await lastToken();
  const [mail] = await mails("password-reset");
  expect(mail!.text_body).toContain("/auth/reset-password?token=");
  expect(mail!.text_body).toContain("60 minutes");
  // Only a hash of the token is stored.
  expect(token.length).toBeGreaterThanOrEqual(40);
  expect((await tokens()).map((t) => t.token_hash)).not.toContain(token);
});

it("sets the new password once: the old password and every session stop working, a notice is mailed", async () => {
  await requestPasswordReset(EMAIL, "198.51.100.8");
  const earlier = await lastToken();
  await requestPasswordReset(EMAIL, "198.51.100.8");
  const token = await lastToken();
  const at = new Date().toISOString();
  await db
    .insertInto("sessions")
    .values({ id: newId(), user_id: userId, device: "Phone", created_at: at, last_seen_at: at, expires_at: "2999-01-01T00:00:00.000Z" })
    .execute();
  expect(await resetLinkValid(token)).toBe(true);
  expect(await resetPassword(token, "new-password-2", "192.0.2.50")).toEqual({ ok: true });
  expect(await verifyLogin({ email: EMAIL, password: "old-password-1" })).toBeNull();
  expect(await verifyLogin({ email: EMAIL, password: "new-password-2" })).toMatchObject({ id: userId });
  expect(await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  expect(await mails("password-changed")).toHaveLength(1);
  // The link worked once; an earlier link of the account stopped working with it.
  expect(await resetLinkValid(token)).toBe(false);
  expect(await resetPassword(token, "third-password-3", "192.0.2.50")).toEqual({ ok: false, status: 410, message: RESET_LINK_INVALID });
  expect(await resetPassword(earlier, "third-password-3", "192.0.2.50")).toEqual({ ok: false, status: 410, message: RESET_LINK_INVALID });
  expect(await resetPassword("made-up-token", "third-password-3", "192.0.2.50")).toEqual({
    ok: false,
    status: 410,
    message: RESET_LINK_INVALID,
  });
});

it("refuses a link older than 60 minutes", async () => {
  await requestPasswordReset(EMAIL, "198.51.100.9");
  const token = await lastToken();
  await db
    .updateTable("account_tokens")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where("used_at", "is", null)
    .execute();
  expect(await resetLinkValid(token)).toBe(false);
  expect(await resetPassword(token, "fourth-password-4", "192.0.2.50")).toEqual({ ok: false, status: 410, message: RESET_LINK_INVALID });
});

it("limits the e-mails one address can be sent, whether or not it has an account", async () => {
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push((await requestPasswordReset("limited@example.com", `203.0.113.${i}`)).ok);
  expect(answers).toEqual([true, true, true, true, true, false]);
});
