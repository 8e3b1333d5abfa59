import { Form, Link, useLocation } from "react-router";
import { listingPathOf } from "~/lib/catalogue";
import type { NamedLink } from "~/lib/storefront";
import { inputClass } from "~/components/ui/input-class";
import { buttonClass } from "~/components/ui/button";
import { useShopEmail, useShopName } from "~/lib/shop-name";

/** `categories`: the owner's top categories (the layout's menu). */
export function ShopFooter({ categories }: { categories: NamedLink[] }) {
  const location = useLocation();
  const shopName = useShopName();
  const email = useShopEmail();
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <section aria-labelledby="footer-newsletter" className="space-y-3 md:col-span-1">
          <h2 id="footer-newsletter" className="font-semibold">
            Newsletter
          </h2>
          <p className="text-sm text-gray-600">New arrivals and offers, once a month.</p>
          <Form method="post" action="/newsletter" className="flex gap-2">
            <input type="hidden" name="returnTo" value={location.pathname + location.search} />
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <input id="newsletter-email" name="email" type="email" required placeholder="Your email" className={inputClass} />
            <button type="submit" className={buttonClass({ size: "md" })}>
              Subscribe
            </button>
          </Form>
        </section>
        <nav aria-labelledby="footer-quick" className="space-y-3">
          <h2 id="footer-quick" className="font-semibold">
            Quick Links
          </h2>
          <ul className="space-y-1 text-sm text-gray-700">
            <li>
              <Link className="hover:underline" to="/shop/home">
                Home
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/shop/listing">
                Products
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/shop/account">
                My Account
              </Link>
            </li>
            <li>
              {/* For a guest who lost the e-mail with their order's link (issue 51). */}
              <Link className="hover:underline" to="/shop/orders/lookup">
                Find your order
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories" className="space-y-3">
          <h2 id="footer-categories" className="font-semibold">
            Categories
          </h2>
          <ul className="space-y-1 text-sm text-gray-700">
            {categories.map((c) => (
              <li key={c.handle}>
                <Link className="hover:underline" to={listingPathOf("category", c.handle)}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact" className="space-y-3">
          <h2 id="footer-contact" className="font-semibold text-gray-900">
            Contact
          </h2>
          <address className="text-sm not-italic text-gray-700">
            Customer service: Monday to Friday, 9:00 to 17:00
            {email ? (
              <>
                <br />
                <a className="underline" href={`mailto:${email}`}>
                  {email}
                </a>
              </>
            ) : null}
          </address>
        </section>
      </div>
      <p className="border-t border-gray-200 py-4 text-center text-xs text-gray-600">
        © {new Date().getFullYear()} {shopName}. All rights reserved.
      </p>
    </footer>
  );
}
