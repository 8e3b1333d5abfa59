import { useEffect, useRef, useState, type DragEvent } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { ProductPicture } from "~/components/shop/product-picture";
import { Button } from "~/components/ui/button";
import { UnsavedChangesPrompt } from "~/components/ui/unsaved-changes";
import { fileInputClass, inputClass } from "~/components/ui/input-class";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { MAX_IMAGE_BYTES, MAX_PHOTOS_UPLOAD_BYTES } from "~/lib/constants";
import { PHOTOS_TOO_LARGE } from "~/lib/messages/admin";
import { MAX_PHOTOS, smallestPhotoUrl, type Photo } from "~/lib/photos";
import type { Product } from "~/lib/product";
import { withParam } from "~/lib/url";
import { useHydrated } from "~/lib/use-hydrated";

/** The product's colours, each once, as the variants write them. */
function coloursOf(product: Product): string[] {
  const seen = new Map<string, string>();
  for (const v of product.variants) if (v.color?.trim() && !seen.has(v.color.toLowerCase())) seen.set(v.color.toLowerCase(), v.color);
  return [...seen.values()];
}

/** A refused Save: its message, the photo it is about (when one), and every row as the owner typed it. */
export type RefusedPhotoSave = { message: string; photoId: string | null; values: Record<string, RowValues> };
type RowValues = { alt: string; color: string };

/**
 * The owner's photos of one product: each with its alt text and colour, Move up / Move down and
 * Delete, and one Save for every row (issue 48): the list is one form, and each of its buttons
 * sends every row's details, which the action saves first, so no button loses what was typed.
 * "Add photos" is a form of its own (several files, multipart). With JavaScript the photos may
 * also be dragged into a new order (keyboard users keep the buttons), rows with changes not yet
 * saved say so, and leaving the page with them asks first.
 */
