// The checks after the graceful stop and the final consistency checks, straight from the database.
import fs from "node:fs";
import { openDb, orderStates, readStock } from "./database.mjs";
import { summarize, taken } from "./shoppers.mjs";

/** SIGTERM: requests in flight answered, new ones refused, exit code 0, pid file removed. */
export function checkGracefulStop(check, { server, exit, probes, networkErrorsAtStop }) {
  check("SIGTERM: every request in flight got an answer", networkErrorsAtStop === 0, `${networkErrorsAtStop} connections cut`);
  const firstRefused = probes.findIndex((p) => !taken(p));
  check(
    "SIGTERM: new requests are refused (503 or no connection) once the server noticed the signal",
    firstRefused >= 0 && probes.slice(firstRefused).every((p) => !taken(p)),
    summarize(probes),
  );
  check("SIGTERM: server exits with code 0", exit.code === 0, `exit ${exit.code}`);
  check("SIGTERM: pid file removed", !fs.existsSync(server.pidFile));
}

/**
 * The final state, straight from the database: engine checks, orders, PayPal captures and stock
 * against what the shoppers saw. Returns the figures the report prints.
 */
export async function checkFinalState(check, { server, crowd, knownOrders, startStock, capturesAtStop }) {
  const { confirmed, cutOff, unexpected } = crowd;
  const database = await openDb(server);
  if (database.sqlite) {
    check("SIGTERM: database closed (WAL checkpointed and removed)", !fs.existsSync(`${server.dbFile}-wal`));
    const integrity = database.sqlite.pragma("integrity_check", { simple: true });
    check("PRAGMA integrity_check = ok", integrity === "ok", integrity);
    const fkProblems = database.sqlite.pragma("foreign_key_check");
    check("PRAGMA foreign_key_check is empty", fkProblems.length === 0, `${fkProblems.length} rows`);
  } else {
    // PostgreSQL checks foreign keys on every write; what is left to see is that the shop's pool was closed.
    const open = await database.all(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'fashion-shop'`,
    );
    check("SIGTERM: every connection to PostgreSQL closed", open[0].n === 0, `${open[0].n} still open`);
  }

  const orders = new Map(
    (await database.all("select id, payment_status, order_status, stock_reserved, payment_id, capture_id, total_cents from orders")).map(
      (o) => [o.id, o],
    ),
  );
  const notPaid = [...confirmed].filter((id) => orders.get(id)?.payment_status !== "paid");
  check(
    `every confirmed order exists and is paid (${confirmed.size})`,
    notPaid.length === 0,
    notPaid
      .slice(0, 5)
      .map((id) => `${id}: ${orders.get(id)?.payment_status ?? "missing"}`)
      .join(", "),
  );

  const newOrders = [...orders.values()].filter((o) => !knownOrders.has(o.id));
  const holding = newOrders.filter((o) => o.payment_status !== "paid" && o.stock_reserved);
  check(
    "no unpaid order still holds stock",
    holding.length === 0,
    `${holding.length} orders: ${holding
      .slice(0, 3)
      .map((o) => `${o.id} ${o.payment_status}`)
      .join(", ")}`,
  );

  // Money: every PayPal capture belongs to a paid order with the same capture and amount, and
  // every paid order of this run has its capture.
  const sim = await database.all("select id, status, value, capture_id from paypal_sim_orders");
  const byPayment = new Map(newOrders.filter((o) => o.payment_id).map((o) => [o.payment_id, o]));
  const captured = sim.filter((s) => s.status === "COMPLETED");
  const unrecorded = captured.filter((s) => {
    const order = byPayment.get(s.id);
    return (
      !order || order.payment_status !== "paid" || order.capture_id !== s.capture_id || (order.total_cents / 100).toFixed(2) !== s.value
    );
  });
  check(
    `every PayPal capture is recorded on a paid order (${captured.length})`,
    unrecorded.length === 0,
    unrecorded
      .slice(0, 3)
      .map((s) => `${s.id} -> ${byPayment.get(s.id)?.payment_status ?? "no order"}`)
      .join(", "),
  );
  const simById = new Map(sim.map((s) => [s.id, s]));
  const paid = newOrders.filter((o) => o.payment_status === "paid");
  const unexplained = paid.filter((o) => !confirmed.has(o.id) && !cutOff.has(o.id));
  check(
    "every paid order was confirmed to its shopper or its capture answer was cut off",
    unexplained.length === 0,
    `${unexplained.length} paid orders nobody was told about`,
  );
  const settledIds = new Set(
    server.log.filter((l) => l.includes("interrupted payment") && l.includes("recorded as paid")).map((l) => JSON.parse(l).orderId),
  );
  const unseen = paid.filter((o) => !confirmed.has(o.id));
  const paidUnseen = unseen.length;
  const settledPaid = unseen.filter((o) => settledIds.has(o.id)).length;
  const paidWithoutCapture = paid.filter((o) => simById.get(o.payment_id)?.status !== "COMPLETED");
  check(`every paid order has a PayPal capture (${paid.length})`, paidWithoutCapture.length === 0, `${paidWithoutCapture.length} without`);

  // Stock: now + sold (+ still held) = at the start, per product.
  const endStock = await readStock(database);
  const sold = new Map();
  const held = new Map();
  const items = await database.all(
    "select oi.order_id, oi.variant_id, oi.quantity, o.payment_status, o.stock_reserved from order_items oi join orders o on o.id = oi.order_id",
  );
  for (const item of items) {
    if (knownOrders.has(item.order_id) || !item.variant_id) continue;
    if (item.payment_status === "paid") sold.set(item.variant_id, (sold.get(item.variant_id) ?? 0) + item.quantity);
    else if (item.stock_reserved) held.set(item.variant_id, (held.get(item.variant_id) ?? 0) + item.quantity);
  }
  const mismatched = [];
  for (const [id, product] of startStock) {
    const now = endStock.get(id)?.stock ?? 0;
    if (now + (sold.get(id) ?? 0) + (held.get(id) ?? 0) !== product.stock)
      mismatched.push(`${product.title}: ${product.stock} at start, ${now} now, ${sold.get(id) ?? 0} sold, ${held.get(id) ?? 0} held`);
  }
  check(
    `stock + sold = starting stock for every size and colour (${startStock.size})`,
    mismatched.length === 0,
    mismatched.slice(0, 3).join("; "),
  );
  const unequal = await database.all(
    "select p.title from products p where p.stock != (select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = p.id)",
  );
  check("every product's stock is the sum of its sizes'", unequal.length === 0, unequal.map((p) => p.title).join(", "));
  const negative = [...endStock.values()].filter((p) => p.stock < 0);
  check("no stock below zero", negative.length === 0);
  const finalStates = await orderStates(database, knownOrders);
  await database.close();

  const graceCut = capturesAtStop.filter((a) => orders.get(a.orderId)?.payment_status === "paid");
  check(
    "SIGTERM: no capture was carried out without its answer reaching the shopper",
    graceCut.length === 0,
    `${graceCut.length} of ${capturesAtStop.length} unanswered captures were paid`,
  );
  check("no unexpected answers (only successes and sold-out refusals)", unexpected.length === 0, unexpected.slice(0, 3).join("; "));

  return { paid, paidUnseen, settledPaid, captured, finalStates, endStock, sold, held };
}
