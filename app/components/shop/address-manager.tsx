import { useState } from "react";
import { Form, Link, useActionData, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { InputField, TextareaField } from "~/components/ui/field";
import { MAX_ADDRESSES } from "~/lib/constants";
import { formProps, useServerForm, type FormResult } from "~/lib/form";
import { ADDRESS_FIELDS } from "~/lib/form-fields";
import { withParam } from "~/lib/url";
import { useHydrated } from "~/lib/use-hydrated";
import type { Address } from "~/lib/address";

/**
 * Saved addresses with Edit and Delete, and the add/edit form (SPEC section 2), shared by the
 * account's 'My Addresses' tab and checkout. `?address=new` or `?address=<id>` opens the form, so it
 * works without JavaScript. With `selectFormId`, each card is a radio of that form (checkout).
 */
export function AddressManager({
  addresses,
  selectFormId,
  selectedId,
  onSelect,
}: {
  addresses: Address[];
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
                  <span className="block">Pincode: {a.pincode}</span>
                  <span className="block">Phone: {a.phone}</span>
                  {a.notes ? <span className="block">Notes: {a.notes}</span> : null}
                </span>
              </label>
              <div className="flex justify-end gap-2 border-t border-gray-100 p-2">
                <Link
                  to={withParam(location, "address", a.id)}
                  preventScrollReset
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
          <Link to={withParam(location, "address", "new")} preventScrollReset className={buttonClass({}, "mt-3")}>
            Add your first address
          </Link>
        </div>
      )}
      {!showForm && addresses.length > 0 && addresses.length < MAX_ADDRESSES ? (
        <Link to={withParam(location, "address", "new")} preventScrollReset className={buttonClass({ variant: "outline" })}>
          Add New Address
        </Link>
      ) : null}
      {showForm ? <AddressForm key={editing?.id ?? "new"} address={editing} cancelHref={withParam(location, "address", null)} /> : null}
    </div>
  );
}

function AddressForm({ address, cancelHref }: { address?: Address; cancelHref: string }) {
  const actionData = useActionData<{ address?: FormResult }>();
  const [form, fields] = useServerForm({
    id: `address-form-${address?.id ?? "new"}`,
    fields: ADDRESS_FIELDS,
    lastResult: actionData?.address,
    defaultValue: address
      ? { address: address.address, city: address.city, pincode: address.pincode, phone: address.phone, notes: address.notes }
      : undefined,
  });
  const hydrated = useHydrated();
  // SPEC: with JavaScript, submit waits until all five fields hold more than spaces (the server checks anyway).
  const filledIn = (values: (string | undefined)[]) => values.every((v) => !!v?.trim());
  const [complete, setComplete] = useState(() => filledIn(Object.values(fields).map((f) => f.initialValue)));
  return (
    <section aria-labelledby="address-form-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <h3 id="address-form-title" className="mb-3 text-lg font-bold">
        {address ? "Edit Address" : "Add New Address"}
      </h3>
      <Form
        method="post"
        preventScrollReset
        {...formProps(form)}
        onChange={(event) => {
          const data = new FormData(event.currentTarget);
          setComplete(filledIn(Object.keys(ADDRESS_FIELDS).map((name) => data.get(name)?.toString())));
        }}
        className="grid gap-3 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value={address ? "address-update" : "address-add"} />
        {address ? <input type="hidden" name="addressId" value={address.id} /> : null}
        <InputField
          label="Address"
          meta={fields.address}
          type="text"
          placeholder="Enter your address"
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <InputField label="City" meta={fields.city} type="text" placeholder="Enter your city" autoComplete="address-level2" />
        <InputField label="Pincode" meta={fields.pincode} type="text" placeholder="Enter your pincode" autoComplete="postal-code" />
        <InputField label="Phone" meta={fields.phone} type="tel" placeholder="Enter your phone number" autoComplete="tel" />
        <TextareaField label="Notes" meta={fields.notes} rows={2} placeholder="Enter any additional notes" className="sm:col-span-2" />
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={hydrated && !complete}>
            {address ? "Save Changes" : "Add Address"}
          </Button>
          {address ? null : (
            <Link to={cancelHref} preventScrollReset className={buttonClass({ variant: "outline" })}>
              Cancel
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}
