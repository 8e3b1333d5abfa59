import { expect, it } from "vitest";
import { EMAIL_LINK_INVALID, RESET_LINK_INVALID } from "~/lib/messages/accounts";
import { db } from "~/server/database/db.server";
import { blockCustomer, unblockCustomer } from "~/server/admin/customers.server";
import { newAccountToken } from "./account-tokens.server";
import { requestPasswordReset, resetLinkValid, resetPassword } from "./password-reset.server";
import {
  cancelEmailChange,
  changePassword,
  confirmEmailChange,
  emailLinkTarget,
  pendingEmailChange,
  requestEmailChange,
} from "./settings.server";
import { registerUser, verifyLogin } from "./users.server";

// The links an account is e-mailed (issue 38), on both engines: a pending e-mail change dies with
// the password it was asked with, a reset link belongs to the address it was sent to, and a blocked
// account opens no link.

const PASSWORD = "links-pass-1";
let n = 0;
async function account() {
  const name = `Linker ${++n}`;
  const r = await registerUser({ userName: name, email: `linker-${n}@example.com`, password: PASSWORD });
  if (!r.ok) throw new Error(`setup: ${r.message}`);
  return r.user;
}
const mails = (kind: string, to: string) =>
  db
    .selectFrom("outbox")
    .select(["text_body", "html_body"])
    .where("kind", "=", kind)
    .where("recipient", "=", to)
    .orderBy("created_at")
    .execute();
