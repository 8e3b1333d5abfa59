import type { ColumnType, Generated, Selectable } from "kysely";
import type { OrderStatus, PaymentStatus, RefundStatus, Role, StatusChangeBy } from "./values";

/** Database tables as Kysely sees them. Money columns are integer cents. Timestamps are ISO strings. */
export interface Database {
  users: UsersTable;
  products: ProductsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  reviews: ReviewsTable;
  banners: BannersTable;
  paypal_sim_orders: PaypalSimOrdersTable;
  paypal_sim_order_details: PaypalSimOrderDetailsTable;
  paypal_sim_refunds: PaypalSimRefundsTable;
  paypal_sim_replies: PaypalSimRepliesTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  leases: LeasesTable;
  product_counts: ProductCountsTable;
  category_counts: CategoryCountsTable;
  brand_counts: BrandCountsTable;
  product_variants: ProductVariantsTable;
  color_counts: ColorCountsTable;
  images: ImagesTable;
  product_photos: ProductPhotosTable;
  order_status_history: OrderStatusHistoryTable;
  outbox: OutboxTable;
  refunds: RefundsTable;
  refund_items: RefundItemsTable;
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
  account_tokens: AccountTokensTable;
  discounts: DiscountsTable;
  discount_uses: DiscountUsesTable;
  product_handles: ProductHandlesTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  brands: BrandsTable;
  collections: CollectionsTable;
  collection_products: CollectionProductsTable;
  product_tags: ProductTagsTable;
  catalogue_handles: CatalogueHandlesTable;
  imports: ImportsTable;
  import_items: ImportItemsTable;
  import_files: ImportFilesTable;
  back_in_stock: BackInStockTable;
  cart_reminders: CartRemindersTable;
  cart_reminder_stops: CartReminderStopsTable;
  order_links: OrderLinksTable;
  order_claims: OrderClaimsTable;
}

