import { useFetchers } from "react-router";

/**
 * Cart form submissions still in flight, for optimistic quantities and badge, keyed by cart line
 * (the variant). Every cart form names its variant, except an add whose size is yet to be checked
 * by the server; that one counts by its product until the answer settles it.
 */
export function usePendingCart() {
  const fetchers = useFetchers();
  // The cart action's forms, and the product dialog's add (which posts to its page).
  const pending = fetchers.filter((f) => f.formData && ["add", "update", "remove"].includes(String(f.formData.get("intent"))));
  const line = (data: FormData) => String(data.get("variantId") || data.get("productId"));
  const withIntent = (intent: string) => pending.filter((f) => f.formData!.get("intent") === intent).map((f) => f.formData!);
  return {
    added: new Set(withIntent("add").map(line)),
    removed: new Set(withIntent("remove").map(line)),
    quantity: new Map(withIntent("update").map((data) => [line(data), Number(data.get("quantity"))])),
  };
}