export function PhotoManager({
  product,
  addError,
  refused,
}: {
  product: Product;
  addError: string | null;
  refused: RefusedPhotoSave | null;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const colours = coloursOf(product);
  const reorder = useFetcher();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // What the owner typed, row by row (a refused Save's values to begin with), to tell which rows are unsaved.
  const [typed, setTyped] = useState<Record<string, RowValues>>(() => refused?.values ?? {});

  // While a dragged order is on its way, the page shows it (then the loader's, which is the same).
  const pending = reorder.formData?.getAll("ids").map(String);
  const byId = new Map(product.photos.map((p) => [p.id, p]));
  const photos = pending && pending.every((id) => byId.has(id)) ? pending.map((id) => byId.get(id)!) : product.photos;
  const unsaved = photos.filter((p) => {
    const t = typed[p.id];
    return !!t && (t.alt !== p.alt || t.color !== (p.color ?? ""));
  });
  // A photo moved with its buttons keeps the focus on them, wherever it lands (React may move its
  // row in the page, which drops the focus), so Move up can be pressed again and again.
  const moved = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  useEffect(() => {
    if (!moved.current) return;
    const { id, direction } = moved.current;
    moved.current = null;
    const button = document.getElementById(`${direction}-${id}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${direction === "up" ? "down" : "up"}-${id}`);
    (button && !button.disabled ? button : other)?.focus();
  }, [product.photos]);
  const deleting = product.photos.find((p) => p.id === new URLSearchParams(location.search).get("delete"));

  const drop = (target: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    if (!dragged || dragged === target) return;
    const ids = photos.map((p) => p.id).filter((id) => id !== dragged);
    const at = photos.findIndex((p) => p.id === target);
    const from = photos.findIndex((p) => p.id === dragged);
    // Dropped on a photo below its place, it goes after that photo; above, before it.
    ids.splice(from < at ? ids.indexOf(target) + 1 : ids.indexOf(target), 0, dragged);
    setDragged(null);
    const body = new FormData();
    body.set("intent", "reorder");
    for (const id of ids) body.append("ids", id);
    void reorder.submit(body, { method: "post" });
  };

  /** A row's alt text and colour as they are in the page now. */
  const readRow = (target: EventTarget) => {
    const row = target instanceof Element ? target.closest<HTMLElement>("[data-photo-id]") : null;
    const alt = row?.querySelector<HTMLInputElement>('input[name="alt"]');
    const color = row?.querySelector<HTMLSelectElement>('select[name="color"]');
    if (!row?.dataset.photoId || !alt || !color) return;
    setTyped((t) => ({ ...t, [row.dataset.photoId!]: { alt: alt.value, color: color.value } }));
  };

  const status = unsaved.length
    ? `Unsaved changes to ${unsaved.length === 1 ? `photo ${photos.indexOf(unsaved[0]!) + 1}` : `${unsaved.length} photos`}.`
    : null;

  return (
    <div className="space-y-6">
      <UnsavedChangesPrompt dirty={unsaved.length > 0} what="the photos' alt text and colours" />
      <section aria-labelledby="photos-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="photos-title" className="text-lg font-bold">
            Photos ({photos.length} of at most {MAX_PHOTOS})
          </h2>
          <p className="text-sm text-gray-600">
            The first photo is the cover.{hydrated ? " Drag a photo, or use its buttons, to change the order." : ""}
          </p>
        </div>
        <Form method="post" preventScrollReset onChange={(event) => readRow(event.target)} className="space-y-3">
          {/* The default button: Enter in a field saves (not "Move down", the first visible submit button). */}
          <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />
          <ol className="space-y-3" aria-label="Photos in order">
            {photos.map((photo, index) => (
              <li
                key={photo.id}
                data-testid="photo-item"
                data-photo-id={photo.id}
                draggable={hydrated}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", photo.id);
                  setDragged(photo.id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
                onDragOver={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  setOver(photo.id);
                }}
                onDrop={drop(photo.id)}
                className={`rounded-lg border bg-white p-3 sm:p-4 ${over === photo.id && dragged !== photo.id ? "border-blue-600 ring-2 ring-blue-600" : "border-gray-200"} ${dragged === photo.id ? "opacity-50" : ""}`}
              >
                <PhotoRow
                  photo={photo}
                  index={index}
                  count={photos.length}
                  colours={colours}
                  values={refused?.values[photo.id] ?? null}
                  unsaved={unsaved.includes(photo)}
                  error={refused?.photoId === photo.id ? refused.message : null}
                  draggable={hydrated}
                  onMove={(direction) => (moved.current = { id: photo.id, direction })}
                />
              </li>
            ))}
          </ol>
          {/* Save stays in sight however long the list: the row to save may be far above. */}
          <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 sm:-mx-6 sm:px-6">
            <Button type="submit" name="intent" value="save" className="shrink-0">
              Save changes
            </Button>
            <p role="status" className={`min-w-0 text-sm ${refused ? "font-medium text-red-700" : "text-gray-700"}`}>
              {refused ? `Not saved: ${refused.message}` : (status ?? "Save keeps every photo's alt text and colour.")}
            </p>
          </div>
        </Form>
      </section>
      {/* Photos added (or deleted) remount the form: with JavaScript the files chosen are cleared, so a
          second click cannot add the same photos twice (without, the page loads anew). */}
      <AddPhotos
        key={product.photos.map((p) => p.id).join(",")}
        product={product}
        colours={colours}
        error={addError}
        count={product.photos.length}
      />
      {deleting ? (
        <DeletePhotoDialog
          photo={deleting}
          number={product.photos.indexOf(deleting) + 1}
          count={product.photos.length}
          closeHref={withParam(location, "delete", null)}
        />
      ) : null}
    </div>
  );
}

/** One photo of the list: its fields (`photoIds`, `alt`, `color`: one each per row, in order) and its buttons. */
function PhotoRow({
  photo,
  index,
  count,
  colours,
  values,
  unsaved,
  error,
  draggable,
  onMove,
}: {
  photo: Photo;
  index: number;
  count: number;
  colours: string[];
  /** As the owner typed them, after a refused Save. */
  values: RowValues | null;
  unsaved: boolean;
  error: string | null;
  draggable: boolean;
  onMove: (direction: "up" | "down") => void;
}) {
  const n = index + 1;
  const which = `photo ${n}`;
  const altId = `alt-${photo.id}`;
  const colorId = `color-${photo.id}`;
  const errorId = `error-${photo.id}`;
  const color = values?.color ?? photo.color ?? "";
  // A colour no variant has any longer still shows as what the photo has (or was given).
  const options = [...colours];
  for (const c of [photo.color, color]) if (c && !options.some((o) => o.toLowerCase() === c.toLowerCase())) options.push(c);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">
          Photo {n} of {count}
        </h3>
        {index === 0 ? <span className="rounded-full bg-gray-900 px-2 py-0.5 text-xs font-medium text-white">Cover</span> : null}
        {unsaved ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="unsaved">
            Unsaved changes
          </span>
        ) : null}
        {draggable ? (
          <span aria-hidden="true" className="ml-auto hidden cursor-grab text-xs text-gray-500 sm:inline">
            ⠿ Drag to move
          </span>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ProductPicture photo={photo} sizes="112px" width={112} className="h-28 w-28 shrink-0 rounded-md bg-gray-100 object-cover" />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem] sm:items-start">
            <input type="hidden" name="photoIds" value={photo.id} />
            <div className="space-y-1">
              <label htmlFor={altId} className="block text-sm font-medium text-gray-800">
                Alt text<span className="sr-only"> of {which}</span>
              </label>
              <input
                id={altId}
                name="alt"
                type="text"
                maxLength={200}
                defaultValue={values?.alt ?? photo.alt}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={inputClass}
              />
              {error ? (
                <p id={errorId} className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
            <div className="space-y-1">
              <label htmlFor={colorId} className="block text-sm font-medium text-gray-800">
                Colour<span className="sr-only"> of {which}</span>
              </label>
              <select id={colorId} name="color" defaultValue={color} className={inputClass}>
                <option value="">All colours</option>
                {options.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              id={`up-${photo.id}`}
              type="submit"
              name="intent"
              value={`up:${photo.id}`}
              size="sm"
              variant="outline"
              disabled={index === 0}
              onClick={() => onMove("up")}
            >
              Move up<span className="sr-only"> {which}</span>
            </Button>
            <Button
              id={`down-${photo.id}`}
              type="submit"
              name="intent"
              value={`down:${photo.id}`}
              size="sm"
              variant="outline"
              disabled={index === count - 1}
              onClick={() => onMove("down")}
            >
              Move down<span className="sr-only"> {which}</span>
            </Button>
            {/* A button of the list's form, not a link: what was typed is saved before the dialog asks. */}
            <Button type="submit" name="intent" value={`ask-delete:${photo.id}`} variant="destructive" size="sm" className="ml-auto">
              Delete<span className="sr-only"> {which}</span>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

function AddPhotos({ product, colours, error, count }: { product: Product; colours: string[]; error: string | null; count: number }) {
  const hydrated = useHydrated();
  // With JavaScript, files too large are refused before they travel; the server checks again.
  const [tooLarge, setTooLarge] = useState(false);
  const message = tooLarge ? PHOTOS_TOO_LARGE : error;
  const full = count >= MAX_PHOTOS;
  return (
    <section aria-labelledby="add-photos-title" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="add-photos-title" className="text-lg font-bold">
        Add photos
      </h2>
      <Form method="post" encType="multipart/form-data" preventScrollReset className="space-y-3">
        <div className="space-y-1">
          <label htmlFor="new-photos" className="block text-sm font-medium text-gray-800">
            Photos
          </label>
          <input
            id="new-photos"
            name="photos"
            type="file"
            multiple
            required
            accept="image/*"
            disabled={full}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "new-photos-hint new-photos-error" : "new-photos-hint"}
            onChange={
              hydrated
                ? (event) => {
                    const files = [...(event.currentTarget.files ?? [])];
                    setTooLarge(
                      files.some((f) => f.size > MAX_IMAGE_BYTES) || files.reduce((sum, f) => sum + f.size, 0) > MAX_PHOTOS_UPLOAD_BYTES,
                    );
                  }
                : undefined
            }
            className={fileInputClass}
          />
          <p id="new-photos-hint" className="text-xs text-gray-600">
            {full
              ? `This product has ${MAX_PHOTOS} photos, the most it may have: delete one to add another.`
              : `JPEG, PNG, WebP, AVIF or GIF, each under 5 MB, up to 25 MB at once; ${MAX_PHOTOS - count} more may be added.`}
          </p>
          {message ? (
            <p id="new-photos-error" role="alert" className="text-sm text-red-700">
              {message}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <label htmlFor="new-photos-color" className="block text-sm font-medium text-gray-800">
            Colour of the new photos
          </label>
          <select id="new-photos-color" name="color" defaultValue="" className={`${inputClass} sm:max-w-xs`}>
            <option value="">All colours</option>
            {colours.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <p className="text-xs text-gray-600">Each new photo's alt text starts as "{product.title}": describe it above once added.</p>
        <Button type="submit" name="intent" value="add" disabled={full || tooLarge}>
          Add photos
        </Button>
      </Form>
    </section>
  );
}

function DeletePhotoDialog({ photo, number, count, closeHref }: { photo: Photo; number: number; count: number; closeHref: string }) {
  return (
    <ConfirmDeleteDialog
      id="delete-photo-title"
      title={`Delete photo ${number} of ${count}?`}
      closeHref={closeHref}
      fields={{ photoId: photo.id }}
    >
      <img src={smallestPhotoUrl(photo)} alt={photo.alt} width={96} height={96} className="h-24 w-24 rounded-md bg-gray-100 object-cover" />
      <p className="text-sm text-gray-700">
        It disappears from the shop's pages, in every size.{number === 1 && count > 1 ? " The next photo becomes the cover." : ""}
      </p>
    </ConfirmDeleteDialog>
  );
}
