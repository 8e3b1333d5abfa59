import { useLocation, useRouteError } from "react-router";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { describeRouteError } from "~/lib/route-error";
import { useShopName } from "~/lib/shop-name";

/** Where "back" leads from an error on this path: the area's home. */
function homeFor(pathname: string): { home: string; label: string } {
  if (pathname.startsWith("/admin")) return { home: "/admin/dashboard", label: "Back to the dashboard" };
  if (pathname.startsWith("/auth")) return { home: "/auth/login", label: "Back to sign in" };
  return { home: "/shop/home", label: "Back to the shop" };
}

/**
 * The error a page threw, shown where the page would have been, with a way back to the area's
 * home and, for a fault of ours, a way to try again. Every page route exports it as its
 * `ErrorBoundary`, so the layout around it (header, navigation, cart) stays; the shop, admin and
 * auth layouts export it too, for errors of their own loaders.
 */
export function RouteErrorPage() {
  const { status, title, message } = describeRouteError(useRouteError());
  const location = useLocation();
  const { home, label } = homeFor(location.pathname);
  const shopName = useShopName();
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center justify-center gap-4 px-6 py-16 text-center"
      aria-labelledby="error-title"
    >
      <title>{`${title} | ${shopName}`}</title>
      <p className="text-5xl font-extrabold text-gray-500">{status}</p>
      <h1 id="error-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p role="alert" className="text-gray-700">
        {message}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={home}>{label}</ButtonLink>
        {status >= 500 ? (
          // A plain link: a full page load asks the server again, with or without JavaScript.
          <a href={location.pathname + location.search} className={buttonClass({ variant: "outline" })}>
            Try again
          </a>
        ) : null}
      </div>
    </section>
  );
}
