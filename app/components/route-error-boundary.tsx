import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { RouteErrorPage } from "./route-error-page";

/**
 * Every page's and layout's `ErrorBoundary` (route-error-page.tsx shows the error). A page that
 * fails on the server arrives with it rendered; in the browser its code loads only when an error
 * is shown, not with every page.
 */
export const RouteErrorBoundary = import.meta.env.SSR
  ? serverOverlay(RouteErrorPage)
  : lazyOverlay(() => import("./route-error-page").then((m) => m.RouteErrorPage));
