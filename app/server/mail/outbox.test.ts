import fs from "node:fs";
import { reloadSettings } from "~/server/platform/config.server";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerUser } from "~/server/accounts/users.server";
import { recordPayment, selectOrder } from "~/server/checkout/capture.server";
import { updateOrderStatus } from "~/server/orders/orders.server";
import { insertOrder } from "#tests/support/orders";
import { db } from "~/server/database/db.server";
import { deliverDueMail, mailFolder } from "./outbox.server";

// A real SMTP conversation: an SMTP server on 127.0.0.1 for this file, the shop's sender talking to it.
const received: Array<{ to: string[]; raw: string }> = [];
let refuseNext = 0;
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  reloadSettings();
});

/** The text of a message: quoted-printable soft breaks and escapes undone, the bytes read as UTF-8. */
function decoded(raw: string): string {
  const soft = raw.replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

let shopper = 0;
async function paidOrder(userName = `Mail Buyer ${++shopper}`) {
  const r = await registerUser({ userName, email: `buyer${shopper}@example.com`, password: "password123" });
  if (!r.ok) throw new Error(r.message);
  const id = await insertOrder(r.user.id, [{ title: "Tee, Classic", quantity: 2, unitPriceCents: 1250, size: "M", color: "Black" }], {
    address: "<b>1 Road</b> & Sons",
    pincode: "12345",
  });
  const order = (await selectOrder(id))!;
  await recordPayment(order, { status: "COMPLETED", currency: "USD", value: "25.00", captureId: "CAP1" }, "PAYER");
  const { number } = await db.selectFrom("orders").select("number").where("id", "=", id).executeTakeFirstOrThrow();
  return { id, number: `#${number}`, email: r.user.email };
}

describe("the outbox over SMTP", () => {
  it("a paid order sends its shopper exactly one confirmation with the items and the total, after the welcome", async () => {
    const { id, number, email } = await paidOrder();
    expect(await deliverDueMail()).toEqual({ sent: 2, failed: 0 });
    const mine = received.filter((m) => m.to.includes(email));
    expect(mine).toHaveLength(2);
    const confirmation = decoded(mine.find((m) => m.raw.includes("is confirmed"))!.raw);
    // The number people read (issue 48), and when it should arrive (SPEC's estimate: no method here).
    expect(confirmation).toContain(`Subject: Your order ${number} is confirmed`);
    expect(confirmation).toContain(`Order number: ${number}`);
    expect(confirmation).toContain("Estimated delivery: 3-5 business days");
    expect(confirmation).toContain("2 x Tee, Classic (M · Black) at $12.50");
    expect(confirmation).toContain("Total: $25.00");
    expect(confirmation).toContain(`/shop/account?order=${id}`);
    // Text from people is escaped in the HTML part (the plain-text part has it as typed).
    const html = confirmation.slice(confirmation.indexOf("Content-Type: text/html"));
    expect(html).toContain("&lt;b&gt;1 Road&lt;/b&gt; &amp; Sons");
    expect(html).not.toContain("<b>1 Road</b>");
    // Nothing is sent twice.
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 0 });
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(2);
  });

  it("a refusal (451) is retried after a pause and delivered once", async () => {
    await deliverDueMail(); // anything left from before
    const { email } = await paidOrder();
    refuseNext = 1;
    expect(await deliverDueMail()).toEqual({ sent: 1, failed: 1 });
    const waiting = await db.selectFrom("outbox").selectAll().where("recipient", "=", email).where("sent_at", "is", null).execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ attempts: 1 });
    expect(waiting[0]!.last_error).toContain("451");
    // Not due yet; due after the backoff.
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueMail(undefined, new Date(Date.now() + 31_000))).toEqual({ sent: 1, failed: 0 });
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(2);
    const sent = await db.selectFrom("outbox").selectAll().where("id", "=", waiting[0]!.id).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect(sent.sent_at).toBeTruthy();
  });

  it("an order shipped, delivered or rejected by the admin tells the shopper; other steps do not", async () => {
    const { id, number, email } = await paidOrder();
    await deliverDueMail();
    const before = received.filter((m) => m.to.includes(email)).length;
    await updateOrderStatus(id, "inProcess");
    await updateOrderStatus(id, "inShipping");
    await updateOrderStatus(id, "inShipping");
    await updateOrderStatus(id, "delivered");
    expect(await deliverDueMail()).toEqual({ sent: 2, failed: 0 });
    const subjects = received
      .filter((m) => m.to.includes(email))
      .slice(before)
      .map((m) => /^Subject: (.*)$/m.exec(m.raw)![1]);
    expect(subjects).toEqual([`Your order ${number}: In shipping`, `Your order ${number}: Delivered`]);
  });
});

describe("without SMTP_URL (the demo)", () => {
  it("writes each message as an .eml file in DATA_DIR/mail", async () => {
    delete process.env.SMTP_URL;
    reloadSettings();
    await deliverDueMail();
    const r = await registerUser({ userName: "File Reader", email: "files@example.com", password: "password123" });
    if (!r.ok) throw new Error("setup");
    expect(await deliverDueMail()).toEqual({ sent: 1, failed: 0 });
    const row = await db.selectFrom("outbox").select("id").where("recipient", "=", "files@example.com").executeTakeFirstOrThrow();
    const eml = fs.readFileSync(path.join(mailFolder(), `${row.id}.eml`), "utf8");
    expect(eml).toContain("To: files@example.com");
    expect(eml).toMatch(/^Subject: Welcome to /m);
  });
});
