import { useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { largestPhotoUrl, type Photo } from "~/lib/photos";
import { useHydrated } from "~/lib/use-hydrated";
import { ProductPicture } from "./product-picture";

/** The strip rests on photo `index` (its width may be a fraction of a pixel more than clientWidth). */
const at = (el: HTMLElement, index: number) => Math.abs(el.scrollLeft / el.clientWidth - index) < 0.02;

type Props = {
  title: string;
  /** In the order the shopper sees them (photosForColor: the chosen colour's first). */
  photos: Photo[];
  /** The main photo's `sizes` (how wide the strip shows on each screen). */
  sizes: string;
  /** The first photo is the page's largest paint: eager, high priority. */
  priority?: boolean;
  /** Each photo is the anchor `#<idPrefix>-<n>` that the thumbnails link to. */
  idPrefix?: string;
};

/**
 * A product's photos: a strip of photos, one at a time, and a thumbnail for each. Without
 * JavaScript the strip is a horizontal scroll-snap list (a swipe on a phone moves it) and each
 * thumbnail is a link to its photo's anchor. JavaScript only adds: a thumbnail moves the strip
 * without jumping the page, Left and Right move between photos while the gallery has focus, and
 * the thumbnail of the photo in view is marked. Each photo has its own Zoom, a link to its largest
 * size, so it zooms the photo in view with or without JavaScript.
 */
export function ProductGallery({ title, photos, sizes, priority = false, idPrefix = "photo" }: Props) {
  const strip = useRef<HTMLUListElement>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const hydrated = useHydrated();
  const count = photos.length;
  const position = (i: number) => `Photo ${i + 1} of ${count}`;

  // The photo a thumbnail or key asked for while the strip scrolls smoothly to it: the photos it
  // passes on the way are not "current", and a second key press steps on from it.
  const aim = useRef<number | null>(null);

  const go = (index: number, focusThumb = false) => {
    const el = strip.current;
    const next = Math.max(0, Math.min(count - 1, index));
    if (!el) return;
    const left = next * el.clientWidth;
    aim.current = at(el, next) ? null : next;
    // The CSS's scroll-behavior: smooth unless the shopper asked for less motion.
    el.scrollTo({ left });
    setCurrent(next);
    if (focusThumb) thumbs.current?.querySelectorAll("a")[next]?.focus();
  };

  const onScroll = (event: React.UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (!el.clientWidth) return;
    const seen = Math.round(el.scrollLeft / el.clientWidth);
    if (aim.current !== null) {
      if (at(el, aim.current)) aim.current = null;
      return;
    }
    setCurrent(seen);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!step || count < 2) return;
    event.preventDefault();
    go((aim.current ?? current) + step, thumbs.current?.contains(event.target as Node) ?? false);
  };

  return (
    // Keys bubble here from the strip and the thumbnails: "when the gallery has focus".
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      // Without JavaScript the marked thumbnail cannot follow a jump to another photo's anchor:
      // once one is targeted, none is marked rather than the wrong one.
      className={cn("min-w-0 space-y-2", !hydrated && "[&:has(:target)_a[aria-current]]:border-transparent")}
      onKeyDown={onKeyDown}
    >
      <ul
        ref={strip}
        aria-label={`Photos of ${title}`}
        // Focusable so a keyboard reaches it: Left/Right scroll it (natively without JavaScript).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={onScroll}
        // A finger or wheel takes over from a scroll a key or thumbnail started.
        onPointerDown={() => (aim.current = null)}
        onWheel={() => (aim.current = null)}
        className={cn(
          "flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-lg bg-gray-100 motion-safe:scroll-smooth",
          "[scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 [&::-webkit-scrollbar]:hidden",
        )}
      >
        {photos.map((photo, i) => (
          <li
            key={photo.id}
            id={`${idPrefix}-${i + 1}`}
            aria-label={position(i)}
            className="relative w-full shrink-0 scroll-mt-20 snap-start snap-always"
          >
            <ProductPicture
              photo={photo}
              sizes={sizes}
              width={800}
              priority={priority && i === 0}
              className="aspect-square w-full object-cover"
            />
            <a
              href={largestPhotoUrl(photo)}
              target="_blank"
              rel="noopener"
              // Only the photo in view's Zoom is in the tab order once JavaScript knows which it is.
              tabIndex={hydrated && i !== current ? -1 : undefined}
              className="absolute bottom-2 right-2 inline-flex min-h-10 items-center rounded-md bg-white/90 px-3 text-sm font-semibold text-gray-900 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              Zoom
              <span className="sr-only">
                {" "}
                photo {i + 1} of {count} (opens in a new tab)
              </span>
            </a>
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <ul ref={thumbs} aria-label={`Thumbnails of ${title}`} className="flex gap-2 overflow-x-auto p-1">
          {photos.map((photo, i) => (
            <li key={photo.id} className="shrink-0">
              <a
                href={`#${idPrefix}-${i + 1}`}
                aria-label={`Show ${position(i).toLowerCase()}: ${photo.alt}`}
                aria-current={i === current ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  go(i);
                }}
                className={cn(
                  "block overflow-hidden rounded-md border-2 border-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
                  "hover:border-gray-400 aria-[current=true]:border-gray-900",
                )}
              >
                <ProductPicture photo={photo} sizes="64px" width={64} alt="" className="aspect-square h-16 w-16 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
