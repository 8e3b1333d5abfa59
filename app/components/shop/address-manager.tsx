import { Form, Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { MAX_ADDRESSES } from "~/lib/constants";
import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { AddressForm } from "./address-form";
import { withParam } from "~/lib/url";
import type { Address } from "~/lib/address";
import { countryName } from "~/lib/countries";
import { postalCodeLabel } from "~/lib/postal-codes";

// The form opens by the URL (`?address=`): the browser loads it, with the form checking it brings
// (conform, zod), only then, or on hover of what opens it; the server renders it directly.
const AddressFormOnDemand = import.meta.env.SSR
  ? serverOverlay(AddressForm)
  : lazyOverlay(() => import("./address-form").then((m) => m.AddressForm));

/** On the links that open it: the form's code starts loading when a pointer or the focus reaches one. */
const preloadForm = { onPointerEnter: AddressFormOnDemand.preload, onFocus: AddressFormOnDemand.preload };

/**
 * Saved addresses with Edit and Delete, and the add/edit form (SPEC section 2), shared by the
 * account's 'My Addresses' tab and checkout. `?address=new` or `?address=<id>` opens the form, so it
 * works without JavaScript. With `selectFormId`, each card is a radio of that form (checkout).
 * `shopCountry`: where a new address starts (the shop's country, issue 41); `countries`: those the
 * shop delivers to, which the form offers (null: every country).
 */
export function AddressManager({
  addresses,
  shopCountry,
  countries = null,
  selectFormId,
  selectedId,
  onSelect,
}: {
  addresses: Address[];
  shopCountry: string;
  countries?: string[] | null;
  selectFormId?: string;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
}) {
  const location = useLocation();
  const mode = new URLSearchParams(location.search).get("address");
  const editing = mode && mode !== "new" ? addresses.find((a) => a.id === mode) : undefined;
  const showForm = (mode === "new" && addresses.length < MAX_ADDRESSES) || !!editing;

  return (
    <div className="space-y-4">
      {addresses.length ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {addresses.map((a) => (
            <li
              key={a.id}
              className="flex flex-col rounded-lg border border-gray-200 bg-white has-[:checked]:border-gray-900 has-[:checked]:ring-2 has-[:checked]:ring-gray-900"
            >
              <label className={selectFormId ? "flex flex-1 cursor-pointer gap-3 p-4" : "flex flex-1 gap-3 p-4"}>
                {selectFormId ? (
                  <input
                    type="radio"
                    name="addressId"
                    value={a.id}
                    form={selectFormId}
                    checked={selectedId === a.id}
                    onChange={() => onSelect?.(a.id)}
                    className="mt-1 h-4 w-4 accent-gray-900"
                    aria-label={`Ship to ${a.address}, ${a.city}`}
                  />
                ) : null}
                <span className="space-y-0.5 text-sm">
                  <span className="block">Address: {a.address}</span>
                  <span className="block">City: {a.city}</span>
                  <span className="block">
                    {postalCodeLabel(a.country)}: {a.pincode}
                  </span>
                  <span className="block">Country: {countryName(a.country)}</span>
                  <span className="block">Phone: {a.phone}</span>
                  {a.notes ? <span className="block">Notes: {a.notes}</span> : null}
                </span>
              </label>
              <div className="flex justify-end gap-2 border-t border-gray-100 p-2">
                <Link
                  to={withParam(location, "address", a.id)}
                  preventScrollReset
                  {...preloadForm}
                  className={buttonClass({ variant: "outline", size: "sm" })}
                >
                  Edit
                </Link>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="address-delete" />
                  <input type="hidden" name="addressId" value={a.id} />
                  <Button type="submit" variant="destructive" size="sm" aria-label={`Delete address ${a.address}`}>
                    Delete
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      ) : showForm ? null : (
        <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
          <p className="font-semibold">No addresses found</p>
          <Link to={withParam(location, "address", "new")} preventScrollReset {...preloadForm} className={buttonClass({}, "mt-3")}>
            Add your first address
          </Link>
        </div>
      )}
      {!showForm && addresses.length > 0 && addresses.length < MAX_ADDRESSES ? (
        <Link
          to={withParam(location, "address", "new")}
          preventScrollReset
          {...preloadForm}
          className={buttonClass({ variant: "outline" })}
        >
          Add New Address
        </Link>
      ) : null}
      {showForm ? (
        <AddressFormOnDemand
          key={editing?.id ?? "new"}
          address={editing}
          shopCountry={shopCountry}
          countries={countries}
          cancelHref={withParam(location, "address", null)}
        />
      ) : null}
    </div>
  );
}
