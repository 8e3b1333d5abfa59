import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Mirrors SPEC section 2, "Screens and routes".
export default [
  index("routes/index.tsx"),
  layout("routes/auth/layout.tsx", [
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/register", "routes/auth/register.tsx"),
    route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
    route("auth/reset-password", "routes/auth/reset-password.tsx"),
    route("auth/confirm-email", "routes/auth/confirm-email.tsx"),
    // The link that adds orders placed as a guest to the account with that address (issue 51).
    route("auth/claim-orders", "routes/auth/claim-orders.tsx"),
    // The back-in-stock e-mail's unsubscribe link (issue 51): for anyone holding it.
    route("back-in-stock/unsubscribe", "routes/back-in-stock-unsubscribe.tsx"),
    // The links of a cart reminder's e-mail (issue 51): back to the cart, and stop reminders.
    route("reminders/cart/:token", "routes/reminders/cart.tsx"),
    route("reminders/unsubscribe/:token", "routes/reminders/unsubscribe.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.tsx"),
  layout("routes/shop/layout.tsx", [
    // Pages with the product details dialog (?product=): its data has a route of its own.
    layout("routes/shop/product-dialog.tsx", [
      route("shop/home", "routes/shop/home.tsx"),
      route("shop/listing", "routes/shop/listing.tsx"),
      route("shop/search", "routes/shop/search.tsx"),
      route("shop/collections/:handle", "routes/shop/collection.tsx"),
    ]),
    route("shop/checkout", "routes/shop/checkout.tsx"),
    route("shop/account", "routes/shop/account.tsx"),
    // An order's printable receipt (its owner's only).
    route("shop/account/orders/:id/receipt", "routes/shop/receipt.tsx"),
    route("shop/paypal-return", "routes/shop/paypal-return.tsx"),
    route("shop/payment-success", "routes/shop/payment-success.tsx"),
    route("shop/cart", "routes/shop/cart.tsx"),
    route("shop/products/:handle", "routes/shop/product.tsx"),
    // A guest's order (issue 51): the look-up that e-mails its link, then the page the link opens
    // (the static path first: ":token" would match "lookup" too).
    route("shop/orders/lookup", "routes/shop/order-lookup.tsx"),
    route("shop/orders/:token", "routes/shop/guest-order.tsx"),
    route("shop/*", "routes/shop/not-found.tsx"),
  ]),
  route("newsletter", "routes/newsletter.tsx"),
  // "Download my data" (a resource route: the file, no page around it).
  route("shop/account/data.json", "routes/shop/account-data.ts"),
  // The owner's CSV downloads (resource routes: no page around them).
  route("admin/orders/export.csv", "routes/admin/orders-export.ts"),
  route("admin/products/export.csv", "routes/admin/products-export.ts"),
  // Issue 50: the products in Shopify's product CSV (all, or the list's filter).
  route("admin/products/export", "routes/admin/products-shopify-export.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/features", "routes/admin/dashboard.tsx", { id: "routes/admin/features" }),
    route("admin/products", "routes/admin/products.tsx"),
    route("admin/products/import/:id?", "routes/admin/product-import.tsx"),
    route("admin/products/bulk", "routes/admin/products-bulk.tsx"),
    route("admin/products/:id/photos", "routes/admin/product-photos.tsx"),
    route("admin/products/:id/preview", "routes/admin/product-preview.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
    route("admin/mail", "routes/admin/mail.tsx"),
    route("admin/customers", "routes/admin/customers.tsx"),
    route("admin/customers/:id", "routes/admin/customer.tsx"),
    route("admin/discounts", "routes/admin/discounts.tsx"),
    route("admin/catalogue", "routes/admin/catalogue.tsx"),
    route("admin/storefront", "routes/admin/storefront.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
  ]),
  route("unauth-page", "routes/unauth-page.tsx"),
  ...prefix("api/auth", [
    route("register", "routes/api/auth.register.ts"),
    route("login", "routes/api/auth.login.ts"),
    route("logout", "routes/api/auth.logout.ts"),
    route("check-auth", "routes/api/auth.check-auth.ts"),
    route("forgot-password", "routes/api/auth.forgot-password.ts"),
    route("reset-password", "routes/api/auth.reset-password.ts"),
  ]),
  ...prefix("api/shop", [
    route("products/get", "routes/api/shop.products.get.ts"),
    route("products/get/:id", "routes/api/shop.products.get-one.ts"),
    route("search/:keyword", "routes/api/shop.search.ts"),
    route("review/add", "routes/api/shop.review.add.ts"),
    route("review/:productId", "routes/api/shop.review.list.ts"),
    route("cart/add", "routes/api/shop.cart.add.ts"),
    route("cart/get/:userId", "routes/api/shop.cart.get.ts"),
    route("cart/update-cart", "routes/api/shop.cart.update.ts"),
    route("cart/discount", "routes/api/shop.cart.discount.ts"),
    route("cart/:userId/:productId", "routes/api/shop.cart.delete.ts"),
    route("address/get/:userId", "routes/api/shop.address.get.ts"),
    route("address/add", "routes/api/shop.address.add.ts"),
    route("address/update/:userId/:addressId", "routes/api/shop.address.update.ts"),
    route("address/delete/:userId/:addressId", "routes/api/shop.address.delete.ts"),
    route("order/create", "routes/api/shop.order.create.ts"),
    route("order/capture", "routes/api/shop.order.capture.ts"),
    route("order/list/:userId", "routes/api/shop.order.list.ts"),
    route("order/details/:orderId", "routes/api/shop.order.details.ts"),
    route("order/cancel/:id", "routes/api/shop.order.cancel.ts"),
    route("order/return/:id", "routes/api/shop.order.return.ts"),
    // Checkout without an account (issue 51), from the visitor's cart.
    route("checkout/guest", "routes/api/shop.checkout.guest.ts"),
    // The owner's catalogue (issue 49).
    route("categories", "routes/api/shop.categories.ts"),
    route("brands", "routes/api/shop.brands.ts"),
    route("collections", "routes/api/shop.collections.ts"),
    route("collections/:handle", "routes/api/shop.collections.handle.ts"),
    // "E-mail me when it's back" (issue 51).
    route("back-in-stock", "routes/api/shop.back-in-stock.ts"),
    route("back-in-stock/unsubscribe", "routes/api/shop.back-in-stock.unsubscribe.ts"),
    // A guest's order (issue 51): e-mails a new link to its page.
    route("orders/lookup", "routes/api/shop.orders.lookup.ts"),
  ]),
  ...prefix("api/admin/products", [
    route("upload-image", "routes/api/admin.products.upload-image.ts"),
    route("get", "routes/api/admin.products.get.ts"),
    route("add", "routes/api/admin.products.add.ts"),
    route("edit/:id", "routes/api/admin.products.edit.ts"),
    route("delete/:id", "routes/api/admin.products.delete.ts"),
    // Importing products (issue 50): before ":id/photos", which "import/photos" would match too.
    route("import", "routes/api/admin.products.import.ts"),
    route("import/:id", "routes/api/admin.products.import.id.ts"),
    route("import/:id/start", "routes/api/admin.products.import.change.ts", { id: "routes/api/admin.products.import.start" }),
    route("import/:id/discard", "routes/api/admin.products.import.change.ts", { id: "routes/api/admin.products.import.discard" }),
    // Issue 50: Shopify's product CSV (all, or ?q=&category=&brand=).
    route("export", "routes/api/admin.products.export.ts"),
    // Many products changed at once (issue 50).
    route("bulk", "routes/api/admin.products.bulk.ts"),
    // A product's photos (issue 42).
    route(":id/photos", "routes/api/admin.products.photos.ts"),
    route(":id/photos/order", "routes/api/admin.products.photos.order.ts"),
    route(":id/photos/:photoId", "routes/api/admin.products.photos.photo.ts"),
  ]),
  ...prefix("api/admin/orders", [
    route("get", "routes/api/admin.orders.get.ts"),
    route("details/:id", "routes/api/admin.orders.details.ts"),
    route("update/:id", "routes/api/admin.orders.update.ts"),
    route("refund/:id", "routes/api/admin.orders.refund.ts"),
    route("refund-shipping/:id", "routes/api/admin.orders.refund-shipping.ts"),
    route("returns/:id/:decision", "routes/api/admin.orders.returns.ts"),
  ]),
  ...prefix("api/admin/customers", [
    route("get", "routes/api/admin.customers.get.ts"),
    route("details/:id", "routes/api/admin.customers.details.ts"),
    route(":change/:id", "routes/api/admin.customers.access.ts"),
  ]),
  ...prefix("api/admin/discounts", [
    route("get", "routes/api/admin.discounts.get.ts"),
    route("add", "routes/api/admin.discounts.add.ts"),
    route("edit/:id", "routes/api/admin.discounts.edit.ts"),
  ]),
  route("api/admin/settings", "routes/api/admin.settings.ts"),
  // The owner's catalogue (issue 49): list and add, then read, change and delete one.
  ...prefix("api/admin", [
    route("categories", "routes/api/admin.categories.ts"),
    route("categories/:id", "routes/api/admin.categories.id.ts"),
    route("brands", "routes/api/admin.brands.ts"),
    route("brands/:id", "routes/api/admin.brands.id.ts"),
    route("collections", "routes/api/admin.collections.ts"),
    route("collections/:id", "routes/api/admin.collections.id.ts"),
  ]),
  route("api/common/feature/get", "routes/api/common.feature.get.ts"),
  route("api/common/feature/add", "routes/api/common.feature.add.ts"),
  route("api/*", "routes/api/not-found.ts"),
  route("uploads/:name", "routes/uploads.ts"),
  route("healthz", "routes/healthz.ts"),
  // For search engines (decision 0052): what they may read, and the sitemap of an open shop.
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap-index.ts"),
  route("sitemap/pages.xml", "routes/seo/sitemap-pages.ts"),
  route("sitemap/products/:page.xml", "routes/seo/sitemap-products.ts"),
  route("paypal-sim/checkoutnow", "routes/paypal-sim/checkoutnow.tsx"),
  route("paypal-sim/*", "routes/paypal-sim/api.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
