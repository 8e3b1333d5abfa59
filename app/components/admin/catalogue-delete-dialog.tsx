import { Form, Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { CloseLink, Modal } from "~/components/ui/modal";
import type { Choice } from "~/lib/catalogue-choices";
import { sheetHref } from "~/lib/catalogue-sheets";
import type { CatalogueKind } from "~/lib/messages/catalogue-owner";

const NOUN: Record<CatalogueKind, string> = { category: "category", brand: "brand", collection: "collection" };
const GOES: Record<CatalogueKind, string> = {
  category: "Its address stops working.",
  brand: "Its address stops working.",
  collection: "Its page goes; its products stay in the shop.",
};

/**
 * Asks before a category, brand or collection goes (`?delete-category=<id>`...; a dialog that
 * works without JavaScript). The service decides: a category or brand that still has products
 * answers "choose where they go" (409, `moveTo`), and the dialog asks it with a list of the others;
 * one with subcategories, or named by a discount code or a collection, answers why not.
 */
export function CatalogueDeleteDialog({
  deleting,
  others,
  refusal,
}: {
  deleting: { kind: CatalogueKind; id: string; name: string };
  /** Where its products may go: the other categories or brands. */
  others: Choice[];
  refusal: { message: string; askMoveTo: boolean; moveToError: string | null } | null;
}) {
  const location = useLocation();
  const closeHref = sheetHref(location);
  const { kind, id, name } = deleting;
  const titleId = "catalogue-delete-title";
  return (
    <Modal closeHref={closeHref} labelledBy={titleId} className="inset-0 m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl">
      <div className="relative space-y-4 p-6">
        <CloseLink to={closeHref} label="Close" />
        <h2 id={titleId} className="pr-10 text-lg font-bold">
          Delete the {NOUN[kind]} "{name}"?
        </h2>
        <p className="text-sm text-gray-700">{GOES[kind]}</p>
        {refusal && !refusal.askMoveTo ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {refusal.message}
          </p>
        ) : null}
        <Form method="post" preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value={`delete-${kind}`} />
          <input type="hidden" name="id" value={id} />
          {refusal?.askMoveTo ? (
            <div className="space-y-1">
              <label htmlFor="catalogue-move-to" className="block text-sm font-medium text-gray-800">
                Move its products to
              </label>
              <select id="catalogue-move-to" name="moveTo" aria-describedby="catalogue-move-to-why" className={inputClass} defaultValue="">
                <option value="" disabled>
                  Choose a {NOUN[kind]}
                </option>
                {others.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
              <p id="catalogue-move-to-why" role="alert" className="text-sm text-red-700">
                {refusal.moveToError ?? refusal.message}
              </p>
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Link to={closeHref} preventScrollReset className={buttonClass({ variant: "outline" })}>
              Cancel
            </Link>
            <Button type="submit" variant="destructive">
              {refusal?.askMoveTo ? "Move and Delete" : "Delete"}
            </Button>
          </div>
        </Form>
      </div>
    </Modal>
  );
}
