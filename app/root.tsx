import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { useState } from "react";
import { getToast } from "remix-toast";
import type { Route } from "./+types/root";
import adminCss from "./admin.css?url";
import appCss from "./app.css?url";
import { ProgressBar } from "~/components/ui/progress-bar";
import { Toaster } from "~/components/ui/toaster";
import { SCRIPTS_FOLLOW, useNonce } from "~/lib/nonce";
import { LOAD_SCRIPTS_AFTER_LOAD } from "~/lib/scripts-after-load";
import { hasOwnDescription, shopDescription } from "~/lib/seo";
import { sessionMiddleware } from "~/server/accounts/session.server";
import { apiErrorsAsJson, limitBodies, privateByDefault } from "~/server/platform/middleware.server";
import { dropSharedPagesAfterOwnerWrites } from "~/server/platform/page-cache.server";
import { shopSettings } from "~/server/settings/settings.server";
import { catalogue } from "~/server/catalog/catalogue.server";
import { shopWords } from "~/server/catalog/storefront.server";

export const links: Route.LinksFunction = () => [
  // The shop's icon: the SVG for browsers that draw it, the ICO (also at /favicon.ico, where
  // crawlers and older browsers look without asking) for the others.
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Every request, page or /api: JSON for /api's unexpected failures, bounded bodies, and the session
// with its user read once (loaders, actions and guards take it from the context).
export const middleware: Route.MiddlewareFunction[] = [
  privateByDefault,
  apiErrorsAsJson,
  limitBodies,
  sessionMiddleware,
  // After the session's: it knows whether the owner asked (page-cache.server.ts).
  dropSharedPagesAfterOwnerWrites,
];

export async function loader({ request }: Route.LoaderArgs) {
  const [{ toast, headers }, { shopName, contactEmail }, snapshot] = await Promise.all([getToast(request), shopSettings(), catalogue()]);
  // Only touch the toast cookie when there was one to clear.
  const hadToastCookie = request.headers.get("Cookie")?.includes("toast-session=");
  // The shop's name and e-mail are the owner's settings (the environment's only until first saved).
  // The shop-wide description names the owner's departments and brands (the catalogue's snapshot: no query).
  const description = shopDescription(shopWords(snapshot));
  return data({ toast, shopName, contactEmail, description }, hadToastCookie ? { headers } : undefined);
}

/** The admin's layout route (routes.ts): its pages take admin.css. */
const ADMIN_LAYOUT = "routes/admin/layout";

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const matches = useMatches();
  const ownDescription = hasOwnDescription(matches);
  // One stylesheet a page: the admin's (every class of the shop and the admin) on the admin's
  // pages, the shop's (without the admin's classes) on every other. `precedence` makes React put
  // it (render-blocking) at the top of <head>, before the module preloads; without it the sheet
  // comes last and is requested after all the scripts. React never removes a sheet it has added
  // (and commits a navigation once its new sheet has loaded), so once a browser has the admin's
  // sheet every later page keeps it: app.css added after it would undo the admin's own order (a
  // plain class of app.css would then win over a wide screen's class only admin.css has).
  const admin = matches.some((match) => match.id === ADMIN_LAYOUT);
  const [adminSheetAdded, setAdminSheetAdded] = useState(false);
  if (admin && !adminSheetAdded) setAdminSheetAdded(true);
  const stylesheet = admin || adminSheetAdded ? adminCss : appCss;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* One description for the whole shop; a route whose `meta` writes its own (a category's
            listing, a product page) says so in its handle, and this one is left out. */}
        {ownDescription || !rootData ? null : <meta name="description" content={rootData.description} />}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">
        <ProgressBar />
        {children}
        <Toaster toast={rootData?.toast} />
        {/* Only the scripts after this mark are allowed by hash on a page shared caches keep. */}
        <template id={SCRIPTS_FOLLOW} />
        <ScrollRestoration nonce={nonce} />
        {/* Starts the modules <Scripts> asks for once the page has loaded (decision 0059). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOAD_SCRIPTS_AFTER_LOAD }} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Something went wrong.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    detail = error.statusText || `${error.status}`;
    // A 4xx thrown with a message (an unreadable form, say) shows that message.
    if (typeof error.data === "string" && error.data) detail = `${error.status} ${error.data}`;
  } else if (error instanceof Error) {
    detail = error.message;
    if (import.meta.env.DEV) stack = error.stack;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>Unexpected Application Error!</title>
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-gray-700">{detail}</p>
      {stack ? <pre className="w-full overflow-auto rounded bg-gray-100 p-4 text-left text-xs">{stack}</pre> : null}
      <a href="/" className="text-blue-700 underline">
        Go to the home page
      </a>
    </main>
  );
}
