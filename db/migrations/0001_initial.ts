import { sql, type Kysely } from "kysely";

// Lists are written out (not imported) so this migration never changes after it has run.
const categories = sql.raw("'men','women','kids','accessories','footwear'");
const brands = sql.raw("'nike','adidas','puma','levi','zara','h&m'");
const orderStatuses = sql.raw("'pending','inProcess','inShipping','delivered','confirmed','rejected'");
const paymentStatuses = sql.raw("'pending','paid','failed','cancelled'");

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_name", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("users_role_check", sql`role in ('admin', 'user')`)
    .addCheckConstraint("users_user_name_length", sql`length(user_name) between 2 and 40`)
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("sale_price_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unit_price_cents", "integer", (c) =>
      c.generatedAlwaysAs(sql`case when sale_price_cents > 0 then sale_price_cents else price_cents end`).stored(),
    )
    .addColumn("stock", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("products_category_check", sql`category in (${categories})`)
    .addCheckConstraint("products_brand_check", sql`brand in (${brands})`)
    .addCheckConstraint("products_price_check", sql`price_cents > 0`)
    .addCheckConstraint("products_sale_price_check", sql`sale_price_cents >= 0 and sale_price_cents < price_cents`)
    .addCheckConstraint("products_stock_check", sql`stock >= 0`)
    .execute();
  // Ordered scans for the listing carry the filter columns, so filtering needs no table lookups;
  // the (category, brand) and (brand) indexes answer counts and narrow filters.
  await db.schema.createIndex("products_unit_price_idx").on("products").columns(["unit_price_cents", "id", "category", "brand"]).execute();
  await db.schema.createIndex("products_title_idx").on("products").columns(["title", "id", "category", "brand"]).execute();
  await db.schema.createIndex("products_category_brand_idx").on("products").columns(["category", "brand"]).execute();
  await db.schema.createIndex("products_brand_idx").on("products").column("brand").execute();

  await db.schema
    .createTable("carts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("cart_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    // A deleted product disappears from carts.
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("cart_items_quantity_check", sql`quantity > 0`)
    .addUniqueConstraint("cart_items_cart_product_unique", ["cart_id", "product_id"])
    .execute();
  await db.schema.createIndex("cart_items_product_idx").on("cart_items").column("product_id").execute();

  await db.schema
    .createTable("addresses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("pincode", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("addresses_user_idx").on("addresses").column("user_id").execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("cart_id", "text")
    // Snapshot of the shipping address: editing or deleting the saved address keeps the order intact.
    .addColumn("address_id", "text")
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("pincode", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("order_status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("payment_method", "text", (c) => c.notNull())
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.unique())
    .addColumn("payer_id", "text")
    .addColumn("order_date", "text", (c) => c.notNull())
    .addColumn("order_update_date", "text", (c) => c.notNull())
    .addCheckConstraint("orders_status_check", sql`order_status in (${orderStatuses})`)
    .addCheckConstraint("orders_payment_status_check", sql`payment_status in (${paymentStatuses})`)
    .addCheckConstraint("orders_total_check", sql`total_cents >= 0`)
    .execute();
  await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "order_date"]).execute();
  await db.schema.createIndex("orders_date_idx").on("orders").column("order_date").execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    // Deleting a product keeps past orders: the snapshot stays, the link is cleared.
    .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addCheckConstraint("order_items_quantity_check", sql`quantity > 0`)
    .addCheckConstraint("order_items_price_check", sql`unit_price_cents >= 0`)
    .execute();
  await db.schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();
  await db.schema.createIndex("order_items_product_idx").on("order_items").column("product_id").execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("reviews_rating_check", sql`rating between 1 and 5`)
    .addUniqueConstraint("reviews_product_user_unique", ["product_id", "user_id"])
    .execute();

  await db.schema
    .createTable("banners")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["banners", "reviews", "order_items", "orders", "addresses", "cart_items", "carts", "products", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
