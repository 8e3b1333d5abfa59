import { beforeAll, expect, it } from "vitest";
import {
  EMAIL_LINK_INVALID,
  EMAIL_TAKEN,
  FORMER_CUSTOMER,
  NAME_TAKEN,
  SAME_EMAIL,
  WRONG_PASSWORD,
  CLOSE_WITH_OPEN_ORDERS,
} from "~/lib/messages/accounts";
import { db, newId, now } from "~/server/database/db.server";
import { insertOrder } from "#tests/support/orders";
import { productWith } from "#tests/support/catalog";
import { orderRows } from "~/server/admin/exports.server";
import { addAddress, listAddresses } from "./addresses.server";
import { accountData, closeAccount } from "./close.server";
import { changePassword, changeUserName, confirmEmailChange, emailLinkTarget, requestEmailChange } from "./settings.server";
import { registerUser, verifyLogin } from "./users.server";

// The account's Settings tab and closing an account, on both engines.

const PASSWORD = "settings-pass-1";
async function account(name: string) {
  const r = await registerUser({ userName: name, email: `${name.toLowerCase().replaceAll(" ", "-")}@example.com`, password: PASSWORD });
  if (!r.ok) throw new Error(`setup: ${r.message}`);
  return r.user;
}
async function session(userId: string) {
  const id = newId();
  const at = now();
  await db
    .insertInto("sessions")
    .values({ id, user_id: userId, device: "Phone", created_at: at, last_seen_at: at, expires_at: "2999-01-01T00:00:00.000Z" })
    .execute();
  return id;
}
const sessionsOf = async (userId: string) =>
  (await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).map((s) => s.id);
const mails = (kind: string, to: string) =>
  db.selectFrom("outbox").select(["text_body"]).where("kind", "=", kind).where("recipient", "=", to).orderBy("created_at").execute();
const linkToken = (text: string) => new URL(text.match(/https?:\/\/\S+\/auth\/confirm-email\?token=\S+/)![0]).searchParams.get("token")!;

let taken: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  taken = await account("Taken Name");
});

it("changes the user name, refuses one another account holds in other letters, and renames the account's reviews", async () => {
  const user = await account("Renamer");
  const product = await productWith([{ size: "M", stock: 5 }]);
  await db
    .insertInto("reviews")
    .values({
      id: newId(),
      product_id: product.id,
      user_id: user.id,
      user_name: user.userName,
      message: "Fine",
      rating: 4,
      created_at: now(),
    })
    .execute();
  expect(await changeUserName(user.id, "TAKEN  name")).toEqual({ ok: false, status: 409, field: "userName", message: NAME_TAKEN });
  // Its own name in capitals is its own.
  expect(await changeUserName(user.id, "RENAMER")).toMatchObject({ ok: true, user: { userName: "RENAMER" } });
  expect(await changeUserName(user.id, "New Look")).toMatchObject({ ok: true, user: { userName: "New Look", email: user.email } });
  const review = await db.selectFrom("reviews").select("user_name").where("user_id", "=", user.id).executeTakeFirstOrThrow();
  expect(review.user_name).toBe("New Look");
  // The old name is free again.
  expect((await registerUser({ userName: "Renamer", email: "second-renamer@example.com", password: PASSWORD })).ok).toBe(true);
});

it("changes the password with the current one: other sessions end, this one stays, a notice is mailed", async () => {
  const user = await account("Changer");
  const here = await session(user.id);
  const elsewhere = await session(user.id);
  expect(await changePassword(user.id, { currentPassword: "not-it-at-all", password: "brand-new-pass" }, here)).toEqual({
    ok: false,
    status: 400,
    field: "currentPassword",
    message: WRONG_PASSWORD,
  });
  expect(await sessionsOf(user.id)).toHaveLength(2);
  expect(await changePassword(user.id, { currentPassword: PASSWORD, password: "brand-new-pass" }, here)).toEqual({
    ok: true,
    signedOut: 1,
  });
  expect(await sessionsOf(user.id)).toEqual([here]);
  expect(await sessionsOf(user.id)).not.toContain(elsewhere);
  expect(await verifyLogin({ email: user.email, password: PASSWORD })).toBeNull();
  expect(await verifyLogin({ email: user.email, password: "brand-new-pass" })).toMatchObject({ id: user.id });
  expect(await mails("password-changed", user.email)).toHaveLength(1);
});

