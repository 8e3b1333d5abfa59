import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { useShopName } from "~/lib/shop-name";
import { accessRules } from "~/server/accounts/session.server";
import type { Route } from "./+types/layout";

// A signed-in visitor on login or register goes to their home.
/** Signed-in users are sent home from the sign-in and register pages (and their forms). */
export const middleware: Route.MiddlewareFunction[] = [accessRules];

export async function loader() {
  return null;
}

export default function AuthLayout() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  );
}

/** An error of this layout's own loader, in the same two columns (pages show theirs in the card). */
export function ErrorBoundary() {
  return (
    <AuthShell>
      <RouteErrorBoundary />
    </AuthShell>
  );
}

function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen w-full">
      <aside className="hidden w-1/2 items-center justify-center bg-gray-900 px-12 lg:flex">
        <div className="max-w-md space-y-6 text-center text-white">
          <h1 className="text-4xl font-extrabold tracking-tight">Welcome to ECommerce Shopping</h1>
          <p className="text-lg text-gray-300">Sign in to access the best shopping experience online.</p>
        </div>
      </aside>
      <main className="flex flex-1 flex-col items-center justify-center gap-6 bg-gray-50 px-4 py-12 sm:px-6 lg:px-8">
        <ShopMark />
        <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}

/** The shop's logo and name above the card, on every screen (the left panel shows on large ones only). */
function ShopMark() {
  return (
    <p className="flex max-w-md items-center gap-2 text-2xl font-extrabold tracking-tight" data-testid="shop-name">
      <img src="/favicon.svg" alt="" width={36} height={36} />
      <span className="min-w-0 break-words">{useShopName()}</span>
    </p>
  );
}
