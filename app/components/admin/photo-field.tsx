import type { FieldMetadata } from "@conform-to/react";
import { ErrorList } from "~/components/ui/field";
import { fileInputClass } from "~/components/ui/input-class";

/** The file chooser's name: the action stores the file and puts its address in the field (decision 0066). */
export const PHOTO_FILE = "photoFile";
/** A ticked "Remove this photo": the row keeps no photo. */
export const REMOVE_PHOTO = "removePhoto";

/**
 * A catalogue row's one photo (a category's, a brand's logo, a collection's): the photo it has,
 * with "Remove this photo", and a file chooser. The file travels with the form, with or without
 * JavaScript (the form is multipart); the action checks and stores it, and keeps its address in
 * the field (`image`), so a form refused for another reason shows it and does not ask for it again.
 */
export function PhotoField({ meta, label }: { meta: FieldMetadata<unknown>; label: string }) {
  const current = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const fileId = `${meta.id}-file`;
  const hintId = `${meta.id}-hint`;
  return (
    <div className="space-y-2">
      <label htmlFor={fileId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input type="hidden" name={meta.name} value={current} />
      {current ? (
        <div className="flex items-center gap-3 rounded-md border border-gray-200 p-2">
          <img src={current} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded bg-gray-100 object-cover" />
          <div className="flex items-center gap-2 text-sm">
            <input id={`${meta.id}-remove`} type="checkbox" name={REMOVE_PHOTO} className="h-4 w-4" />
            <label htmlFor={`${meta.id}-remove`}>Remove this photo</label>
          </div>
        </div>
      ) : null}
      <input
        id={fileId}
        name={PHOTO_FILE}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        aria-describedby={[hintId, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ")}
        aria-invalid={meta.errors?.length ? true : undefined}
        className={fileInputClass}
      />
      <p id={hintId} className="text-xs text-gray-600">
        Optional. JPEG, PNG or WebP, up to 5 MB.{current ? " A file chosen replaces the photo." : ""}
      </p>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
