import type { ReactNode } from "react";
import { Form, Link, Outlet, useRouteLoaderData } from "react-router";
import { AdminNav } from "~/components/admin/sidebar";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { DisclosureMenu } from "~/components/ui/disclosure-menu";
import { signedInUser, requireArea } from "~/server/accounts/session.server";
import type { Route } from "./+types/layout";

/** Every admin page and form: a signed-in admin, else the access rules' redirect. */
export const middleware: Route.MiddlewareFunction[] = [requireArea("admin")];

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return { user };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell userName={loaderData.user.userName}>
      <Outlet />
    </AdminShell>
  );
}

/** An error of this layout's own loader (pages show theirs inside the shell): the sidebar without the user. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <AdminShell userName={data?.user.userName}>
      <RouteErrorBoundary />
    </AdminShell>
  );
}

function AdminShell({ userName, children }: { userName: string | undefined; children: ReactNode }) {
  return (
    <div className="flex min-h-screen w-full">
      <aside className="hidden w-64 shrink-0 flex-col border-r border-gray-200 bg-white p-6 lg:flex">
        <Link to="/admin/dashboard" className="mb-8 flex items-center gap-2 text-xl font-extrabold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Admin Panel
        </Link>
        <nav aria-label="Admin">
          <AdminNav />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-2 border-b border-gray-200 bg-white px-4 py-3">
          {/* On small screens the sidebar is a drawer (a <details>, so it opens without JavaScript). */}
          <DisclosureMenu className="relative lg:hidden">
            <summary className={buttonClass({ variant: "outline", size: "md" }, "cursor-pointer")} aria-label="Open admin menu">
              Menu
            </summary>
            <nav
              aria-label="Admin menu"
              className="fixed bottom-0 left-0 top-16 z-50 w-64 overflow-y-auto border-r border-gray-200 bg-white p-4 shadow-xl"
            >
              <p className="mb-3 font-extrabold">Admin Panel</p>
              <AdminNav />
            </nav>
          </DisclosureMenu>
          {userName ? <p className="hidden truncate text-sm text-gray-600 sm:block">Signed in as {userName}</p> : null}
          <ButtonLink to="/admin/storefront" variant="outline" className="ml-auto">
            View shop
          </ButtonLink>
          <Form method="post" action="/auth/logout">
            <button type="submit" className={buttonClass({ size: "md" })}>
              Logout
            </button>
          </Form>
        </header>
        <main id="main" className="flex-1 bg-gray-50 p-4 sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
