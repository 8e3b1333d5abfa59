import type { Kysely } from "kysely";
import type { OrderStatus } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import { countryName } from "~/lib/countries";
import { deliveryEstimate, orderNumberText, orderStatusLabel, type ReturnForMail } from "~/lib/orders";
import { parcelText, trackingUrl, type Parcel } from "~/lib/tracking";
import { shortCostRows, type OrderCosts } from "~/lib/receipt";
import { lineName } from "~/lib/variants";
import type { Database } from "#db/schema";
import { config } from "~/server/platform/config.server";
import { guestOrderPath, newOrderLink } from "./order-links.server";

// The shop's transactional e-mails: a plain-text part and a simple HTML part (inline styles, no
// remote images), the shop's name, and for orders the number, items, total, address and a link to
// the order at PUBLIC_URL. Everything people typed (names, addresses, titles) is escaped in HTML.
// The shop's name and contact address are the owner's settings as they are when the message is
// written: each exported builder gives a draft, which enqueueMail completes with them.

export type MailMessage = { kind: string; to: string; subject: string; text: string; html: string; orderId: string | null };

/** What a message says of the shop: its name, and its address for the messages to the owner. */
export type MailShop = { name: string; contactEmail: string };

/** A message waiting for the shop's settings (enqueueMail reads them in the change's transaction). */
export type MailDraft = (shop: MailShop) => MailMessage;

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

