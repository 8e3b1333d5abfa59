import { getFormProps } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField, TextareaField } from "~/components/ui/field";
import { CloseLink, Modal } from "~/components/ui/modal";
import { listingPathOf, type Brand } from "~/lib/catalogue";
import { sheetHref } from "~/lib/catalogue-sheets";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { BrandSchema } from "~/lib/schemas/catalogue";
import { SHEET_CLASS } from "./category-sheet";
import { HandleField } from "./handle-field";
import { PhotoField } from "./photo-field";

/**
 * A brand in a sheet (`?brand=new` or `?brand=<id>`): name, web address, description, logo and its
 * place in the order. Names and addresses are the catalogue service's to check.
 */
export function BrandSheet({ brand, lastResult }: { brand: Brand | null; lastResult: FormResult | undefined }) {
  const location = useLocation();
  const closeHref = sheetHref(location);
  const [form, fields] = useSchemaForm(BrandSchema, {
    id: `brand-${brand?.id ?? "new"}`,
    lastResult,
    defaultValue: {
      name: brand?.name ?? "",
      handle: brand?.handle ?? "",
      description: brand?.description ?? "",
      image: brand?.image ?? "",
      position: brand ? String(brand.position) : "",
    },
  });
  return (
    <Modal closeHref={closeHref} labelledBy="brand-sheet-title" className={SHEET_CLASS}>
      <div className="relative p-5">
        <CloseLink to={closeHref} label="Close brand form" />
        <h2 id="brand-sheet-title" className="mb-4 pr-10 text-xl font-bold">
          {brand ? `Edit ${brand.name}` : "Add Brand"}
        </h2>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="save-brand" />
          {brand ? <input type="hidden" name="id" value={brand.id} /> : null}
          <InputField label="Name" meta={fields.name} type="text" placeholder="e.g. Atelier Nord" />
          <HandleField
            meta={fields.handle}
            savedHandle={brand?.handle ?? null}
            prefix="?brand="
            addressOf={(handle) => listingPathOf("brand", handle)}
            madeFrom="the name"
          />
          <TextareaField label="Description" meta={fields.description} rows={3} placeholder="Optional" />
          <PhotoField meta={fields.image} label="Logo" />
          <InputField
            label="Order"
            meta={fields.position}
            type="text"
            inputMode="numeric"
            placeholder={brand ? undefined : "After the others"}
            className="max-w-40"
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" className="w-full">
            {brand ? "Save Changes" : "Add Brand"}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
