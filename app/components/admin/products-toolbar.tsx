import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input-class";
import { ADMIN_PRODUCT_SORTS, type AdminProductQuery } from "~/lib/admin-products";

/**
 * Search and sort as a GET form: without JavaScript "Search" sends both; with it a new sort applies
 * at once. Either way the list starts again at page 1.
 */
export function ProductsToolbar({ query }: { query: AdminProductQuery }) {
  const submit = useSubmit();
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
