import { useFetchers } from "react-router";

/** Cart form submissions still in flight, for optimistic quantities and badge. */
export function usePendingCart() {
  const fetchers = useFetchers();
  const pending = fetchers.filter((f) => f.formAction === "/shop/cart" && f.formData);
  return {
    added: new Set(pending.filter((f) => f.formData!.get("intent") === "add").map((f) => String(f.formData!.get("productId")))),
    removed: new Set(pending.filter((f) => f.formData!.get("intent") === "remove").map((f) => String(f.formData!.get("productId")))),
    quantity: new Map(
      pending
        .filter((f) => f.formData!.get("intent") === "update")
        .map((f) => [String(f.formData!.get("productId")), Number(f.formData!.get("quantity"))]),
    ),
  };
}
