import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { BannerCarousel } from "~/components/shop/banner-carousel";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import { fileInputClass } from "~/components/ui/input-class";
import { cn } from "~/lib/cn";
import { FALLBACK_BANNERS } from "~/lib/fallback-banners";
import type { FormResult } from "~/lib/form";
import { useSchemaFormOnDemand, type Constraints } from "~/lib/form-on-demand";
import type { BannerUrlSchema } from "~/lib/schemas/banners";
import { withParam } from "~/lib/url";
import type { Banner } from "~/lib/product";
import { smallestPhotoUrl } from "~/lib/photos";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";

/** A banner in the list (7 rem high): its smallest size, when it was made in sizes. */
const bannerThumbnail = (banner: Banner) =>
  banner.sizes ? smallestPhotoUrl({ ...banner.sizes, src: banner.image }, "webp") : banner.image;

const loadBannerUrlCheck = () => import("~/lib/form-checks").then((m) => m.checkBannerUrl);

/**
 * The dashboard's homepage banners (SPEC section 3): add one by URL or upload, the current ones with
 * Delete (confirmed in a dialog, `?delete=<id>`), and a preview of the home page's carousel.
 */
export function BannerManager({
  banners,
  tab,
  deleting,
  lastResult,
  constraint,
}: {
  banners: Banner[];
  tab: "upload" | "local";
  deleting: Banner | null;
  lastResult: FormResult | undefined;
  /** The URL form's constraints, from the loader (getZodConstraint(BannerUrlSchema)). */
  constraint: Constraints;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaFormOnDemand<typeof BannerUrlSchema>(loadBannerUrlCheck, {
    id: "banner-url",
    constraint,
    lastResult,
  });
  const slides = banners.length ? banners : FALLBACK_BANNERS.map((b) => ({ ...b }));
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "upload";
  // A banner added (or deleted) remounts the add forms: with JavaScript the chosen file and the typed
  // URL are cleared, so a second click cannot add the same banner twice. A refused URL keeps its text.
  const formsKey = banners.map((b) => b.id).join(",");
  return (
    <>
      <h1 className="text-2xl font-extrabold">Homepage Banners</h1>
      <section aria-labelledby="add-banner" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="add-banner" className="text-lg font-bold">
          Add a banner
        </h2>
        <Form method="post" {...getFormProps(form)} key={`url-${formsKey}`} className="space-y-1">
          <label htmlFor={fields.image.id} className="block text-sm font-medium text-gray-800">
            Image URL
          </label>
          <div className="flex flex-wrap items-start gap-2">
            <input
              {...getInputProps(fields.image, { type: "url" })}
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
                <img src={bannerThumbnail(b)} alt={`Banner ${i + 1}`} className="h-28 w-full bg-gray-100 object-cover" loading="lazy" />
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
        <BannerCarousel slides={slides} label="Banner preview" idPrefix="preview" first="lazy" />
        <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>Recommended size: 1920x600 pixels.</li>
          <li>Uploaded images are made in sizes for every screen, as AVIF, WebP and JPEG; JPEG, PNG or WebP up to 5MB.</li>
          <li>Keep the important part of the picture in the centre: small screens crop the sides.</li>
        </ul>
      </section>
      {deleting ? <DeleteBannerDialog banner={deleting} number={banners.indexOf(deleting) + 1} /> : null}
    </>
  );
}

/** Asks before a banner goes, as deleting a product does (`?delete=<id>`). */
function DeleteBannerDialog({ banner, number }: { banner: Banner; number: number }) {
  const location = useLocation();
  return (
    <ConfirmDeleteDialog
      id="delete-banner-title"
      title={`Delete banner ${number}?`}
      closeHref={withParam(location, "delete", null)}
      fields={{ bannerId: banner.id }}
      closeLink
    >
      <img src={bannerThumbnail(banner)} alt={`Banner ${number}`} className="h-28 w-full rounded-md bg-gray-100 object-cover" />
      <p className="text-sm text-gray-700">It disappears from the home page at once. This cannot be undone.</p>
    </ConfirmDeleteDialog>
  );
}
