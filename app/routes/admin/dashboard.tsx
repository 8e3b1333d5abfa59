import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { BannerManager } from "~/components/admin/banner-manager";
import { LowStock } from "~/components/admin/low-stock";
import { ShopNumbersPanel } from "~/components/admin/shop-numbers";
import { CartReminderNumbers } from "~/components/admin/cart-reminders";
import { cartReminderNumbers } from "~/server/cart/reminders.server";
import { ShopWindowNotice } from "~/components/admin/shop-window-notice";
import { LOW_STOCK_VARIANT, MAX_UPLOAD_FORM_BYTES, UPLOAD_ROUTE_HANDLE } from "~/lib/constants";
import { BannerUrlSchema } from "~/lib/schemas/banners";
import { IdSchema } from "~/lib/schemas/fields";
import { addBanner, deleteBanner, listBanners, uploadBanner } from "~/server/admin/banners.server";
import { lowStockVariants } from "~/server/admin/products.server";
import { shopNumbers } from "~/server/admin/stats.server";
import { isShopOpen, shopSettings } from "~/server/settings/settings.server";
import { countReturnsToReceive } from "~/server/orders/orders.server";
import { RETURNS_TO_RECEIVE_HREF } from "~/lib/orders";
import { cn } from "~/lib/cn";
import { parseFormWith, readUploadForm } from "~/server/platform/form.server";
import type { Route } from "./+types/dashboard";
import { BANNER_ADDED, BANNER_DELETED, BANNER_FAILED } from "~/lib/messages/admin";
import { pageTitle } from "~/lib/shop-name";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Dashboard · Admin", matches) }];
export const handle = UPLOAD_ROUTE_HANDLE;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab: "upload" | "local" = params.get("tab") === "local" ? "local" : "upload";
  const [banners, lowStock, numbers, returnsToReceive, shopOpen, reminders, settings] = await Promise.all([
    listBanners(),
    lowStockVariants(LOW_STOCK_VARIANT),
    shopNumbers(),
    countReturnsToReceive(),
    isShopOpen(),
    cartReminderNumbers(),
    shopSettings(),
  ]);
  // `?delete=<id>` asks to confirm deleting that banner (a dialog that works without JavaScript).
  const deleting = banners.find((b) => b.id === params.get("delete")) ?? null;
  return {
    banners,
    tab,
    deleting,
    lowStock,
    numbers,
    returnsToReceive,
    shopOpen,
    reminders: { periods: reminders, on: settings.cartReminders },
    constraint: getZodConstraint(BannerUrlSchema),
  };
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
    const uploaded = await uploadBanner(new Uint8Array(await file.arrayBuffer()));
    if (!uploaded.ok) return redirectWithError(back, `${BANNER_FAILED}. ${uploaded.message}`);
    return redirectWithSuccess(back, BANNER_ADDED);
  }
  const submission = parseFormWith(formData, BannerUrlSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await addBanner(submission.value.image);
  return redirectWithSuccess(back, BANNER_ADDED);
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { banners, tab, deleting, lowStock, numbers, returnsToReceive, shopOpen, reminders, constraint } = loaderData;
  return (
    <div className="space-y-6">
      <ShopWindowNotice open={shopOpen} />
      <ReturnsToReceive count={returnsToReceive} />
      <ShopNumbersPanel numbers={numbers} />
      <CartReminderNumbers periods={reminders.periods} on={reminders.on} />
      <LowStock low={lowStock} />
      <BannerManager banners={banners} tab={tab} deleting={deleting} lastResult={actionData} constraint={constraint} />
    </div>
  );
}

/** What waits for the owner: parcels shoppers are sending back, a link to those orders. */
function ReturnsToReceive({ count }: { count: number }) {
  return (
    <Link
      to={RETURNS_TO_RECEIVE_HREF}
      className={cn(
        "flex items-center justify-between gap-4 rounded-lg border p-4 focus-visible:outline-2 focus-visible:outline-blue-600",
        count ? "border-blue-300 bg-blue-50 hover:bg-blue-100" : "border-gray-200 bg-white hover:bg-gray-50",
      )}
    >
      <span className="font-semibold">Returns to receive</span>
      <span className={cn("text-2xl font-bold", count ? "text-blue-800" : "text-gray-700")}>{count}</span>
    </Link>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
