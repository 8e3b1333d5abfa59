import { data, Form, Link, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { BannerCarousel } from "~/components/shop/banner-carousel";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { FALLBACK_BANNERS, MAX_UPLOAD_FORM_BYTES, UPLOAD_ROUTE_HANDLE } from "~/lib/constants";
import { controlProps, formProps, useServerForm } from "~/lib/form";
import { BANNER_URL_FIELDS } from "~/lib/form-fields";
import { BannerUrlSchema, IdSchema } from "~/lib/schemas";
import { addBanner, deleteBanner, listBanners } from "~/server/admin/banners.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { parseFormWith, readUploadForm } from "~/server/platform/form.server";
import { storeImage } from "~/server/admin/uploads.server";
import type { Route } from "./+types/dashboard";
import { BANNER_ADDED, BANNER_DELETED, BANNER_FAILED } from "~/lib/messages/admin";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];
export const handle = UPLOAD_ROUTE_HANDLE;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const tab = new URL(request.url).searchParams.get("tab") === "local" ? "local" : "upload";
  return { banners: await listBanners(), tab };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
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
  const { banners, tab } = loaderData;
  const location = useLocation();
  const [form, fields] = useServerForm({ fields: BANNER_URL_FIELDS, lastResult: actionData });
  const slides = banners.length ? banners.map((b) => ({ image: b.image })) : FALLBACK_BANNERS.map((b) => ({ ...b }));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold">Homepage Banners</h1>
      <section aria-labelledby="add-banner" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="add-banner" className="text-lg font-bold">
          Add a banner
        </h2>
        <Form method="post" {...formProps(form)} className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={fields.image.id} className="sr-only">
              Image URL
            </label>
            <input type="url" {...controlProps(fields.image)} placeholder="https://example.com/banner.jpg" className={inputClass} />
            <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
          </div>
          <Button type="submit" name="intent" value="url">
            Add Banner
          </Button>
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
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
            <label htmlFor="bannerFile" className="text-sm font-medium">
              Banner image
            </label>
            <input id="bannerFile" name="bannerFile" type="file" accept="image/*" required className="w-full min-w-0 max-w-xs text-sm" />
            <Button type="submit" name="intent" value="upload">
              Upload Banner
            </Button>
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
        <p className="text-sm text-gray-700">{banners.length} banner(s) available</p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {banners.map((b, i) => (
            <li key={b.id} className="overflow-hidden rounded-md border border-gray-200">
              <img src={b.image} alt={`Banner ${i + 1}`} className="h-28 w-full bg-gray-100 object-cover" loading="lazy" />
              <Form method="post" className="p-2 text-right">
                <input type="hidden" name="bannerId" value={b.id} />
                <Button type="submit" name="intent" value="delete" variant="destructive" size="sm" aria-label={`Delete banner ${i + 1}`}>
                  Delete
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="preview" className="space-y-3">
        <h2 id="preview" className="text-lg font-bold">
          Preview
        </h2>
        <BannerCarousel slides={slides} label="Banner preview" idPrefix="preview" />
        <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>Recommended size: 1920x600 pixels.</li>
          <li>Uploaded images are resized and converted to WebP; JPEG, PNG or WebP up to 5MB.</li>
          <li>Keep the important part of the picture in the centre: small screens crop the sides.</li>
        </ul>
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-page";