it("moves to a new e-mail address only once the link sent there is opened, once", async () => {
  const user = await account("Mover");
  expect(await requestEmailChange(user.id, { email: "mover-new@example.com", currentPassword: "wrong-password" })).toMatchObject({
    field: "currentPassword",
    message: WRONG_PASSWORD,
  });
  expect(await requestEmailChange(user.id, { email: user.email, currentPassword: PASSWORD })).toMatchObject({
    field: "email",
    message: SAME_EMAIL,
  });
  expect(await requestEmailChange(user.id, { email: taken.email, currentPassword: PASSWORD })).toMatchObject({
    status: 409,
    field: "email",
    message: EMAIL_TAKEN,
  });
  expect(await requestEmailChange(user.id, { email: "mover-first@example.com", currentPassword: PASSWORD })).toEqual({
    ok: true,
    email: "mover-first@example.com",
  });
  const first = linkToken((await mails("email-change-confirm", "mover-first@example.com"))[0]!.text_body);
  expect(await requestEmailChange(user.id, { email: "mover-new@example.com", currentPassword: PASSWORD })).toMatchObject({ ok: true });
  const [confirm] = await mails("email-change-confirm", "mover-new@example.com");
  const token = linkToken(confirm!.text_body);
  // The old address is told, and stays the account's until the link is opened.
  expect((await mails("email-change-notice", user.email)).at(-1)!.text_body).toContain("mover-new@example.com");
  expect(await verifyLogin({ email: user.email, password: PASSWORD })).toMatchObject({ id: user.id });
  // A newer request replaced the first link.
  expect(await emailLinkTarget(first)).toBeNull();
  expect(await confirmEmailChange(first)).toMatchObject({ ok: false, status: 410, message: EMAIL_LINK_INVALID });
  expect(await emailLinkTarget(token)).toBe("mover-new@example.com");
  expect(await confirmEmailChange(token)).toEqual({ ok: true, email: "mover-new@example.com" });
  expect(await confirmEmailChange(token)).toMatchObject({ ok: false, status: 410 });
  expect(await verifyLogin({ email: user.email, password: PASSWORD })).toBeNull();
  expect(await verifyLogin({ email: "mover-new@example.com", password: PASSWORD })).toMatchObject({ id: user.id });
  // Only a hash of a token is stored.
  const hashes = await db.selectFrom("account_tokens").select("token_hash").where("user_id", "=", user.id).execute();
  expect(hashes.map((h) => h.token_hash)).not.toContain(token);
});

it("refuses a confirmation once another account registered the address meanwhile", async () => {
  const user = await account("Slow Mover");
  await requestEmailChange(user.id, { email: "contested@example.com", currentPassword: PASSWORD });
  const token = linkToken((await mails("email-change-confirm", "contested@example.com"))[0]!.text_body);
  await registerUser({ userName: "Quick One", email: "contested@example.com", password: PASSWORD });
  expect(await confirmEmailChange(token)).toMatchObject({ ok: false, status: 409, message: EMAIL_TAKEN });
  expect(await verifyLogin({ email: user.email, password: PASSWORD })).toMatchObject({ id: user.id });
});

it("closes an account: erased and signed out, orders kept as the books had them, reviews as Former customer, the address free again", async () => {
  const user = await account("Leaver");
  await addAddress(user.id, { address: "9 Leaving Lane", city: "Exit", pincode: "99999", phone: "5550000", notes: "" });
  await session(user.id);
  const product = await productWith([{ size: "M", stock: 5 }]);
  await db
    .insertInto("reviews")
    .values({
      id: newId(),
      product_id: product.id,
      user_id: user.id,
      user_name: user.userName,
      message: "Good",
      rating: 5,
      created_at: now(),
    })
    .execute();
  const orderId = await insertOrder(user.id, [{ title: "Shirt", quantity: 1, unitPriceCents: 2500 }], {
    paymentStatus: "paid",
    orderStatus: "inShipping",
    customer_name: user.userName,
    customer_email: user.email,
  });
  // An order on its way keeps the account open.
  expect(await closeAccount(user.id, PASSWORD)).toEqual({ ok: false, status: 409, message: CLOSE_WITH_OPEN_ORDERS });
  await db.updateTable("orders").set({ order_status: "delivered" }).where("id", "=", orderId).execute();
  const csvBefore = await csvOf(orderId);
  expect(await closeAccount(user.id, "wrong-password")).toMatchObject({ ok: false, field: "currentPassword" });

  const data = await accountData(user.id);
  expect(data).toMatchObject({ profile: { id: user.id, userName: "Leaver", email: user.email } });
  expect(data!.addresses.map((a) => a.address)).toEqual(["9 Leaving Lane"]);
  expect(data!.orders.map((o) => o.id)).toEqual([orderId]);
  expect(data!.reviews).toMatchObject([{ productId: product.id, rating: 5, message: "Good" }]);

  expect(await closeAccount(user.id, PASSWORD)).toEqual({ ok: true });
  const row = await db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
  expect(row.user_name).not.toContain("Leaver");
  expect(row.email).not.toContain("leaver");
  expect(row.closed_at).not.toBeNull();
  expect(await sessionsOf(user.id)).toEqual([]);
  expect(await listAddresses(user.id)).toEqual([]);
  expect(await verifyLogin({ email: user.email, password: PASSWORD })).toBeNull();
  expect(await accountData(user.id)).toBeNull();
  const review = await db.selectFrom("reviews").select("user_name").where("user_id", "=", user.id).executeTakeFirstOrThrow();
  expect(review.user_name).toBe(FORMER_CUSTOMER);
  // The owner's books: the order and its CSV row as they were.
  expect(await csvOf(orderId)).toEqual(csvBefore);
  expect(await mails("account-closed", user.email)).toHaveLength(1);
  // Nothing more is mailed to the erased address, and the address can register again.
  const outboxBefore = (await db.selectFrom("outbox").select("id").execute()).length;
  const { enqueueMail } = await import("~/server/mail/outbox.server");
  const { orderForMail, orderStatusMessage } = await import("~/server/mail/messages.server");
  await enqueueMail(db, orderStatusMessage(await orderForMail(db, orderId), "delivered"));
  expect((await db.selectFrom("outbox").select("id").execute()).length).toBe(outboxBefore);
  expect((await registerUser({ userName: "Leaver Again", email: user.email, password: PASSWORD })).ok).toBe(true);
  // Another account closes too: closed accounts never collide on the unique name and e-mail.
  const second = await account("Second Leaver");
  expect(await closeAccount(second.id, PASSWORD)).toEqual({ ok: true });
});

async function csvOf(orderId: string) {
  for await (const batch of orderRows()) {
    const row = batch.find((r) => r[0] === orderId);
    if (row) return row;
  }
  return null;
}
