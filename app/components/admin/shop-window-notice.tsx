import { Link } from "react-router";
import { cn } from "~/lib/cn";

/** Where the settings page keeps "Visitors can browse without an account" (its Shop window section). */
export const SHOP_WINDOW_HREF = "/admin/settings#shop-window";

/**
 * The dashboard's line about the shop window: closed, a visitor who opens a shared link is asked to
 * sign in, which an owner who forgot the setting would not guess; the setting is one click away.
 */
export function ShopWindowNotice({ open }: { open: boolean }) {
  return (
    <section
      aria-labelledby="shop-window-title"
      data-testid="shop-window"
      className={cn(
        "flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between",
        open ? "border-gray-200 bg-white" : "border-amber-300 bg-amber-50",
      )}
    >
      <div className="min-w-0 space-y-1">
        <h2 id="shop-window-title" className="font-semibold">
          {open ? "Your shop is open to visitors" : "Your shop is closed to visitors"}
        </h2>
        <p className="text-sm text-gray-700">
          {open
            ? "Anyone can browse your catalogue and fill a cart; checkout asks them to sign in."
            : "Only signed-in shoppers see it: a visitor who opens a link to your shop is asked to sign in or register first."}
        </p>
      </div>
      <Link
        to={SHOP_WINDOW_HREF}
        className="shrink-0 text-sm font-medium text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {open ? "Change in Settings" : "Open it to visitors in Settings"}
      </Link>
    </section>
  );
}
