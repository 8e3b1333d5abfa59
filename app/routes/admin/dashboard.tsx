import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { BannerCarousel } from "~/components/shop/banner-carousel";
import { Button, buttonClass } from "~/components/ui/button";
import { CloseLink, Modal } from "~/components/ui/modal";
import { fileInputClass } from "~/components/ui/input-class";
import { ErrorList, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { FALLBACK_BANNERS, MAX_UPLOAD_FORM_BYTES, UPLOAD_ROUTE_HANDLE } from "~/lib/constants";
import { controlProps, formProps, useServerForm } from "~/lib/form";
import { BANNER_URL_FIELDS } from "~/lib/form-fields";
import { BannerUrlSchema, IdSchema } from "~/lib/schemas";
import { withParam } from "~/lib/url";
import { addBanner, deleteBanner, listBanners, type Banner } from "~/server/admin/banners.server";
import { lowStockVariants, type LowStockVariant } from "~/server/admin/products.server";
import { shopNumbers } from "~/server/admin/stats.server";
import { ShopNumbersPanel } from "~/components/admin/shop-numbers";
import { variantLabel } from "~/lib/variants";

/** A size or colour at or below this many is "low stock" on the dashboard. */
const LOW_STOCK_VARIANT = 3;
import { parseFormWith, readUploadForm } from "~/server/platform/form.server";
import { storeImage } from "~/server/admin/uploads.server";
import type { Route } from "./+types/dashboard";
import { BANNER_ADDED, BANNER_DELETED, BANNER_FAILED } from "~/lib/messages/admin";
import { pageTitle } from "~/lib/shop-name";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Dashboard · Admin", matches) }];
export const handle = UPLOAD_ROUTE_HANDLE;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = params.get("tab") === "local" ? "local" : "upload";
  const [banners, lowStock, numbers] = await Promise.all([listBanners(), lowStockVariants(LOW_STOCK_VARIANT), shopNumbers()]);
  // `?delete=<id>` asks to confirm deleting that banner (a dialog that works without JavaScript).
  const deleting = banners.find((b) => b.id === params.get("delete")) ?? null;
  return { banners, tab, deleting, lowStock, numbers };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  url.searchParams.delete("delete");
  const back = url.pathname + url.search;
  const formData = await readUploadForm(request, MAX_UPLOAD_FORM_BYTES);
  if (!formData) return redirectWithError(back, "File too large: Image size should be less than 5MB");
  const intent = formData.get("intent");
  if (intent === "delete") {
    const id = IdSchema.safeParse(formData.get("bannerId"));
    return id.success && (await deleteBanner(id.data))
      ? redirectWithSuccess(back, BANNER_DELETED)
      : redirectWithError(back, "Banner not found");
  }
  if (intent === "upload") {
    const file = formData.get("bannerFile");
    if (!(file instanceof File) || file.size === 0) return redirectWithError(back, "Please choose an image file");
    const stored = await storeImage(new Uint8Array(await file.arrayBuffer()), { maxWidth: 1920, maxHeight: 1080 });
    if (!stored.ok) return redirectWithError(back, `${BANNER_FAILED}: ${stored.message}. ${stored.detail}`);
    await addBanner(stored.url);
    return redirectWithSuccess(back, BANNER_ADDED);
  }
  const submission = parseFormWith(formData, BannerUrlSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await addBanner(submission.value.image);
  return redirectWithSuccess(back, BANNER_ADDED);
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { banners, tab, deleting, lowStock, numbers } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const [form, fields] = useServerForm({ fields: BANNER_URL_FIELDS, lastResult: actionData });
  const slides = banners.length ? banners.map((b) => ({ image: b.image })) : FALLBACK_BANNERS.map((b) => ({ ...b }));
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "upload";
  // A banner added (or deleted) remounts the add forms: with JavaScript the chosen file and the typed
  // URL are cleared, so a second click cannot add the same banner twice. A refused URL keeps its text.
  const formsKey = banners.map((b) => b.id).join(",");
  return (
    <div className="space-y-6">
      <ShopNumbersPanel numbers={numbers} />
      <LowStock low={lowStock} />
      <h1 className="text-2xl font-extrabold">Homepage Banners</h1>
      <section aria-labelledby="add-banner" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="add-banner" className="text-lg font-bold">
          Add a banner
        </h2>
        <Form method="post" {...formProps(form)} key={`url-${formsKey}`} className="space-y-1">
          <label htmlFor={fields.image.id} className="block text-sm font-medium text-gray-800">
            Image URL
          </label>
          <div className="flex flex-wrap items-start gap-2">
            <input
              type="url"
              {...controlProps(fields.image)}
              placeholder="https://…/banner.jpg"
              className={cn(inputClass, "min-w-0 flex-1 basis-48")}
            />
            <Button type="submit" name="intent" value="url">
              Add Banner
            </Button>
          </div>
          <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
        </Form>
        <nav aria-label="Banner source" className="flex gap-2 border-b border-gray-200">
          {(["upload", "local"] as const).map((t) => (
            <Link
              key={t}
              to={t === "upload" ? location.pathname : `${location.pathname}?tab=local`}
              aria-current={tab === t ? "page" : undefined}
              className={cn(
                "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
                tab === t ? "border-gray-900" : "border-transparent text-gray-600",
              )}
            >
              {t === "upload" ? "Upload" : "Local"}
            </Link>
          ))}
        </nav>
        {tab === "upload" ? (
          <Form method="post" encType="multipart/form-data" key={`upload-${formsKey}`} className="space-y-1">
            <label htmlFor="bannerFile" className="block text-sm font-medium text-gray-800">
              Banner image
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id="bannerFile"
                name="bannerFile"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/*"
                required
                aria-describedby="bannerFile-hint"
                className={cn(fileInputClass, "min-w-0 flex-1 basis-48")}
              />
              <Button type="submit" name="intent" value="upload" disabled={uploading}>
                {uploading ? "Uploading…" : "Upload Banner"}
              </Button>
            </div>
            <p id="bannerFile-hint" className="text-xs text-gray-600">
              JPEG, PNG or WebP, up to 5MB; 1920x600 works best.
            </p>
          </Form>
        ) : (
          <div className="space-y-2 text-sm text-gray-700">
            <p>
              When no banners exist, the home page shows the four built-in banners: Summer Collection, New Arrivals, Exclusive Deals and
              Season's Essentials.
            </p>
            <Button variant="outline" disabled={banners.length > 0}>
              Using local banner images
            </Button>
          </div>
        )}
      </section>

      <section aria-labelledby="current-banners" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="current-banners" className="text-lg font-bold">
          Current banners
        </h2>
        {banners.length ? (
          <p className="text-sm text-gray-700">{banners.length} banner(s) available</p>
        ) : (
          <p className="text-sm text-gray-700" data-testid="built-in-banners">
            No banners added yet. The home page shows the {FALLBACK_BANNERS.length} built-in banners (
            {FALLBACK_BANNERS.map((b) => b.title).join(", ")}) until you add one; adding a banner replaces all of them.
          </p>
        )}
        {banners.length ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {banners.map((b, i) => (
              <li key={b.id} className="overflow-hidden rounded-md border border-gray-200">
                <img src={b.image} alt={`Banner ${i + 1}`} className="h-28 w-full bg-gray-100 object-cover" loading="lazy" />
                <div className="p-2 text-right">
                  <Link
                    to={withParam(location, "delete", b.id)}
                    preventScrollReset
                    className={buttonClass({ variant: "destructive", size: "sm" })}
                    aria-label={`Delete banner ${i + 1}`}
                  >
                    Delete
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="preview" className="space-y-3">
        <h2 id="preview" className="text-lg font-bold">
          {banners.length ? "Preview" : "Preview: the built-in banners"}
        </h2>
        <BannerCarousel slides={slides} label="Banner preview" idPrefix="preview" />
        <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>Recommended size: 1920x600 pixels.</li>
          <li>Uploaded images are resized and converted to WebP; JPEG, PNG or WebP up to 5MB.</li>
          <li>Keep the important part of the picture in the centre: small screens crop the sides.</li>
        </ul>
      </section>
      {deleting ? <DeleteBannerDialog banner={deleting} number={banners.indexOf(deleting) + 1} /> : null}
    </div>
  );
}

/** Sizes and colours running out (stock at or below 3), fewest first, each with a link to its product. */
function LowStock({ low: { items: variants, total } }: { low: { items: LowStockVariant[]; total: number } }) {
  // The first few in view; the rest folded (a <details>, so it opens without JavaScript), so the
  // banners below stay within reach.
  const shown = variants.slice(0, 8);
  const folded = variants.slice(8);
  return (
    <section aria-labelledby="low-stock" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4" data-testid="low-stock">
      <h2 id="low-stock" className="text-lg font-bold">
        Low stock
      </h2>
      {total ? (
        <p className="text-sm text-gray-700">
          {total} {total === 1 ? "size or colour has" : "sizes and colours have"} {LOW_STOCK_VARIANT} or fewer left
          {total > variants.length ? `; the ${variants.length} with the fewest:` : ":"}
        </p>
      ) : (
        <p className="text-sm text-gray-700">Every size and colour has more than {LOW_STOCK_VARIANT} in stock.</p>
      )}
      <LowStockList variants={shown} />
      {folded.length ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-gray-800 underline underline-offset-2">
            Show {folded.length} more
          </summary>
          <LowStockList variants={folded} />
        </details>
      ) : null}
    </section>
  );
}

function LowStockList({ variants }: { variants: LowStockVariant[] }) {
  if (!variants.length) return null;
  return (
    <ul className="divide-y divide-gray-100 text-sm">
      {variants.map((v) => (
        <li key={`${v.productId}-${v.size}-${v.color}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <Link to={`/admin/products?edit=${v.productId}`} className="min-w-0 font-medium underline-offset-2 hover:underline">
            {v.title}
            {variantLabel(v.size, v.color) ? <span className="font-normal text-gray-600"> · {variantLabel(v.size, v.color)}</span> : null}
          </Link>
          <span className={v.stock === 0 ? "font-semibold text-red-700" : "text-amber-800"}>
            {v.stock === 0 ? "Sold out" : `${v.stock} left`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Asks before a banner goes, as deleting a product does (`?delete=<id>`). */
function DeleteBannerDialog({ banner, number }: { banner: Banner; number: number }) {
  const location = useLocation();
  const closeHref = withParam(location, "delete", null);
  return (
    <Modal closeHref={closeHref} labelledBy="delete-banner-title" className="inset-0 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl">
      <div className="relative space-y-4 p-6">
        <CloseLink to={closeHref} label="Close" />
        <h2 id="delete-banner-title" className="pr-10 text-lg font-bold">
          Delete banner {number}?
        </h2>
        <img src={banner.image} alt={`Banner ${number}`} className="h-28 w-full rounded-md bg-gray-100 object-cover" />
        <p className="text-sm text-gray-700">It disappears from the home page at once. This cannot be undone.</p>
        <Form method="post" className="flex justify-end gap-2">
          <input type="hidden" name="bannerId" value={banner.id} />
          <Link to={closeHref} preventScrollReset className={buttonClass({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" name="intent" value="delete" variant="destructive">
            Delete
          </Button>
        </Form>
      </div>
    </Modal>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-page";