function htmlPage(shop: string, title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${escapeHtml(shop)}</p>
${body}
</div></body></html>`;
}

/** The order's page: in the account, or for a guest's order the page its own link opens (issue 51). */
const orderLink = (order: { id: string; guestLink: string | null }) =>
  order.guestLink ? `${config.publicUrl}${order.guestLink}` : `${config.publicUrl}/shop/account?order=${order.id}`;

export const welcomeMessage =
  (user: { userName: string; email: string }): MailDraft =>
  (settings) =>
    welcome(user, settings);

function welcome(user: { userName: string; email: string }, settings: MailShop): MailMessage {
  const shop = settings.name;
  const link = `${config.publicUrl}/shop/home`;
  return {
    kind: "account-created",
    to: user.email,
    subject: `Welcome to ${shop}`,
    text: `Hello ${user.userName},\n\nyour account at ${shop} is ready. Sign in with ${user.email} to shop:\n${link}\n\n${shop}\n`,
    html: htmlPage(
      shop,
      `Welcome to ${shop}`,
      `<p>Hello ${escapeHtml(user.userName)},</p><p>your account at ${escapeHtml(shop)} is ready. Sign in with ${escapeHtml(user.email)} to shop.</p>
<p><a href="${escapeHtml(link)}" style="color:#1d4ed8">Go to the shop</a></p>`,
    ),
    orderId: null,
  };
}

type OrderForMail = OrderCosts & {
  id: string;
  /** The number the shopper reads (#1001; issue 48). */
  number: number | null;
  parcel: Parcel;
  userName: string;
  email: string;
  /** A guest's order (issue 51): the path of a new link to its page; null for an account's order. */
  guestLink: string | null;
  shipping: { address: string; city: string; pincode: string; phone: string; country: string | null };
  items: Array<{ title: string; size: string; color: string; quantity: number; unitPriceCents: number }>;
};

/** The order as the e-mails show it, read inside the transaction that changes it. */
export async function orderForMail(trx: Kysely<Database>, orderId: string): Promise<OrderForMail> {
  const order = await trx
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([
      "orders.id",
      "orders.number",
      "orders.carrier",
      "orders.tracking_number",
      "users.user_name",
      "users.email",
      "users.guest_email",
      "orders.customer_name",
      "orders.customer_email",
      "orders.total_cents",
      "orders.address",
      "orders.city",
      "orders.pincode",
      "orders.phone",
      "orders.country",
      "orders.discount_code",
      "orders.discount_cents",
      "orders.shipping_method",
      "orders.shipping_estimate",
      "orders.shipping_cents",
      "orders.tax_cents",
      "orders.tax_rate",
      "orders.prices_include_tax",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom("order_items")
    .select(["title", "size", "color", "quantity", "unit_price_cents"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  // A guest's order is mailed to the address given for it, with a link to its page of its own.
  const guest = order.guest_email !== null;
  return {
    id: order.id,
    number: order.number,
    parcel: { carrier: order.carrier, trackingNumber: order.tracking_number },
    userName: guest ? (order.customer_name ?? order.user_name) : order.user_name,
    email: guest ? (order.customer_email ?? order.guest_email!) : order.email,
    guestLink: guest ? guestOrderPath(await newOrderLink(trx, order.id)) : null,
    totalCents: order.total_cents,
    // What it cost as it was charged (issue 41): the mail words it as the order details do.
    subtotalCents: items.reduce((sum, i) => sum + i.unit_price_cents * i.quantity, 0),
    discountCode: order.discount_code,
    discountCents: order.discount_cents,
    shippingMethod: order.shipping_method === null ? null : { name: order.shipping_method, estimate: order.shipping_estimate },
    shippingCents: order.shipping_cents,
    taxCents: order.tax_cents,
    taxRate: order.tax_rate,
    taxIncluded: order.prices_include_tax === 1,
    shipping: { address: order.address, city: order.city, pincode: order.pincode, phone: order.phone, country: order.country },
    items: items.map((i) => ({ title: i.title, size: i.size, color: i.color, quantity: i.quantity, unitPriceCents: i.unit_price_cents })),
  };
}

/** A line under the order number: "Estimated delivery: …", or the parcel with its tracking page. */
type MailFact = { label: string; text: string; href?: string | null };

/** When it should arrive: the estimate of the order's delivery method, SPEC's "3-5 business days" without one (issue 48). */
const estimateFact = (order: OrderForMail): MailFact => ({ label: "Estimated delivery", text: deliveryEstimate(order.shippingMethod) });

/** The parcel, when the owner gave it: a link to the carrier's tracking page for the carriers the shop knows. */
function parcelFacts(order: OrderForMail): MailFact[] {
  const text = parcelText(order.parcel);
  return text ? [{ label: "Tracking", text, href: trackingUrl(order.parcel) }] : [];
}

/** "#1001" in subjects and texts. */
const numberOf = (order: OrderForMail) => orderNumberText(order);

const orderMessage =
  (kind: string, order: OrderForMail, subject: string, intro: string, facts: MailFact[] = []): MailDraft =>
  (settings) =>
    orderMail(kind, order, subject, intro, settings, facts);

function orderMail(
  kind: string,
  order: OrderForMail,
  subject: string,
  intro: string,
  settings: MailShop,
  facts: MailFact[] = [],
): MailMessage {
  const shop = settings.name;
  const link = orderLink(order);
  const lines = order.items.map((i) => ({
    name: lineName(i.title, i.size, i.color),
    quantity: i.quantity,
    unit: formatMoney(i.unitPriceCents),
  }));
  const address = [
    order.shipping.address,
    `${order.shipping.city} ${order.shipping.pincode}`,
    ...(order.shipping.country ? [countryName(order.shipping.country)] : []),
    order.shipping.phone,
  ];
  // The total alone when nothing came between the lines and it; else subtotal, discount, shipping, tax.
  const costs = shortCostRows(order);
  const text = [
    `Hello ${order.userName},`,
    "",
    intro,
    "",
    `Order number: ${numberOf(order)}`,
    ...facts.map((f) => `${f.label}: ${f.text}${f.href ? ` (${f.href})` : ""}`),
    "",
    ...lines.map((l) => `${l.quantity} x ${l.name} at ${l.unit}`),
    "",
    ...costs.map((row) => `${row.label}: ${row.value}`),
    "",
    "Shipping to:",
    ...address,
    "",
    `Your order: ${link}`,
    "",
    shop,
    "",
  ].join("\n");
  const cell = "padding:6px 4px;border-bottom:1px solid #e5e7eb";
  const html = htmlPage(
    shop,
    subject,
    `<p>Hello ${escapeHtml(order.userName)},</p><p>${escapeHtml(intro)}</p>
<p>Order number: <strong>${escapeHtml(numberOf(order))}</strong>${facts
      .map(
        (f) =>
          `<br>${escapeHtml(f.label)}: ${f.href ? `<a href="${escapeHtml(f.href)}" style="color:#1d4ed8">${escapeHtml(f.text)}</a>` : escapeHtml(f.text)}`,
      )
      .join("")}</p>
<table style="width:100%;border-collapse:collapse;font-size:14px">
<tr><th style="${cell};text-align:left">Item</th><th style="${cell};text-align:right">Quantity</th><th style="${cell};text-align:right">Unit price</th></tr>
${lines.map((l) => `<tr><td style="${cell}">${escapeHtml(l.name)}</td><td style="${cell};text-align:right">${l.quantity}</td><td style="${cell};text-align:right">${escapeHtml(l.unit)}</td></tr>`).join("\n")}
${costs
  .map((row) => {
    const weight = row.key === "total" ? ";font-weight:bold" : "";
    return `<tr><td colspan="2" style="padding:8px 4px${weight}">${escapeHtml(row.label)}</td><td style="padding:8px 4px;text-align:right${weight}">${escapeHtml(row.value)}</td></tr>`;
  })
  .join("\n")}
</table>
<p style="margin-top:16px">Shipping to:<br>${address.map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(link)}" style="color:#1d4ed8">See your order</a></p>`,
  );
  return { kind, to: order.email, subject, text, html, orderId: order.id };
}

