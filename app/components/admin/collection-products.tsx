import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { sheetHref } from "~/lib/catalogue-sheets";

type ProductLine = { id: string; title: string; image: string };

/** A move that cannot be made (the first up, the last down) looks it. */
const DIMMED = "disabled:text-gray-300 disabled:hover:bg-transparent";

/**
 * A saved manual collection's products, in the owner's order, and a search for more: each button
 * is a small form of its own that saves at once (Add, Move up, Move down, Remove), and the search
 * is a GET form in the address (`&find=`), so it all works without JavaScript and the sheet stays
 * open on the same products (decision 0066).
 */
export function CollectionProducts({
  collectionId,
  collectionName,
  products,
  find,
  found,
}: {
  collectionId: string;
  collectionName: string;
  products: ProductLine[];
  find: string;
  found: ProductLine[] | null;
}) {
  const location = useLocation();
  const chosen = new Set(products.map((p) => p.id));
  return (
    <section aria-labelledby="collection-products-title" className="space-y-4 border-t border-gray-200 pt-5">
      <div className="space-y-1">
        <h3 id="collection-products-title" className="text-lg font-bold">
          Products in {collectionName} ({products.length})
        </h3>
        <p className="text-xs text-gray-600">Shown in this order when the collection's order is yours. Each change is saved at once.</p>
      </div>
      {products.length ? (
        <ol className="divide-y divide-gray-100 rounded-md border border-gray-200" aria-label={`Products in ${collectionName}`}>
          {products.map((p, i) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2 p-2" data-testid="collection-product">
              {/* A phone puts the buttons under the title rather than cut the title short. */}
              <span className="w-6 text-right text-sm text-gray-600">{i + 1}.</span>
              <img src={p.image} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded bg-gray-100 object-cover" />
              <span className="min-w-0 flex-1 basis-40 truncate text-sm font-medium">{p.title}</span>
              <Form method="post" preventScrollReset className="ml-auto flex gap-1">
                <input type="hidden" name="id" value={collectionId} />
                <input type="hidden" name="productId" value={p.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="move-up"
                  variant="ghost"
                  size="sm"
                  disabled={i === 0}
                  className={DIMMED}
                  aria-label={`Move ${p.title} up`}
                >
                  Up
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="move-down"
                  variant="ghost"
                  size="sm"
                  disabled={i === products.length - 1}
                  className={DIMMED}
                  aria-label={`Move ${p.title} down`}
                >
                  Down
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="remove-product"
                  variant="ghost"
                  size="sm"
                  className="text-red-700"
                  aria-label={`Remove ${p.title} from ${collectionName}`}
                >
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-700">No products yet: find them below and add them.</p>
      )}

      <Form method="get" preventScrollReset className="space-y-1" role="search" aria-label="Products to add">
        <input type="hidden" name="collection" value={collectionId} />
        <label htmlFor="collection-find" className="block text-sm font-medium text-gray-800">
          Find products to add
        </label>
        <div className="flex gap-2">
          <input
            id="collection-find"
            name="find"
            type="search"
            defaultValue={find}
            placeholder="Title or words"
            maxLength={100}
            className={inputClass}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </div>
      </Form>
      {found ? (
        found.length ? (
          <ul className="divide-y divide-gray-100 rounded-md border border-gray-200" aria-label="Products found">
            {found.map((p) => (
              <li key={p.id} className="flex items-center gap-2 p-2" data-testid="found-product">
                <img src={p.image} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded bg-gray-100 object-cover" />
                <span className="min-w-0 flex-1 truncate text-sm">{p.title}</span>
                {chosen.has(p.id) ? (
                  <span className="text-sm text-gray-600">Added</span>
                ) : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="id" value={collectionId} />
                    <input type="hidden" name="productId" value={p.id} />
                    <Button type="submit" name="intent" value="add-product" size="sm" aria-label={`Add ${p.title}`}>
                      Add
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-700">
            No products match "{find}".{" "}
            <Link to={sheetHref(location, { collection: collectionId })} preventScrollReset className="underline">
              Clear the search
            </Link>
          </p>
        )
      ) : null}
    </section>
  );
}
