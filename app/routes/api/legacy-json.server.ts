import type { Address } from "~/lib/address";
import type { Cart, CartCosts } from "~/lib/cart";
import type { Customer } from "~/lib/customers";
import type { DiscountCode, DiscountCodeWithFigures } from "~/lib/discounts/codes";
import type { Totals } from "~/lib/costs/totals";
import { centsToAmount } from "~/lib/money";
import type { AdminOrder, Order, OrderWithOwner } from "~/lib/orders";
import { trackingUrl } from "~/lib/tracking";
import { productPath, type Product, type Review } from "~/lib/product";
import type { Banner } from "~/lib/product";
import type { ListedProduct } from "~/server/catalog/catalog.server";
import { getCart } from "~/server/cart/cart.server";
import { cartCosts } from "~/server/checkout/costs.server";
import { json } from "~/server/platform/api.server";
import { absoluteImageUrl, absoluteUrl } from "~/server/platform/image-urls.server";

// The one place the shop's own shapes become the legacy JSON contract of /api (SPEC section 7):
// `_id` for ids, dollar amounts with two decimals for cents, the old field names, and image URLs
// made absolute on PUBLIC_URL so a client on another origin can load them.

/**
 * A product in a list (products, search, a collection's page; issue 52): the product as
 * `productJson` answers it without what only its own answer needs: `images`, `seoTitle`,
 * `seoDescription` and `tags`; each variant as `{ _id, size, color, stock }` (its `colorHex` and
 * `sku` in the product's own answer). 24 of them fit in 20 KB.
 */
export function productListJson(p: ListedProduct) {
  return {
    _id: p.id,
    image: absoluteImageUrl(p.image),
    title: p.title,
    description: p.description,
    category: p.category,
    brand: p.brand,
    price: centsToAmount(p.priceCents),
    salePrice: centsToAmount(p.salePriceCents),
    totalStock: p.stock,
    averageReview: p.averageRating,
    variants: p.variants.map((v) => ({ _id: v.id, size: v.size, color: v.color, stock: v.stock })),
    // Issue 40: the product's own page, its handle and its absolute address.
    handle: p.handle,
    url: absoluteUrl(productPath(p.handle)),
  };
}

/**
 * A product answered on its own (get one, add, edit): the list's shape (`productListJson`) with
 * what only its own answer needs.
 */
export function productJson(p: Product) {
  return {
    ...productListJson(p),
    images: p.photos.map((photo) => ({ url: absoluteImageUrl(photo.src), alt: photo.alt, color: photo.color, position: photo.position })),
    variants: p.variants.map((v) => ({ _id: v.id, size: v.size, color: v.color, colorHex: v.colorHex, sku: v.sku, stock: v.stock })),
    // Issue 49, a new field where a product is answered on its own: its tags.
    ...(p.tags ? { tags: p.tags } : {}),
    // Issue 50: what search engines show ('' = made from the title and the description).
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
  };
}

export function reviewJson(r: Review) {
  return {
    _id: r.id,
    productId: r.productId,
    userId: r.userId,
    userName: r.userName,
    reviewMessage: r.message,
    reviewValue: r.rating,
    createdAt: r.createdAt,
  };
}

/**
 * `{ _id, items: [{ productId, variantId, size, color, image, title, price, salePrice, quantity }],
 * subtotal, discountCode, discountAmount, discountMessage, total }`: the fields after `items` came
 * with discount codes (issue 33); `discountMessage` says why the code on the cart takes nothing off
 * now, or is null.
 */
export function cartJson(cart: Cart, totals: Pick<CartCosts, "subtotalCents" | "discount" | "totalCents">) {
  return {
    _id: cart.id,
    items: cart.items.map((i) => ({
      productId: i.productId,
      variantId: i.variantId,
      size: i.size,
      color: i.color,
      image: absoluteImageUrl(i.image),
      title: i.title,
      price: centsToAmount(i.priceCents),
      salePrice: centsToAmount(i.salePriceCents),
      quantity: i.quantity,
    })),
    subtotal: centsToAmount(totals.subtotalCents),
    discountCode: totals.discount?.code ?? null,
    discountAmount: centsToAmount(totals.discount?.cents ?? 0),
    discountMessage: totals.discount?.refusal ?? null,
    total: centsToAmount(totals.totalCents),
  };
}

/** The cart answer of every cart endpoint: `{ success: true, data: cart }` (with `message` when one is given). */
export async function cartResponse(userId: string, status = 200, message?: string): Promise<Response> {
  const cart = await getCart(userId);
  return json({ success: true, ...(message ? { message } : {}), data: cartJson(cart, await cartCosts(userId, cart, null)) }, { status });
}

/** An address as the original client reads it, with its country (issue 41: the shop's, for one saved without). */
export function addressJson(a: Address) {
  return {
    _id: a.id,
    userId: a.userId,
    address: a.address,
    city: a.city,
    pincode: a.pincode,
    phone: a.phone,
    notes: a.notes,
    country: a.country,
  };
}