export const orderPaidMessage =
  (order: OrderForMail): MailDraft =>
  (settings) =>
    orderMail(
      "order-paid",
      order,
      `Your order ${numberOf(order)} is confirmed`,
      `thank you for your order at ${settings.name}. We have your payment and are preparing it.`,
      settings,
      [estimateFact(order)],
    );

/**
 * A guest asked for the link to their order again (issue 51, the look-up): the order as the other
 * e-mails show it, with a new link to its page (orderForMail writes it in the same transaction).
 */
export const orderLinkMessage = (order: OrderForMail) =>
  orderMessage(
    "order-link",
    order,
    `The link to your order ${numberOf(order)}`,
    "you asked for a link to your order. Open it below to see where your order is, cancel it before it ships, or return items. If you did not ask for it, you can ignore this e-mail.",
    [...parcelFacts(order)],
  );

/** The statuses a shopper hears about. */
export const STATUSES_MAILED: readonly OrderStatus[] = ["inShipping", "delivered", "rejected"];

const STATUS_INTROS: Partial<Record<OrderStatus, string>> = {
  inShipping: "your order is on its way.",
  delivered: "your order has been delivered. We hope you enjoy it.",
  rejected: "we are sorry: your order has been cancelled. Contact us if you have any question.",
};

export const orderStatusMessage = (order: OrderForMail, status: OrderStatus) =>
  orderMessage(
    `order-${status}`,
    order,
    `Your order ${numberOf(order)}: ${orderStatusLabel(status)}`,
    STATUS_INTROS[status] ?? `its status is now ${orderStatusLabel(status)}.`,
    // On its way: when it should arrive, and the parcel to follow it by.
    status === "inShipping" ? [estimateFact(order), ...parcelFacts(order)] : [],
  );

/** A refund PayPal has taken: the shopper's cancellation, the shop's rejection, or a refund. */
export function refundMessage(
  order: OrderForMail,
  kind: "cancelled" | "rejected" | "refund",
  amountCents: number,
  reason: string,
): MailDraft {
  const amount = formatMoney(amountCents);
  // A free order (its discount code paid for all of it) has nothing to give back.
  const back =
    amountCents > 0
      ? `${amount} goes back to your PayPal account; PayPal usually shows it within a few days.`
      : "Nothing was paid for it, so no money moves.";
  if (kind === "cancelled")
    return orderMessage(
      "order-cancelled",
      order,
      `Your order ${numberOf(order)} is cancelled`,
      `your order is cancelled as you asked. ${back}`,
    );
  if (kind === "rejected")
    return orderMessage(
      "order-rejected",
      order,
      `Your order ${numberOf(order)}: ${orderStatusLabel("rejected")}`,
      `we are sorry: your order has been cancelled by the shop. ${back} Contact us if you have any question.`,
    );
  return orderMessage(
    "order-refund",
    order,
    `A refund of ${amount} for your order ${numberOf(order)}`,
    `we have refunded ${amount} (${reason}). ${back}`,
  );
}

/** The admin received a return (refunds and exchanges) or refused it. */
export function returnDecidedMessage(order: OrderForMail, decided: ReturnForMail): MailDraft {
  if (decided.status === "refused")
    return orderMessage(
      "return-refused",
      order,
      `Your return for order ${numberOf(order)}`,
      `we are sorry: we cannot accept your return (${decided.refusal ?? "no reason given"}). Contact us if you have any question.`,
    );
  const told = decided.lines.map((line) => {
    if (line.outcome === "exchanged") return `${line.quantity} x ${line.name}: exchanged for ${line.exchangeName}, on its way to you.`;
    if (line.outcome === "refundedInstead")
      return `${line.quantity} x ${line.name}: ${line.exchangeName} had sold out, so we refund it instead.`;
    return `${line.quantity} x ${line.name}: refunded to your PayPal account.`;
  });
  return orderMessage(
    "return-received",
    order,
    `We received your return for order ${numberOf(order)}`,
    `we received your return. ${told.join(" ")}`,
  );
}

/**
 * To the shop (its contact e-mail): a shopper asked to return items, with what, why, and a link to
 * the order in the admin panel, where the parcel is received or the return refused.
 */
