import { preload } from "react-dom";
import { PHOTO_FORMATS, photoBox, photoSrcSet, photoUrl, thumbnailUrl, type Photo } from "~/lib/photos";

type Props = {
  /** A product photo, or any picture made in sizes the same way (a banner). */
  photo: Pick<Photo, "src" | "base" | "widths" | "width" | "height"> & { alt?: string };
  /** The `sizes` attribute: how wide the photo shows, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes: string;
  /** The width the <img> declares (its height follows the photo's shape): no layout shift. */
  width: number;
  /** The page's main photo: fetched first (eager, high priority); every other one waits (lazy). */
  priority?: boolean;
  /** Loads at once without the high priority: the rest of a first row, in view but not the largest paint. */
  eager?: boolean;
  className?: string;
  /** Alt text other than the photo's own (a decorative thumbnail says ""). */
  alt?: string;
};

/**
 * A product photo at the size the screen needs: AVIF at every width the photo was made at
 * (app/lib/photos.ts), chosen by `sizes`; a browser without AVIF shows `src`, the JPEG (or, for a
 * photo from before sizes, its one file). One `srcset` and one `sizes` per picture: a grid of 24
 * cards repeats them 24 times (decision 0079). A photo from before sizes is one <img>.
 */
export function ProductPicture({ photo, sizes, width, priority = false, eager = false, className, alt }: Props) {
  const box = photoBox(photo, width);
  const sized = !!photo.base && photo.widths.length > 0;
  if (priority && sized) {
    // The page's largest paint is asked for in the <head>, ahead of the scripts and styles, at the
    // size and in the format the <picture> below will choose (React hoists it: react-dom's preload).
    preload(photoUrl(photo.base!, photo.widths[0]!, BEST.ext), {
      as: "image",
      imageSrcSet: photoSrcSet(photo, BEST.ext),
      imageSizes: sizes,
      fetchPriority: "high",
      type: BEST.type,
    });
  }
  const img = (
    <img
      src={photo.src}
      alt={alt ?? photo.alt ?? ""}
      width={box.width}
      height={box.height}
      loading={priority || eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={className}
    />
  );
  if (!sized) return img;
  return (
    <picture>
      <source type={BEST.type} srcSet={photoSrcSet(photo, BEST.ext)} sizes={sizes} />
      {img}
    </picture>
  );
}

/** The format every sized photo is offered in first (AVIF); `src` is the fallback. */
const BEST = PHOTO_FORMATS[0];

/**
 * A cart, checkout or order line's picture: known only by its address (`image`), shown small, so
 * its 320 px size (thumbnailUrl), lazy, decorative (the line's title names it).
 */
export function LineThumbnail({ image, size, className }: { image: string; size: number; className: string }) {
  return (
    <img
      src={thumbnailUrl(image)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className}
      onError={(e) => {
        // An order's picture of a product since deleted, or never recorded: the shop's mark instead.
        if (!e.currentTarget.src.endsWith("/favicon.svg")) e.currentTarget.src = "/favicon.svg";
      }}
    />
  );
}