export function orderJson(o: Order) {
  return {
    _id: o.id,
    // Issue 48, a new field: the number people read (1001 is "#1001"); `_id` stays the order's key.
    number: o.number,
    userId: o.userId,
    cartId: o.cartId,
    cartItems: o.items.map((i) => ({
      productId: i.productId,
      variantId: i.variantId,
      size: i.size,
      color: i.color,
      sku: i.sku,
      title: i.title,
      image: absoluteImageUrl(i.image),
      price: centsToAmount(i.unitPriceCents),
      quantity: i.quantity,
      // Issue 33, new fields only: the line's share of the discount.
      discountAmount: centsToAmount(i.discountCents),
    })),
    addressInfo: { ...o.shipping },
    orderStatus: o.orderStatus,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    totalAmount: centsToAmount(o.totalCents),
    refundedAmount: centsToAmount(o.refundedCents),
    netAmount: centsToAmount(o.totalCents - o.refundedCents),
    orderDate: o.orderDate,
    orderUpdateDate: o.updatedAt,
    paymentId: o.paymentId,
    payerId: o.payerId,
    // Issue 33, new fields only: the lines before the discount, the code and what it took off
    // (totalAmount stays what was paid).
    subtotal: centsToAmount(o.subtotalCents),
    discountCode: o.discountCode,
    discountAmount: centsToAmount(o.discountCents),
    // Issue 41, new fields only: the shipping charged (its tax inside when prices include tax),
    // every tax, and the method's name (null: free delivery before shipping was priced). The
    // address's `country` is in addressInfo (null on orders placed before countries).
    shippingAmount: centsToAmount(o.shippingCents),
    taxAmount: centsToAmount(o.taxCents),
    shippingMethod: o.shippingMethod?.name ?? null,
    // Issue 48, new fields only: the parcel ('' each when not given) and its tracking page, when the carrier is one the shop knows.
    carrier: o.parcel.carrier,
    trackingNumber: o.parcel.trackingNumber,
    trackingUrl: trackingUrl(o.parcel),
  };
}

/** An order's details: the order, its timeline oldest first (`{ status, at, by }`) and its refunds. */
export function orderDetailsJson(o: OrderWithOwner) {
  return {
    ...orderJson(o),
    statusHistory: o.statusHistory.map((e) => ({ status: e.status, at: e.at, by: e.by })),
    refunds: o.refunds.map((r) => ({
      _id: r.id,
      amount: centsToAmount(r.amountCents),
      // Issue 41: the part of it that gave back shipping (with its tax).
      shippingAmount: centsToAmount(r.shippingCents),
      status: r.status,
      reason: r.reason,
      items: r.items,
      createdAt: r.createdAt,
    })),
    returns: o.returns.map((r) => ({
      _id: r.id,
      status: r.status,
      reason: r.reason,
      refusal: r.refusal,
      items: r.items.map((i) => ({
        variantId: i.variantId,
        title: i.title,
        size: i.size,
        color: i.color,
        quantity: i.quantity,
        exchangeVariantId: i.exchange?.variantId ?? null,
        exchangeSize: i.exchange?.size ?? null,
        exchangeColor: i.exchange?.color ?? null,
        outcome: i.outcome,
      })),
      createdAt: r.createdAt,
    })),
  };
}

/** The admin's details also name the buyer; `guest` (issue 51): an order placed through guest checkout, with no account behind it. */
export function orderWithOwnerJson(o: OrderWithOwner) {
  return { ...orderDetailsJson(o), user: { userName: o.user.userName, email: o.user.email }, guest: o.user.guest };
}

/** An order in the admin's list: `guest` (issue 51), placed through guest checkout, with no account behind it. */
export function adminOrderJson(o: AdminOrder) {
  return { ...orderJson(o), guest: o.customer.guest };
}

export function bannerJson(b: Banner) {
  return { _id: b.id, image: absoluteImageUrl(b.image) };
}

/** A shopper's account for the admin: who, since when, and what they bought (net of refunds). */
export function customerJson(c: Customer) {
  return {
    _id: c.id,
    userName: c.userName,
    email: c.email,
    joinedAt: c.joinedAt,
    orderCount: c.orderCount,
    totalSpent: centsToAmount(c.spentCents),
    lastOrderDate: c.lastOrderAt,
    blocked: c.blockedAt !== null,
    blockedAt: c.blockedAt,
    closed: c.closedAt !== null,
    closedAt: c.closedAt,
  };
}

/**
 * A discount code for the admin, in the fields /api/admin/discounts add|edit take (money in
 * dollars: `value` is dollars for a fixed amount, a percent otherwise), with what it has done.
 */
export function discountJson(d: DiscountCode | DiscountCodeWithFigures) {
  return {
    _id: d.id,
    code: d.code,
    type: d.type,
    value: d.type === "percent" ? d.value : centsToAmount(d.value),
    minSubtotal: centsToAmount(d.minSubtotalCents),
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    usageLimit: d.usageLimit,
    oncePerCustomer: d.oncePerCustomer,
    categories: d.categories,
    brands: d.brands,
    active: d.active,
    taken: d.taken,
    ...("usedCount" in d
      ? {
          used: d.usedCount,
          cancelledUses: d.closedCount,
          held: d.heldCount,
          orderCount: d.orderCount,
          revenue: centsToAmount(d.revenueCents),
          discountTotal: centsToAmount(d.discountCents),
        }
      : {}),
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** A checkout begun (order create, and a guest's checkout): where to approve it and what it costs, 201. */
export function checkoutStartedResponse(result: { approvalUrl: string; orderId: string; number: number; totals: Totals }): Response {
  const { totals } = result;
  return json(
    {
      success: true,
      approvalURL: result.approvalUrl,
      orderId: result.orderId,
      number: result.number,
      totalAmount: centsToAmount(totals.totalCents),
      shippingAmount: centsToAmount(totals.shippingCents),
      taxAmount: centsToAmount(totals.taxCents),
      shippingMethod: totals.shipping?.name ?? null,
    },
    { status: 201 },
  );
}