export const returnRequestedMessage =
  (order: OrderForMail, asked: ReturnForMail): MailDraft =>
  (settings) =>
    returnRequested(order, asked, settings);

function returnRequested(order: OrderForMail, asked: ReturnForMail, settings: MailShop): MailMessage {
  const shop = settings.name;
  const link = `${config.publicUrl}/admin/orders?order=${order.id}`;
  const subject = `Return requested for order ${numberOf(order)}`;
  const intro = `${order.userName} (${order.email}) asked to return items of order ${numberOf(order)}:`;
  const lines = asked.lines.map(
    (line) => `${line.quantity} x ${line.name}: ${line.exchangeName ? `exchange for ${line.exchangeName}` : "money back"}`,
  );
  const reason = `Reason: ${asked.reason}`;
  const text = ["Hello,", "", intro, "", ...lines, "", reason, "", "Receive or refuse the return in the admin panel:", link, "", shop, ""];
  const html = htmlPage(
    shop,
    subject,
    `<p>Hello,</p><p>${escapeHtml(intro)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p>${escapeHtml(reason)}</p>
<p><a href="${escapeHtml(link)}" style="color:#1d4ed8">Receive or refuse the return</a></p>`,
  );
  return { kind: "return-requested", to: settings.contactEmail, subject, text: text.join("\n"), html, orderId: order.id };
}

/** A plain message to an account holder: a paragraph, an optional link, the shop's name. */
const accountMessage =
  (
    kind: string,
    user: { userName: string; email: string },
    subject: (shop: string) => string,
    intro: string,
    link?: { href: string; text: string },
  ): MailDraft =>
  (settings) =>
    accountMail(kind, user, subject(settings.name), intro, link, settings);

function accountMail(
  kind: string,
  user: { userName: string; email: string },
  subject: string,
  intro: string,
  link: { href: string; text: string } | undefined,
  settings: MailShop,
): MailMessage {
  const shop = settings.name;
  return {
    kind,
    to: user.email,
    subject,
    text: `Hello ${user.userName},\n\n${intro}\n${link ? `\n${link.href}\n` : ""}\n${shop}\n`,
    html: htmlPage(
      shop,
      subject,
      `<p>Hello ${escapeHtml(user.userName)},</p><p>${escapeHtml(intro)}</p>${link ? `<p><a href="${escapeHtml(link.href)}" style="color:#1d4ed8">${escapeHtml(link.text)}</a></p>` : ""}`,
    ),
    orderId: null,
  };
}

export const passwordResetMessage = (user: { userName: string; email: string }, link: string, minutes: number) =>
  accountMessage(
    "password-reset",
    user,
    (shop) => `Set a new password for ${shop}`,
    `someone (we hope you) asked to set a new password for your account. The link below works once, for ${minutes} minutes. If it was not you, ignore this e-mail: your password stays as it is.`,
    { href: link, text: "Set a new password" },
  );

export const passwordChangedMessage = (user: { userName: string; email: string }) =>
  accountMessage(
    "password-changed",
    user,
    (shop) => `Your ${shop} password was changed`,
    'the password of your account was just changed, and every other device signed in to it was signed out. If you did not do this, set a new password at once with "Forgot password?" on the sign-in page and contact us.',
  );

export const emailChangeConfirmMessage = (user: { userName: string }, newEmail: string, link: string, hours: number) =>
  accountMessage(
    "email-change-confirm",
    { userName: user.userName, email: newEmail },
    (shop) => `Confirm your new e-mail address at ${shop}`,
    `you asked to use this address for your account. Open the link below within ${hours} hours to confirm it; until then your account keeps its old address. If it was not you, ignore this e-mail.`,
    { href: link, text: "Confirm the new address" },
  );

/**
 * Orders placed as a guest with the account's address (issue 51): they join the account only once
 * this link, sent to that address, is opened and its button pressed (order-claims.server.ts).
 */
export const orderClaimMessage = (user: { userName: string; email: string }, count: number, link: string, hours: number) =>
  accountMessage(
    "orders-claim",
    user,
    () => (count === 1 ? "Add your earlier order to your account" : `Add your ${count} earlier orders to your account`),
    `${count === 1 ? "an order was" : `${count} orders were`} placed at our shop as a guest with this e-mail address. Open the link below within ${hours} hours to add ${count === 1 ? "it" : "them"} to your account, where you can follow ${count === 1 ? "it" : "them"} with your other orders. If it was not you, ignore this e-mail: nothing changes.`,
    { href: link, text: count === 1 ? "Add the order to my account" : "Add the orders to my account" },
  );

