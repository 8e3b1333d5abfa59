import { Link, useLocation } from "react-router";
import { BrandSheet } from "~/components/admin/brand-sheet";
import { BrandsList, CollectionsList } from "~/components/admin/catalogue-lists";
import { CatalogueDeleteDialog } from "~/components/admin/catalogue-delete-dialog";
import { CatalogueTree } from "~/components/admin/catalogue-tree";
import { CategorySheet } from "~/components/admin/category-sheet";
import { CollectionSheet } from "~/components/admin/collection-sheet";
import { buttonClass } from "~/components/ui/button";
import { UPLOAD_ROUTE_HANDLE } from "~/lib/constants";
import { pageTitle } from "~/lib/shop-name";
import { sheetHref } from "~/lib/catalogue-sheets";
import { catalogueAction, loadCataloguePage } from "./catalogue.server";
import type { Route } from "./+types/catalogue";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Catalogue · Admin", matches) }];
// Its forms may carry a photo.
export const handle = UPLOAD_ROUTE_HANDLE;

// The owner's catalogue (issue 49): categories as a tree, brands and collections, each edited in a
// sheet the address opens (`?category=new|<id>`, `?brand=`, `?collection=`), deletes asked in a
// dialog (`?delete-category=<id>`...). Every rule is the catalogue service's (decision 0065); how
// the forms work without JavaScript is decision 0066.
export async function loader({ request }: Route.LoaderArgs) {
  return loadCataloguePage(new URL(request.url));
}

export async function action({ request }: Route.ActionArgs) {
  return catalogueAction(request);
}

export default function AdminCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, brands, collections, counts, choices, sheet, deleting } = loaderData;
  const location = useLocation();
  const replyFor = (form: "category" | "brand" | "collection") =>
    actionData && actionData.form === form && "reply" in actionData ? actionData.reply : undefined;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-extrabold">Catalogue</h1>
        <p className="max-w-2xl text-sm text-gray-700">
          Your categories, brands and collections: what the shop's menu, filters and pages are made of.
        </p>
        <nav aria-label="Catalogue parts" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          <a href="#categories" className="text-blue-700 underline">
            Categories ({categories.length})
          </a>
          <a href="#brands" className="text-blue-700 underline">
            Brands ({brands.length})
          </a>
          <a href="#collections" className="text-blue-700 underline">
            Collections ({collections.length})
          </a>
        </nav>
      </div>

      <Part id="categories" title="Categories" add={{ label: "Add Category", to: sheetHref(location, { category: "new" }) }}>
        <CatalogueTree categories={categories} counts={counts.category} />
      </Part>
      <Part id="brands" title="Brands" add={{ label: "Add Brand", to: sheetHref(location, { brand: "new" }) }}>
        <BrandsList brands={brands} counts={counts.brand} />
      </Part>
      <Part id="collections" title="Collections" add={{ label: "Add Collection", to: sheetHref(location, { collection: "new" }) }}>
        <CollectionsList collections={collections} counts={counts.collection} choices={choices} />
      </Part>

      {sheet?.kind === "category" ? (
        <CategorySheet category={sheet.row} parentId={sheet.parentId} categories={categories} lastResult={replyFor("category")} />
      ) : null}
      {sheet?.kind === "brand" ? <BrandSheet brand={sheet.row} lastResult={replyFor("brand")} /> : null}
      {sheet?.kind === "collection" ? (
        <CollectionSheet
          collection={sheet.row}
          products={sheet.products}
          find={sheet.find}
          found={sheet.found}
          choices={choices}
          lastResult={replyFor("collection")}
        />
      ) : null}
      {deleting ? (
        <CatalogueDeleteDialog
          deleting={deleting}
          others={(deleting.kind === "category" ? choices.categories : choices.brands).filter((c) => c.id !== deleting.id)}
          refusal={actionData && actionData.form === "delete" && actionData.kind === deleting.kind ? actionData : null}
        />
      ) : null}
    </div>
  );
}

function Part({ id, title, add, children }: { id: string; title: string; add: { label: string; to: string }; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 rounded-lg border border-gray-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 p-4">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h2>
        <Link to={add.to} preventScrollReset className={buttonClass()}>
          {add.label}
        </Link>
      </div>
      {children}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
