import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Mirrors SPEC section 2, "Screens and routes".
export default [
  index("routes/index.tsx"),
  layout("routes/auth/layout.tsx", [
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/register", "routes/auth/register.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.tsx"),
  layout("routes/shop/layout.tsx", [
    route("shop/home", "routes/shop/home.tsx"),
    route("shop/listing", "routes/shop/listing.tsx"),
    route("shop/checkout", "routes/shop/checkout.tsx"),
    route("shop/account", "routes/shop/account.tsx"),
    route("shop/paypal-return", "routes/shop/paypal-return.tsx"),
    route("shop/payment-success", "routes/shop/payment-success.tsx"),
    route("shop/search", "routes/shop/search.tsx"),
    route("shop/cart", "routes/shop/cart.tsx"),
    route("shop/*", "routes/shop/not-found.tsx"),
  ]),
  route("newsletter", "routes/newsletter.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/features", "routes/admin/dashboard.tsx", { id: "routes/admin/features" }),
    route("admin/products", "routes/admin/products.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
  ]),
  route("unauth-page", "routes/unauth-page.tsx"),
  ...prefix("api/auth", [
    route("register", "routes/api/auth.register.ts"),
    route("login", "routes/api/auth.login.ts"),
    route("logout", "routes/api/auth.logout.ts"),
    route("check-auth", "routes/api/auth.check-auth.ts"),
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
    route("cart/:userId/:productId", "routes/api/shop.cart.delete.ts"),
    route("address/*", "routes/api/shop.address.ts"),
    route("order/*", "routes/api/shop.order.ts"),
  ]),
  route("api/common/feature/get", "routes/api/common.feature.get.ts"),
  route("api/*", "routes/api/not-found.ts"),
  route("paypal-sim/checkoutnow", "routes/paypal-sim/checkoutnow.tsx"),
  route("paypal-sim/*", "routes/paypal-sim/api.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