const tokenIn = (text: string, path: string) =>
  new URL(text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`))![0]).searchParams.get("token")!;
/** The newest link of `kind` e-mailed to `to` (reset links are written just after the answer). */
async function newestLink(kind: "password-reset" | "email-change-confirm", to: string, seen = 0) {
  await expect.poll(async () => (await mails(kind, to)).length).toBeGreaterThan(seen);
  const text = (await mails(kind, to)).at(-1)!.text_body;
  return tokenIn(text, kind === "password-reset" ? "/auth/reset-password" : "/auth/confirm-email");
}
const emailOf = async (id: string) => (await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
const expired = { ok: false, status: 410, message: EMAIL_LINK_INVALID };

it("the takeover: a change asked by someone with the password dies when the owner resets it, and the account keeps its address", async () => {
  const victim = await account();
  // The attacker, signed in with the password, asks to move the account to their own address.
  expect(await requestEmailChange(victim.id, { email: "attacker@example.com", currentPassword: PASSWORD })).toEqual({
    ok: true,
    email: "attacker@example.com",
  });
  const attackerLink = await newestLink("email-change-confirm", "attacker@example.com");
  // The owner, warned by the notice, resets the password by e-mail.
  expect(await requestPasswordReset(victim.email, "198.51.100.20")).toEqual({ ok: true });
  const reset = await newestLink("password-reset", victim.email);
  expect(await resetPassword(reset, "owners-new-pass-2", "198.51.100.20")).toEqual({ ok: true });
  // The attacker's link now answers as an expired one, and nothing moved.
  expect(await emailLinkTarget(attackerLink)).toBeNull();
  expect(await confirmEmailChange(attackerLink)).toEqual(expired);
  expect(await emailOf(victim.id)).toBe(victim.email);
  expect(await pendingEmailChange(victim.id)).toBeNull();
  expect(await verifyLogin({ email: victim.email, password: "owners-new-pass-2" })).toMatchObject({ id: victim.id });
});

it("changing the password in the settings also ends a pending e-mail change", async () => {
  const user = await account();
  await requestEmailChange(user.id, { email: `moved-${user.id}@example.com`, currentPassword: PASSWORD });
  const link = await newestLink("email-change-confirm", `moved-${user.id}@example.com`);
  expect(await changePassword(user.id, { currentPassword: PASSWORD, password: "another-pass-3" }, null)).toMatchObject({ ok: true });
  expect(await confirmEmailChange(link)).toEqual(expired);
  expect(await emailOf(user.id)).toBe(user.email);
});

it("the notice to the old address leads to the settings, where the change can be cancelled", async () => {
  const user = await account();
  const newEmail = `cancelled-${user.id}@example.com`;
  await requestEmailChange(user.id, { email: newEmail, currentPassword: PASSWORD });
  const link = await newestLink("email-change-confirm", newEmail);
  const [notice] = await mails("email-change-notice", user.email);
  expect(notice!.text_body).toContain("/shop/account?tab=settings#email-heading");
  expect(notice!.html_body).toContain("Cancel the change");
  expect(await pendingEmailChange(user.id)).toMatchObject({ email: newEmail });
  expect(await cancelEmailChange(user.id)).toBe(true);
  expect(await pendingEmailChange(user.id)).toBeNull();
  expect(await confirmEmailChange(link)).toEqual(expired);
  // Nothing left to cancel.
  expect(await cancelEmailChange(user.id)).toBe(false);
});

it("a reset link belongs to the address it was sent to: a confirmed change spends it, and a newer link spends an older one", async () => {
  const user = await account();
  await requestPasswordReset(user.email, "198.51.100.22");
  const first = await newestLink("password-reset", user.email);
  await requestPasswordReset(user.email, "198.51.100.22");
  const second = await newestLink("password-reset", user.email, 1);
  // Issued, not used: the older one already stopped working.
  expect(await resetLinkValid(first)).toBe(false);
  expect(await resetLinkValid(second)).toBe(true);
  const newEmail = `confirmed-${user.id}@example.com`;
  await requestEmailChange(user.id, { email: newEmail, currentPassword: PASSWORD });
  expect(await confirmEmailChange(await newestLink("email-change-confirm", newEmail))).toEqual({ ok: true, email: newEmail });
  // The link sent to the old address no longer sets the password of the account.
  expect(await resetPassword(second, "taken-over-4", "198.51.100.22")).toEqual({ ok: false, status: 410, message: RESET_LINK_INVALID });
  expect(await verifyLogin({ email: newEmail, password: PASSWORD })).toMatchObject({ id: user.id });
});

it("a blocked account opens no link: blocking ends them for good, and none works while it is blocked", async () => {
  const user = await account();
  const newEmail = `blocked-${user.id}@example.com`;
  await requestEmailChange(user.id, { email: newEmail, currentPassword: PASSWORD });
  const change = await newestLink("email-change-confirm", newEmail);
  await requestPasswordReset(user.email, "198.51.100.23");
  const reset = await newestLink("password-reset", user.email);
  expect((await blockCustomer(user.id)).ok).toBe(true);
  expect(await confirmEmailChange(change)).toEqual(expired);
  expect(await resetLinkValid(reset)).toBe(false);
  // A link written while it is blocked (by any way) does not open either, and none is e-mailed.
  const [laterChange, laterReset] = await db
    .transaction()
    .execute(async (trx) => [
      await newAccountToken(trx, user.id, "email", 60, `later-${user.id}@example.com`),
      await newAccountToken(trx, user.id, "reset", 60),
    ]);
  expect(await confirmEmailChange(laterChange)).toEqual(expired);
  expect(await resetPassword(laterReset, "blocked-pass-5", "198.51.100.23")).toEqual({
    ok: false,
    status: 410,
    message: RESET_LINK_INVALID,
  });
  const resetsBefore = (await mails("password-reset", user.email)).length;
  expect(await requestPasswordReset(user.email, "198.51.100.24")).toEqual({ ok: true });
  // Unblocked, the links of before stay spent; the address and password are as they were.
  expect((await unblockCustomer(user.id)).ok).toBe(true);
  expect(await confirmEmailChange(change)).toEqual(expired);
  expect(await resetLinkValid(reset)).toBe(false);
  expect(await emailOf(user.id)).toBe(user.email);
  expect(await verifyLogin({ email: user.email, password: PASSWORD })).toMatchObject({ id: user.id });
  // Asked again now, one link comes: the one asked while blocked was never written.
  await requestPasswordReset(user.email, "198.51.100.24");
  expect(await resetLinkValid(await newestLink("password-reset", user.email, resetsBefore))).toBe(true);
  expect((await mails("password-reset", user.email)).length).toBe(resetsBefore + 1);
});
