import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input-class";
import { ADMIN_PRODUCT_SORTS, type AdminProductQuery } from "~/lib/admin-products";
import type { Choice } from "~/lib/catalogue-choices";

/**
 * Search, filter (category, brand) and sort as a GET form: without JavaScript "Search" sends them
 * all; with it a new sort or filter applies at once. Either way the list starts again at page 1.
 */
export function ProductsToolbar({ query, choices }: { query: AdminProductQuery; choices: { categories: Choice[]; brands: Choice[] } }) {
  const submit = useSubmit();
  const filter = (name: "category" | "brand", label: string, any: string, options: Choice[]) => (
    <div className="min-w-0 basis-40 space-y-1">
      <label htmlFor={`product-${name}`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={`product-${name}`}
        name={name}
        defaultValue={query[name]}
        key={query[name]}
        onChange={(e) => void submit(e.currentTarget.form)}
        className={inputClass}
      >
        <option value="">{any}</option>
        {options.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form method="get" action="/admin/products" role="search" className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-48 space-y-1">
        <label htmlFor="product-search" className="block text-sm font-medium text-gray-800">
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          name="q"
          defaultValue={query.keyword}
          key={query.keyword}
          placeholder="Title, brand or category"
          maxLength={100}
          className={inputClass}
        />
      </div>
      {filter("category", "Category", "Any category", choices.categories)}
      {filter("brand", "Brand", "Any brand", choices.brands)}
      <div className="space-y-1">
        <label htmlFor="product-sort" className="block text-sm font-medium text-gray-800">
          Sort by
        </label>
        <select
          id="product-sort"
          name="sort"
          defaultValue={query.sort}
          key={query.sort}
          onChange={(e) => void submit(e.currentTarget.form)}
          className={inputClass}
        >
          {ADMIN_PRODUCT_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}
