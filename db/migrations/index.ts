import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_search_and_ratings";
import * as m0003 from "./0003_payments";
import * as m0004 from "./0004_user_name_key";
import * as m0005 from "./0005_sessions_and_limits";
import * as m0006 from "./0006_payment_leases";
import * as m0007 from "./0007_product_counts";
import * as m0008 from "./0008_variants";
import * as m0009 from "./0009_images";
import * as m0010 from "./0010_order_timeline";
import * as m0011 from "./0011_outbox";
import * as m0012 from "./0012_refunds";
import * as m0013 from "./0013_paypal_behaviour";
import * as m0014 from "./0014_returns";
import * as m0015 from "./0015_account_tokens";
import * as m0016 from "./0016_account_states";
import * as m0017 from "./0017_discounts";
import * as m0018 from "./0018_outbox_claims";
import * as m0019 from "./0019_refund_releases_use";
import * as m0020 from "./0020_product_pages";
import * as m0021 from "./0021_sitemap_lastmod";
import * as m0022 from "./0022_shipping_and_tax";
import * as m0023 from "./0023_product_photos";
import * as m0024 from "./0024_banner_sizes";
import * as m0025 from "./0025_order_numbers";
import * as m0026 from "./0026_order_tracking";
import * as m0027 from "./0027_catalogue";
import * as m0028 from "./0028_catalogue_counts";
import * as m0029 from "./0029_product_import";
import * as m0030 from "./0030_import_rows";
import * as m0031 from "./0031_back_in_stock";
import * as m0032 from "./0032_cart_reminders";
import * as m0033 from "./0033_guest_checkout";

/** Every migration, in order. Listed statically so they are bundled into the server build. */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_search_and_ratings": m0002,
  "0003_payments": m0003,
  "0004_user_name_key": m0004,
  "0005_sessions_and_limits": m0005,
  "0006_payment_leases": m0006,
  "0007_product_counts": m0007,
  "0008_variants": m0008,
  "0009_images": m0009,
  "0010_order_timeline": m0010,
  "0011_outbox": m0011,
  "0012_refunds": m0012,
  "0013_paypal_behaviour": m0013,
  "0014_returns": m0014,
  "0015_account_tokens": m0015,
  "0016_account_states": m0016,
  "0017_discounts": m0017,
  "0018_outbox_claims": m0018,
  "0019_refund_releases_use": m0019,
  "0020_product_pages": m0020,
  "0021_sitemap_lastmod": m0021,
  "0022_shipping_and_tax": m0022,
  "0023_product_photos": m0023,
  "0024_banner_sizes": m0024,
  "0025_order_numbers": m0025,
  "0026_order_tracking": m0026,
  "0027_catalogue": m0027,
  "0028_catalogue_counts": m0028,
  "0029_product_import": m0029,
  "0030_import_rows": m0030,
  "0031_back_in_stock": m0031,
  "0032_cart_reminders": m0032,
  "0033_guest_checkout": m0033,
};
