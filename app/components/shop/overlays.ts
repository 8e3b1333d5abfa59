import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { CartSheet } from "./cart-sheet";
import { ProductDetailsDialog } from "./product-dialog";

// The product details dialog (`?product=`) and the cart sheet (`?cart=open`) open after a click,
// so the browser loads their code then (or on hover), not with every shop page.

export const ProductDialogOverlay = import.meta.env.SSR
  ? serverOverlay(ProductDetailsDialog)
  : lazyOverlay(() => import("./product-dialog").then((m) => m.ProductDetailsDialog));

export const CartSheetOverlay = import.meta.env.SSR
  ? serverOverlay(CartSheet)
  : lazyOverlay(() => import("./cart-sheet").then((m) => m.CartSheet));
