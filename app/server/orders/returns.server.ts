import { sql, type Kysely } from "kysely";
import { lineName } from "~/lib/variants";
import { formatDate, type ReturnForMail, type ReturnOptions } from "~/lib/orders";
import {
  ALREADY_DECIDED,
  EXCHANGE_NOT_SAME_PRODUCT,
  exchangePriceChanged,
  exchangeSoldOut,
  NOTHING_LEFT_TO_RETURN,
  NOTHING_TO_RETURN,
  NOT_DELIVERED,
  RETURN_NOT_FOUND,
  returnPeriodOver,
  tooManyToReturn,
} from "~/lib/messages/returns";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { NO_SUCH_LINE } from "~/lib/messages/refunds";
import type { Database } from "#db/schema";
import { config } from "~/server/platform/config.server";
import { db, newId, now } from "~/server/database/db.server";
import { lockRows, lockStockOf } from "~/server/database/locks.server";
import { orderForMail, returnDecidedMessage, returnRequestedMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { restock } from "~/server/checkout/stock.server";
import { moneyLeft, paidForLines, unitsLeft } from "./refund-pricing.server";
import { send, type RefundOutcome, type Written } from "./refund-settle.server";
import { whileHoldingOrder, writeRefund } from "./refunds.server";
import { caughtRefusal, Refusal } from "~/server/platform/refusal.server";

// Returns and exchanges (docs/decisions/0038-returns-and-exchanges.md). A shopper asks within
// RETURN_DAYS of delivery; the admin receives the parcel (money lines refunded through
// refunds.server.ts in the same transaction as the receipt, at what the lines cost with their tax
// when it was added, never the shipping; exchanges taking the new unit from stock) or refuses the
// return with a reason.

export type ReturnLine = { variantId: string; quantity: number; exchangeVariantId?: string };
export type ReturnOutcome = { ok: true; returnId: string } | { ok: false; status: 400 | 404 | 409; message: string };

const DAY_MS = 86_400_000;

/** When the order was (last) delivered, from its timeline. */
async function deliveredAt(trx: Kysely<Database>, orderId: string): Promise<string | null> {
  const row = await trx
    .selectFrom("order_status_history")
    .select((eb) => eb.fn.max("at").as("at"))
    .where("order_id", "=", orderId)
    .where("status", "=", "delivered")
    .executeTakeFirst();
  return row?.at ?? null;
}

/** What the shopper may return from this order now, or null when nothing (not delivered, too late, all returned). */
export async function returnOptions(orderId: string, userId: string): Promise<ReturnOptions | null> {
  const order = await db
    .selectFrom("orders")
    .select(["order_status", "payment_status"])
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (order?.order_status !== "delivered" || order.payment_status !== "paid") return null;
  const delivered = await deliveredAt(db, orderId);
  if (!delivered) return null;
  const deadline = new Date(Date.parse(delivered) + config.returnDays * DAY_MS).toISOString();
  if (Date.now() > Date.parse(deadline)) return null;
  const units = await unitsLeft(db, orderId);
  const items = await db
    .selectFrom("order_items")
    .leftJoin("products", "products.id", "order_items.product_id")
    .select([
      "order_items.id",
      "order_items.variant_id",
      "order_items.product_id",
      "order_items.title",
      "order_items.size",
      "order_items.color",
      "order_items.unit_price_cents",
      "products.unit_price_cents as price_now",
    ])
    .where("order_items.order_id", "=", orderId)
    .orderBy("order_items.id")
    .execute();
  const lines: ReturnOptions["lines"] = [];
  for (const item of items) {
    const max = units.get(item.id) ?? 0;
    if (!item.variant_id || max <= 0) continue;
    const exchanges =
      item.product_id && item.price_now === item.unit_price_cents
        ? await db
            .selectFrom("product_variants")
            .select(["id", "size", "color"])
            .where("product_id", "=", item.product_id)
            .where("id", "!=", item.variant_id)
            .where("stock", ">", 0)
            .orderBy("created_at")
            .execute()
        : [];
    lines.push({
      variantId: item.variant_id,
      title: item.title,
      size: item.size,
      color: item.color,
      max,
      exchanges: exchanges.map((v) => ({ variantId: v.id, size: v.size, color: v.color })),
    });
  }
  return lines.length ? { deadline, lines } : null;
}

/** The shopper asks to return units of a delivered order, each for the money or for another size. */
export async function requestReturn(
  userId: string,
  orderId: string,
  request: { items: ReturnLine[]; reason: string },
): Promise<ReturnOutcome> {
  const wanted = request.items.filter((line) => line.quantity > 0);
  if (!wanted.length) return { ok: false, status: 400, message: NOTHING_TO_RETURN };
  try {
    return await db.transaction().execute(async (trx) => {
      // Taking the order's row first: two requests for the same units wait for each other.
      const stamp = now();
      const touched = await trx
        .updateTable("orders")
        .set({ order_update_date: stamp })
        .where("id", "=", orderId)
        .where("user_id", "=", userId)
        .where("payment_status", "not in", ["cancelled", "failed"])
        .executeTakeFirst();
      if (Number(touched.numUpdatedRows) !== 1) throw new Refusal(404, ORDER_NOT_FOUND);
      const order = await trx
        .selectFrom("orders")
        .select(["order_status", "payment_status"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      if (order.order_status !== "delivered" || order.payment_status !== "paid") throw new Refusal(409, NOT_DELIVERED);
      const delivered = await deliveredAt(trx, orderId);
      const deadline = Date.parse(delivered ?? stamp) + config.returnDays * DAY_MS;
      if (Date.now() > deadline) throw new Refusal(409, returnPeriodOver(formatDate(new Date(deadline).toISOString())));

      const items = await trx
        .selectFrom("order_items")
        .select(["id", "variant_id", "product_id", "title", "size", "color", "unit_price_cents"])
        .where("order_id", "=", orderId)
        .execute();
      const units = await unitsLeft(trx, orderId);
      // A cancelled order marked delivered since, or everything refunded or returned already.
      if (![...units.values()].some((n) => n > 0)) throw new Refusal(409, NOTHING_LEFT_TO_RETURN);
      const rows: Array<{ orderItemId: string; quantity: number; exchangeVariantId: string | null }> = [];
      for (const line of wanted) {
        const item = items.find((i) => i.variant_id === line.variantId);
        if (!item) throw new Refusal(400, NO_SUCH_LINE);
        const name = lineName(item.title, item.size, item.color);
        const left = (units.get(item.id) ?? 0) - rows.filter((r) => r.orderItemId === item.id).reduce((n, r) => n + r.quantity, 0);
        if (line.quantity > left) throw new Refusal(409, tooManyToReturn(name, left));
        if (line.exchangeVariantId) {
          const other = await trx
            .selectFrom("product_variants")
            .innerJoin("products", "products.id", "product_variants.product_id")
            .select([
              "product_variants.id",
              "product_variants.stock",
              "product_variants.size",
              "product_variants.color",
              "products.unit_price_cents",
            ])
            .where("product_variants.id", "=", line.exchangeVariantId)
            .where("product_variants.product_id", "=", item.product_id ?? "")
            .executeTakeFirst();
          if (!other || other.id === item.variant_id) throw new Refusal(400, EXCHANGE_NOT_SAME_PRODUCT);
          if (other.unit_price_cents !== item.unit_price_cents) throw new Refusal(409, exchangePriceChanged(item.title));
          if (other.stock < line.quantity) throw new Refusal(409, exchangeSoldOut(lineName(item.title, other.size, other.color)));
        }
        rows.push({ orderItemId: item.id, quantity: line.quantity, exchangeVariantId: line.exchangeVariantId ?? null });
      }
      const id = newId();
      await trx
        .insertInto("returns")
        .values({
          id,
          order_id: orderId,
          status: "requested",
          reason: request.reason,
          refusal: null,
          refund_id: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await trx
        .insertInto("return_items")
        .values(
          rows.map((r) => ({
            id: newId(),
            return_id: id,
            order_item_id: r.orderItemId,
            quantity: r.quantity,
            exchange_variant_id: r.exchangeVariantId,
            outcome: null,
          })),
        )
        .execute();
      // The owner hears of it with the request: both written, or neither.
      await enqueueMail(trx, returnRequestedMessage(await orderForMail(trx, orderId), await returnForMail(trx, id)));
      return { ok: true as const, returnId: id };
    });
  } catch (error) {
    return caughtRefusal(error).answer;
  }
}

async function returnRow(returnId: string) {
  return db.selectFrom("returns").select(["id", "order_id", "status", "reason"]).where("id", "=", returnId).executeTakeFirst();
}

/**
 * The admin has the parcel: exchanges take their new unit from stock (the returned one goes back);
 * a wanted size sold out since is refunded instead; the money lines become one refund, written in
 * the same transaction, then sent to PayPal. Returned units of money lines go back to stock when
 * PayPal takes the refund.
 */
export async function receiveReturn(returnId: string): Promise<RefundOutcome | { ok: true; refundId: null; status: "exchanged" }> {
  const found = await returnRow(returnId);
  if (!found) return { ok: false, status: 404, message: RETURN_NOT_FOUND };
  return whileHoldingOrder(found.order_id, async (): Promise<RefundOutcome | { ok: true; refundId: null; status: "exchanged" }> => {
    const written: Written | null = await db.transaction().execute(async (trx) => {
      const stamp = now();
      const taken = await trx
        .updateTable("returns")
        .set({ status: "received", updated_at: stamp })
        .where("id", "=", returnId)
        .where("status", "=", "requested")
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new Refusal(409, ALREADY_DECIDED);
      // The order, then the stock of every variant that may move: the order a checkout takes them in.
      await lockRows(trx, trx.selectFrom("orders").select("id").where("id", "=", found.order_id)).execute();
      const lines = await trx
        .selectFrom("return_items")
        .innerJoin("order_items", "order_items.id", "return_items.order_item_id")
        .select([
          "return_items.id",
          "return_items.order_item_id",
          "return_items.quantity",
          "return_items.exchange_variant_id",
          "order_items.variant_id",
        ])
        .where("return_items.return_id", "=", returnId)
        .execute();
      await lockStockOf(
        trx,
        lines.flatMap((l) => [l.variant_id, l.exchange_variant_id]),
      );
      const toRefund: Array<{ orderItemId: string; quantity: number }> = [];
      for (const line of lines) {
        let outcome: "refunded" | "exchanged" | "refundedInstead" = "refunded";
        if (line.exchange_variant_id) {
          const sent = await trx
            .updateTable("product_variants")
            .set({ stock: sql`stock - ${line.quantity}` })
            .where("id", "=", line.exchange_variant_id)
            .where("stock", ">=", line.quantity)
            .executeTakeFirst();
          outcome = Number(sent.numUpdatedRows) === 1 ? "exchanged" : "refundedInstead";
        }
        if (outcome === "exchanged") {
          // The unit sent back is sellable again.
          await restock(trx, [{ variantId: line.variant_id, quantity: line.quantity }]);
        } else {
          toRefund.push({ orderItemId: line.order_item_id, quantity: line.quantity });
        }
        await trx.updateTable("return_items").set({ outcome }).where("id", "=", line.id).execute();
      }
      let refund: Written | null = null;
      const order = await trx
        .selectFrom("orders")
        .select(["total_cents", "refunded_cents", "shipping_cents", "shipping_tax_cents", "prices_include_tax"])
        .where("id", "=", found.order_id)
        .executeTakeFirstOrThrow();
      if (
        toRefund.length &&
        ((await moneyLeft(trx, found.order_id, order)).lines <= 0 || (await paidForLines(trx, found.order_id, toRefund)) === 0)
      ) {
        // The lines' money went back already (refunded as an amount; a return never gives back the
        // shipping), or the lines cost nothing (a discount code made them free): the units come
        // back, nothing to pay.
        await restock(
          trx,
          toRefund.map((line) => ({
            variantId: lines.find((l) => l.order_item_id === line.orderItemId)?.variant_id ?? null,
            quantity: line.quantity,
          })),
        );
      } else if (toRefund.length) {
        refund = await writeRefund(trx, found.order_id, {
          by: "admin",
          lines: toRefund,
          atMostLeft: true,
          restock: true,
          reason: `Return: ${found.reason}`.slice(0, 500),
          orderStatusAfter: null,
          returnId,
        });
        await trx.updateTable("returns").set({ refund_id: refund.id }).where("id", "=", returnId).execute();
      }
      await enqueueMail(trx, returnDecidedMessage(await orderForMail(trx, found.order_id), await returnForMail(trx, returnId)));
      return refund;
    });
    return written ? send(written) : { ok: true, refundId: null, status: "exchanged" };
  });
}

/** The admin refuses a return, saying why; nothing moves. */
export async function refuseReturn(returnId: string, refusal: string): Promise<ReturnOutcome> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("returns").select(["id", "order_id", "status"]).where("id", "=", returnId).executeTakeFirst();
    if (!found) return { ok: false as const, status: 404 as const, message: RETURN_NOT_FOUND };
    const stamp = now();
    const refused = await trx
      .updateTable("returns")
      .set({ status: "refused", refusal, updated_at: stamp })
      .where("id", "=", returnId)
      .where("status", "=", "requested")
      .executeTakeFirst();
    if (Number(refused.numUpdatedRows) !== 1) return { ok: false as const, status: 409 as const, message: ALREADY_DECIDED };
    await enqueueMail(trx, returnDecidedMessage(await orderForMail(trx, found.order_id), await returnForMail(trx, returnId)));
    return { ok: true as const, returnId };
  });
}

async function returnForMail(trx: Kysely<Database>, returnId: string): Promise<ReturnForMail> {
  const row = await trx.selectFrom("returns").select(["status", "reason", "refusal"]).where("id", "=", returnId).executeTakeFirstOrThrow();
  const lines = await trx
    .selectFrom("return_items")
    .innerJoin("order_items", "order_items.id", "return_items.order_item_id")
    .leftJoin("product_variants", "product_variants.id", "return_items.exchange_variant_id")
    .select([
      "order_items.title",
      "order_items.size",
      "order_items.color",
      "return_items.quantity",
      "return_items.outcome",
      "product_variants.size as new_size",
      "product_variants.color as new_color",
    ])
    .where("return_items.return_id", "=", returnId)
    .execute();
  return {
    status: row.status,
    reason: row.reason,
    refusal: row.refusal,
    lines: lines.map((l) => ({
      name: lineName(l.title, l.size, l.color),
      quantity: l.quantity,
      outcome: l.outcome,
      exchangeName: l.new_size !== null ? lineName(l.title, l.new_size, l.new_color ?? "") : null,
    })),
  };
}
