import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList } from "~/components/ui/field";
import { productPath } from "~/lib/product";

const PREFIX = "/shop/products/";

/**
 * The product form's "Web address": the product's handle, after the address's fixed start. Empty
 * on a new product (made from the title); when editing, its current handle and its page's address to share.
 * The catalogue's forms (issue 49) give their own start (`prefix`), and say what an empty one is made from.
 */
export function HandleField({
  meta,
  savedHandle,
  prefix = PREFIX,
  addressOf = productPath,
  madeFrom = "the title",
  placeholder = `made from ${madeFrom}`,
}: {
  meta: FieldMetadata<unknown>;
  savedHandle: string | null;
  /** The address's fixed start, shown before the field. */
  prefix?: string;
  /** The whole address of a saved handle, to share. */
  addressOf?: (handle: string) => string;
  madeFrom?: string;
  placeholder?: string;
}) {
  const hintId = `${meta.id}-hint`;
  const describedBy = [hintId, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
          Web address
        </label>
        {/* The address to share, as text: the specification sends an admin on a shop page to the
            dashboard, so a link would not show the page to the owner (decision 0050). */}
        {savedHandle ? <code className="select-all break-all text-xs text-gray-700">{addressOf(savedHandle)}</code> : null}
      </div>
      <div className="flex rounded-md border border-gray-300 bg-white shadow-xs focus-within:border-blue-600 has-[[aria-invalid=true]]:border-red-600">
        <span aria-hidden="true" className="flex shrink-0 items-center rounded-l-md bg-gray-50 px-2 text-sm text-gray-600">
          {prefix}
        </span>
        <input
          {...getInputProps(meta, { type: "text" })}
          aria-describedby={describedBy}
          placeholder={placeholder}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          className="block w-full min-w-0 rounded-r-md bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-400 focus:outline-2 focus:outline-blue-600"
        />
      </div>
      <p id={hintId} className="text-xs text-gray-600">
        Lowercase letters, digits and hyphens.{" "}
        {savedHandle ? "After a change the old address still works: it leads to the new one." : `Left empty, it is made from ${madeFrom}.`}
      </p>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