export const emailChangeNoticeMessage = (user: { userName: string; email: string }, newEmail: string, settingsLink: string) =>
  accountMessage(
    "email-change-notice",
    user,
    (shop) => `Your ${shop} e-mail address is being changed`,
    `someone signed in to your account asked to change its e-mail address to ${newEmail}. It changes only once the link sent there is opened. If it was not you, cancel the change in your account settings, and change your password at once (that cancels it too) or set a new one with "Forgot password?".`,
    { href: settingsLink, text: "Cancel the change" },
  );

export const accountClosedMessage = (user: { userName: string; email: string }) =>
  accountMessage(
    "account-closed",
    user,
    (shop) => `Your ${shop} account is closed`,
    "your account is closed: your name, e-mail address, saved addresses and sign-ins are erased. Your orders stay in our books, as the law asks, and your reviews stay without your name. This is the last e-mail you get from us; you are welcome to register again at any time.",
  );

/**
 * "It's back" (issue 51): the size a shopper asked about is in stock again. Links to the product's
 * page on that size and colour, and to the page that ends the subscription.
 */
export const backInStockMessage =
  (m: { to: string; title: string; size: string; color: string; productLink: string; unsubscribeLink: string }): MailDraft =>
  (settings) => {
    const shop = settings.name;
    const name = lineName(m.title, m.size, m.color);
    const subject = `Back in stock: ${name}`;
    const intro = `good news: ${name} is back in stock at ${shop}. It may sell out again, so don't wait too long.`;
    const footer = "You get this e-mail because you asked us to tell you when this size was back. We will not e-mail you about it again.";
    return {
      kind: "back-in-stock",
      to: m.to,
      subject,
      text: `Hello,\n\n${intro}\n\n${m.productLink}\n\n${footer}\nUnsubscribe: ${m.unsubscribeLink}\n\n${shop}\n`,
      html: htmlPage(
        shop,
        subject,
        `<p>Hello,</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(m.productLink)}" style="color:#1d4ed8">Shop ${escapeHtml(name)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(footer)} <a href="${escapeHtml(m.unsubscribeLink)}" style="color:#6b7280">Unsubscribe</a></p>`,
      ),
      orderId: null,
    };
  };

/** A cart left behind (issue 51): its lines and two links, both carrying a token (cart/reminders.server.ts). */
export type CartReminderForMail = {
  to: string;
  /** The account holder's name; null for a visitor's cart. */
  userName: string | null;
  items: Array<{ title: string; size: string; color: string; quantity: number; unitPriceCents: number }>;
  restoreLink: string;
  unsubscribeLink: string;
};

export const cartReminderMessage =
  (cart: CartReminderForMail): MailDraft =>
  (settings) => {
    const shop = settings.name;
    const subject = `You left something in your cart at ${shop}`;
    const greeting = cart.userName ? `Hello ${cart.userName},` : "Hello,";
    const intro = "your cart is waiting for you, just as you left it:";
    const lines = cart.items.map((i) => ({
      name: lineName(i.title, i.size, i.color),
      quantity: i.quantity,
      unit: formatMoney(i.unitPriceCents),
    }));
    const stop = "You get this e-mail once for this cart. To get no more cart reminders from us:";
    const text = [
      greeting,
      "",
      intro,
      "",
      ...lines.map((l) => `${l.quantity} x ${l.name} at ${l.unit}`),
      "",
      `Back to your cart: ${cart.restoreLink}`,
      "",
      `${stop} ${cart.unsubscribeLink}`,
      "",
      shop,
      "",
    ].join("\n");
    const cell = "padding:6px 4px;border-bottom:1px solid #e5e7eb";
    const html = htmlPage(
      shop,
      subject,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<table style="width:100%;border-collapse:collapse;font-size:14px">
<tr><th style="${cell};text-align:left">Item</th><th style="${cell};text-align:right">Quantity</th><th style="${cell};text-align:right">Unit price</th></tr>
${lines.map((l) => `<tr><td style="${cell}">${escapeHtml(l.name)}</td><td style="${cell};text-align:right">${l.quantity}</td><td style="${cell};text-align:right">${escapeHtml(l.unit)}</td></tr>`).join("\n")}
</table>
<p style="margin-top:16px"><a href="${escapeHtml(cart.restoreLink)}" style="color:#1d4ed8;font-weight:bold">Back to your cart</a></p>
<p style="font-size:12px;color:#4b5563">${escapeHtml(stop)} <a href="${escapeHtml(cart.unsubscribeLink)}" style="color:#4b5563">stop cart reminders</a>.</p>`,
    );
    return { kind: "cart-reminder", to: cart.to, subject, text, html, orderId: null };
  };