/** The owner's categories (migration 0027): a tree of at most two levels. */
export interface CategoriesTable {
  id: string;
  /** Its address in the listing (`category=<handle>`): unique; the demo's are their ids. */
  handle: string;
  name: string;
  parent_id: string | null;
  description: Generated<string>;
  /** A photo's address, or ''. */
  image: Generated<string>;
  /** The kinds of sizes its products may have, comma-joined (app/lib/variants.ts SIZE_LISTS). */
  sizes: Generated<string>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The owner's brands (migration 0027). */
export interface BrandsTable {
  id: string;
  handle: string;
  name: string;
  description: Generated<string>;
  image: Generated<string>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A named group of products (migration 0027): manual, or automatic by `rules`. */
export interface CollectionsTable {
  id: string;
  handle: string;
  name: string;
  description: Generated<string>;
  image: Generated<string>;
  /** null: manual (collection_products); else JSON `[{ field, op, value }]`, all of which hold. */
  rules: string | null;
  /** The order its page opens in: '' is the owner's order (manual) or newest first (automatic). */
  sort: Generated<string>;
  on_home: Generated<number>;
  in_menu: Generated<number>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A manual collection's products, in the owner's order. */
export interface CollectionProductsTable {
  collection_id: string;
  product_id: string;
  position: number;
}

/** The owner's free words on a product ("linen", "summer-26"), lower case. */
export interface ProductTagsTable {
  product_id: string;
  tag: string;
}

/** A handle a category, brand or collection had before: its old addresses answer 301. */
export interface CatalogueHandlesTable {
  kind: "category" | "brand" | "collection";
  handle: string;
  target_id: string;
  created_at: string;
}

/** A handle a product had before (migration 0020): its old links answer 301 to the current one. */
export interface ProductHandlesTable {
  handle: string;
  product_id: string;
  created_at: string;
}

/** The owner's shop settings (migration 0020): one JSON value per key. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Money given back on an order (migration 0012): written before PayPal is called. */
/** A discount code (migration 0017): money in cents, the code in capitals. */
export interface DiscountsTable {
  id: string;
  code: string;
  type: "percent" | "fixed";
  /** Percent (1-100) or cents, by type. */
  value: number;
  min_subtotal_cents: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  once_per_customer: Generated<number>;
  /** JSON arrays of category and brand ids; null: every one. */
  categories: string | null;
  brands: string | null;
  active: Generated<number>;
  /** Uses held or used now (never above usage_limit: a database check). */
  taken: Generated<number>;
  created_at: string;
  updated_at: string;
}
/** One use of a code by one order: held at the PayPal order, used once paid, released otherwise. */
export interface DiscountUsesTable {
  id: string;
  discount_id: string;
  order_id: string;
  user_id: string;
  status: "held" | "used" | "released";
  amount_cents: number;
  created_at: string;
  updated_at: string;
}
export interface RefundsTable {
  id: string;
  order_id: string;
  amount_cents: number;
  status: RefundStatus;
  reason: string;
  /** 1: the refund's lines go back to stock once PayPal takes it. */
  restock: number;
  order_status_after: "cancelled" | "rejected" | null;
  by: "shopper" | "admin";
  paypal_refund_id: string | null;
  failure: string | null;
  /** 1: the owner gives the order's discount-code use back once the order is refunded in full (migration 0019). */
  release_discount_use: Generated<number>;
  /** The part of amount_cents that gave back shipping, its tax included (migration 0022). */
  shipping_cents: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A link e-mailed to a shopper: a password reset or an e-mail change (migration 0015). */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  kind: "reset" | "email";
  /** SHA-256 (hex) of the token the link carries. */
  token_hash: string;
  new_email: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A shopper's request to send units back (migration 0014). */
export interface ReturnsTable {
  id: string;
  order_id: string;
  status: "requested" | "received" | "refused";
  reason: string;
  refusal: string | null;
  /** The refund its money lines became when it was received. */
  refund_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnItemsTable {
  id: string;
  return_id: string;
  order_item_id: string;
  quantity: number;
  exchange_variant_id: string | null;
  outcome: "refunded" | "exchanged" | "refundedInstead" | null;
}

export interface RefundItemsTable {
  id: string;
  refund_id: string;
  order_item_id: string;
  quantity: number;
}

/** Colours in stock and how many variants have them (kept by triggers, migration 0008). */
/** E-mails to send (written with the change that causes them), and whether they went. */
export interface OutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  order_id: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** Due from then; while a sender holds the message, the end of its claim (migration 0018). */
  next_attempt_at: string;
  /** The sender that claimed the message last (migration 0018). */
  claimed_by: string | null;
  sent_at: string | null;
  created_at: string;
}

/** Every change of an order's status (the order's timeline). */
export interface OrderStatusHistoryTable {
  id: string;
  order_id: string;
  from_status: OrderStatus | null;
  status: OrderStatus;
  at: string;
  by: StatusChangeBy;
}

/**
 * A product's photos in its order (migration 0023): `position` 0 is the cover. Its sizes are
 * `<base>-<width>.<avif|webp|jpg>` for each of `widths` ("320,640,960"); a photo from before has
 * no base and no widths, only `src`. `product_id` is null for an upload no product took yet.
 */
export interface ProductPhotosTable {
  id: string;
  product_id: string | null;
  position: Generated<number>;
  alt: Generated<string>;
  color: string | null;
  base: string | null;
  widths: Generated<string>;
  width: Generated<number>;
  height: Generated<number>;
  src: string;
  /** Where an imported photo came from (its address, or "zip:<name>"); null when uploaded here (migration 0029). */
  source: Generated<string | null>;
  created_at: string;
}

/** Uploaded images (WebP), served at /uploads/<name>. */
export interface ImagesTable {
  name: string;
  content_type: string;
  bytes: Uint8Array;
  size: number;
  created_at: string;
}

export interface ColorCountsTable {
  /** lower(color) */
  id: string;
  name: string;
  hex: string;
  n: number;
  /** Its bit in products.color_mask; null past the first 53 colours. */
  bit: number | null;
}

/** A size and colour of a product, with its own stock (migration 0008). */
export interface ProductVariantsTable {
  id: string;
  product_id: string;
  size: string;
  /** '' when the product has no colours. */
  color: Generated<string>;
  /** "#1f2937", or '' when there is no swatch. */
  color_hex: Generated<string>;
  sku: string | null;
  stock: number;
  created_at: string;
}

/** Products per (category, brand), kept exact by triggers (migration 0007): listing totals. */
export interface ProductCountsTable {
  category: string;
  brand: string;
  n: number;
}

/** Products per category and per brand, kept exact by triggers (migration 0028): the listing's filter counts. */
export interface CategoryCountsTable {
  category: string;
  n: number;
}

export interface BrandCountsTable {
  brand: string;
  n: number;
}

/** A named job that one server process at a time may run (the payment-recovery sweep). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** A signed-in browser. `id` is the SHA-256 (hex) of the token its cookie carries. */
export interface SessionsTable {
  id: string;
  user_id: string;
  /** "Chrome on Android", as the sign-in's User-Agent said. */
  device: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A fixed-window attempt counter (sign-in limits), shared by every server process. */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch. */
  reset_at: number;
}

export interface PaypalSimOrdersTable {
  id: string;
  request_id: string | null;
  status: string;
  currency: string;
  value: string;
  return_url: string;
  cancel_url: string;
  payer_id: string | null;
  capture_id: string | null;
  capture_request_id: string | null;
  created_at: string;
}

/** What a simulated PayPal order was created with, and how its buyer approved it (migration 0013). */
export interface PaypalSimOrderDetailsTable {
  order_id: string;
  /** JSON: the create request's intent, purchase_units and experience_context. */
  request: string;
  /** 1: approved with the card that will be declined; the next capture answers INSTRUMENT_DECLINED. */
  decline_capture: Generated<number>;
  /** 1: refunds of this order's capture answer PENDING, then settle on the second read. */
  refunds_pending: Generated<number>;
  captured_at: string | null;
  updated_at: string;
}

/** A refund of a simulated PayPal capture (Payments v2). */
export interface PaypalSimRefundsTable {
  id: string;
  capture_id: string;
  order_id: string;
  request_id: string | null;
  status: "COMPLETED" | "PENDING";
  currency: string;
  value: string;
  note_to_payer: string | null;
  invoice_id: string | null;
  custom_id: string | null;
  reads: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An answer the simulator replays for a repeated PayPal-Request-Id. */
export interface PaypalSimRepliesTable {
  key: string;
  status: number;
  body: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  user_name: string;
  /** user_name in NFKC, case-folded, spaces collapsed: what makes two names the same (unique). */
  user_name_key: string;
  email: string;
  password_hash: string;
  role: Role;
  created_at: string;
  /** When the owner blocked the account (it cannot sign in), or null. */
  blocked_at: Generated<string | null>;
  /** When the shopper closed the account (name, e-mail and password erased), or null. */
  closed_at: Generated<string | null>;
  /**
   * The e-mail a guest gave at checkout (migration 0033): set only on the record a guest's checkout
   * makes, which cannot sign in (its `email` is `<id>@guest.invalid`); null on every account.
   */
  guest_email: Generated<string | null>;
}

/** A link to a guest's order page (migration 0033): the SHA-256 of its token, never the token. */
export interface OrderLinksTable {
  token_hash: string;
  order_id: string;
  created_at: string;
}

/** A link that joins the guest orders placed with `email` to the account `user_id` (migration 0033). */
export interface OrderClaimsTable {
  token_hash: string;
  user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ProductsTable {
  id: string;
  title: string;
  description: string;
  category: string;
  brand: string;
  image: string;
  /** The product's address, /shop/products/:handle (migration 0020): unique, made from the title. */
  handle: string;
  price_cents: number;
  sale_price_cents: Generated<number>;
  /** Generated by the database: sale price when above 0, else price. */
  unit_price_cents: ColumnType<number, never, never>;
  /** The sum of the variants' stock, kept by triggers (migration 0008): never written by the app. */
  stock: ColumnType<number, number | undefined, never>;
  /** Bit i set: stock in size i of the list (app/lib/variants.ts ALL_SIZES), kept by triggers. */
  size_mask: ColumnType<number, never, never>;
  /** Bit b set: stock in the colour whose color_counts.bit is b, kept by triggers. */
  color_mask: ColumnType<number, never, never>;
  /** Mean of the product's review ratings (0 when none), kept by the review service. */
  average_review: Generated<number>;
  review_count: Generated<number>;
  /** The search engines' title and description of its page ('' = made from title and description; migration 0029). */
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A cart belongs to an account or, in an open shop, to a visitor (migration 0020): one of the two. */
export interface CartsTable {
  id: string;
  user_id: string | null;
  /** The hash of the random id in a visitor's cart cookie. */
  visitor_key: string | null;
  created_at: string;
  updated_at: string;
  /** The discount code the shopper applied (migration 0017), checked again at checkout. */
  discount_code: Generated<string | null>;
  /** A visitor's address for a reminder of this cart, and 1 once they asked for one (migration 0032). */
  reminder_email: Generated<string | null>;
  reminder_opt_in: Generated<number>;
  /** When the cart's last reminder was written (migration 0032), or null. */
  reminded_at: Generated<string | null>;
  /** The guest's record a visitor's cart checked out as (migration 0033), or null. */
  guest_id: Generated<string | null>;
}

/** A reminder of a cart left behind (migration 0032); it outlives the cart. */
export interface CartRemindersTable {
  id: string;
  cart_id: string;
  /**
   * The cart's reminders counted 1, 2, ...: a new one only after a paid order placed since the last.
   * Unique with cart_id: the claim that makes it one per round, whichever process sends it.
   */
  round: number;
  /** The account's, or null for a visitor's cart. */
  user_id: string | null;
  /** Where it was sent. */
  email: string;
  /** SHA-256 (hex) of the tokens of the e-mail's links: restore the cart, stop reminders. */
  restore_hash: string;
  unsubscribe_hash: string;
  /** When it was written to the outbox (the dashboard's "sent"). */
  created_at: string;
  restored_at: string | null;
}

/** No more cart reminders for "user:<id>" or "email:<address in lower case>" (migration 0032). */
export interface CartReminderStopsTable {
  subject: string;
  created_at: string;
}

export interface CartItemsTable {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  created_at: string;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  address: string;
  city: string;
  pincode: string;
  phone: string;
  notes: string;
  /** ISO 3166-1 alpha-2 (migration 0022); null on addresses saved before: the shop's country. */
  country: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  id: string;
  /**
   * The number people read (#1001, migration 0025), given last in the transaction that places the
   * order (database/order-numbers.server.ts); null on a payment attempt that was cancelled or
   * failed, which hands its number on to the shopper's next checkout.
   */
  number: Generated<number | null>;
  user_id: string;
  cart_id: string | null;
  address_id: string | null;
  address: string;
  city: string;
  pincode: string;
  phone: string;
  notes: string;
  order_status: OrderStatus;
  payment_method: string;
  payment_status: PaymentStatus;
  total_cents: number;
  payment_id: string | null;
  payer_id: string | null;
  /** 1 while the order's quantities are taken from stock (reserved before capture). */
  stock_reserved: Generated<number>;
  capture_id: Generated<string | null>;
  /** Captures tried after a declined one (migration 0013): the PayPal-Request-Id is `capture-<id>-<n>` from 1 on. */
  capture_attempt: Generated<number>;
  /** Who works on this order's payment now (a random holder id), and until when: payment-lock.server.ts. */
  payment_lease: Generated<string | null>;
  payment_lease_until: Generated<string | null>;
  /** Every refund not failed, in cents (never above total_cents: a database check). */
  refunded_cents: Generated<number>;
  /** Who bought it, as the account said when the order was made (kept when the account closes). */
  customer_name: Generated<string | null>;
  customer_email: Generated<string | null>;
  /** The code the order was given (migration 0017) and the discount in cents; total_cents is after it. */
  discount_id: Generated<string | null>;
  discount_code: Generated<string | null>;
  discount_cents: Generated<number>;
  /** What the order cost beyond its lines (migration 0022): null and 0 on orders placed before. */
  country: Generated<string | null>;
  shipping_method: Generated<string | null>;
  shipping_estimate: Generated<string>;
  /** The shipping charged, and its tax (inside it when prices include tax, on top otherwise). */
  shipping_cents: Generated<number>;
  shipping_tax_cents: Generated<number>;
  /** Every line's tax and the shipping's. */
  tax_cents: Generated<number>;
  /** The rate used, in thousandths of a percent (lib/costs/totals.ts). */
  tax_rate: Generated<number>;
  /** 1: the prices had the tax in them; 0: it was added (and is in total_cents). */
  prices_include_tax: Generated<number>;
  /** The parcel, as the owner gave it when marking the order in shipping (migration 0026): '' when not given. */
  carrier: Generated<string>;
  tracking_number: Generated<string>;
  order_date: string;
  order_update_date: string;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  product_id: string | null;
  title: string;
  image: string;
  unit_price_cents: number;
  quantity: number;
  /** The variant bought (cleared if it is deleted) and a copy of its size, colour and SKU. */
  variant_id: string | null;
  size: Generated<string>;
  color: Generated<string>;
  sku: string | null;
  /** This line's share of the order's discount, in cents (migration 0017). */
  discount_cents: Generated<number>;
  /** This line's tax on what it cost after its discount (migration 0022). */
  tax_cents: Generated<number>;
}

export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string;
  user_name: string;
  message: string;
  rating: number;
  created_at: string;
}

export interface BannersTable {
  id: string;
  image: string;
  /** An uploaded banner's sizes (issue 42, migration 0024): `<base>-<width>.<ext>`; null and '' for one from before or a link. */
  base: ColumnType<string | null, string | null | undefined, string | null>;
  widths: ColumnType<string, string | undefined, string>;
  width: ColumnType<number, number | undefined, number>;
  height: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;

/** One upload of a product file (issue 50, migration 0029): planned (the dry run), then applied. */
export interface ImportsTable {
  id: string;
  file_name: string;
  state: "planned" | "queued" | "running" | "done" | "failed" | "discarded";
  created_by: string | null;
  /** JSON ImportSummary (app/lib/product-import.ts). */
  summary: string;
  items_total: number;
  items_done: Generated<number>;
  /** The rows of the file the plan holds, and of its items applied so far (migration 0030). */
  rows_total: Generated<number>;
  rows_done: Generated<number>;
  holder: string | null;
  lease_until: string | null;
  failure: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** One product of an import's plan, in file order (seq from 0). */
export interface ImportItemsTable {
  import_id: string;
  seq: number;
  handle: string;
  action: "create" | "update" | "unchanged";
  product_id: string | null;
  /** JSON ImportItemData (app/lib/product-import.ts). */
  data: string;
  state: Generated<"pending" | "done" | "failed">;
  /** JSON ImportProblem[]: what applying it reported. */
  problems: string | null;
}

/** A photo file a ZIP brought, kept until its import is applied. */
export interface ImportFilesTable {
  import_id: string;
  name: string;
  bytes: Uint8Array;
}

/** "E-mail me when it's back" for a sold-out variant (issue 51, migration 0031). */
export interface BackInStockTable {
  id: string;
  variant_id: string;
  /** Lowercase; a shopper's is their account's when they subscribed (the mail reads it anew). */
  email: string;
  user_id: string | null;
  /** SHA-256 of the unsubscribe link's token, written when the mail is. */
  token_hash: string | null;
  created_at: string;
  /** When it was claimed and mailed; null while it waits. */
  notified_at: string | null;
}
