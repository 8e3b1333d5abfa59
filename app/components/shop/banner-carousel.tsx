import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CAROUSEL_INTERVAL_MS } from "~/lib/constants";
import { cn } from "~/lib/cn";
import type { Sizes } from "~/lib/photos";
import { ProductPicture } from "./product-picture";

const BANNER_CLASS = "h-56 w-full object-cover sm:h-80 lg:h-[28rem]";

export type Slide = { image: string; sizes?: Sizes | null; title?: string; description?: string; buttonText?: string };

// The banner's box is the screen's width and a fixed height (h-56, sm:h-80, lg:h-[28rem]), the
// picture covering it: on a phone a wide banner is cut at the sides, so it shows wider than the
// screen. `sizes` says how wide, so the browser fetches the width the box needs and no more.
const BANNER_HEIGHTS: Array<[minWidth: number | null, height: number]> = [
  [1024, 448],
  [640, 320],
  [null, 224],
];
function bannerSizes({ width, height }: Sizes): string {
  return BANNER_HEIGHTS.map(([minWidth, boxHeight]) => {
    const shown = `max(100vw, ${Math.ceil((boxHeight * width) / height)}px)`;
    return minWidth ? `(min-width: ${minWidth}px) ${shown}` : shown;
  }).join(", ");
}

/**
 * Banner carousel. Without JavaScript it is a scroll-snap strip: previous/next and the dots are
 * anchors to the slides. With JavaScript it advances every 5 s, wraps around, pauses while the
 * pointer or focus is inside, and the same controls move it by hand.
 */
export function BannerCarousel({
  slides,
  label = "Featured banners",
  idPrefix = "banner",
  first = "priority",
}: {
  slides: Slide[];
  label?: string;
  idPrefix?: string;
  /** The first slide: the page's largest paint (home, View shop), or a preview lower down (lazy). */
  first?: "priority" | "lazy";
}) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  const go = useCallback(
    (index: number) => {
      const el = track.current;
      if (!el || count === 0) return;
      const next = ((index % count) + count) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: "smooth" });
      setCurrent(next);
    },
    [count],
  );

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => go(current + 1), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [current, paused, count, go]);

  const onControl = (index: number) => (event: React.MouseEvent) => {
    event.preventDefault();
    go(index);
  };

  if (count === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative w-full overflow-hidden bg-gray-900"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
        }}
        className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, i) => (
          <div
            key={`${slide.image}-${i}`}
            id={`${idPrefix}-${i + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            className="relative w-full shrink-0 snap-start"
          >
            {slide.sizes ? (
              <ProductPicture
                photo={{ alt: slide.title ?? `Banner ${i + 1}`, src: slide.image, ...slide.sizes }}
                sizes={bannerSizes(slide.sizes)}
                width={1920}
                priority={i === 0 && first === "priority"}
                className={BANNER_CLASS}
              />
            ) : (
              <img
                src={slide.image}
                alt={slide.title ?? `Banner ${i + 1}`}
                width={1920}
                height={600}
                loading={i === 0 && first === "priority" ? "eager" : "lazy"}
                fetchPriority={i === 0 && first === "priority" ? "high" : undefined}
                className={BANNER_CLASS}
              />
            )}
            {slide.title ? (
              // The scrim: the text is white over any picture, a light one too. Up to lg the text
              // spans most of the banner, so the whole picture is dimmed; from lg the text keeps to
              // the left and a gradient leaves the rest of the picture bright.
              <div className="absolute inset-0 flex items-center bg-black/60 lg:bg-transparent lg:bg-gradient-to-r lg:from-black/70 lg:via-black/55 lg:via-45% lg:to-transparent">
                <div className="max-w-lg space-y-3 px-14 text-white sm:px-16">
                  <h2 className="text-2xl font-extrabold [text-shadow:0_1px_3px_rgb(0_0_0/0.5)] sm:text-4xl">{slide.title}</h2>
                  {slide.description ? (
                    <p className="text-sm [text-shadow:0_1px_3px_rgb(0_0_0/0.5)] sm:text-lg">{slide.description}</p>
                  ) : null}
                  {slide.buttonText ? (
                    <Link
                      to="/shop/listing"
                      className="inline-block rounded-md bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100"
                    >
                      {slide.buttonText}
                    </Link>
                  ) : null}
                </div>
              </div>
            ) : null}
            {count > 1 ? (
              <>
                <a
                  href={`#${idPrefix}-${((i - 1 + count) % count) + 1}`}
                  onClick={onControl(i - 1)}
                  aria-label="Previous slide"
                  className="absolute left-2 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-xl hover:bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  ‹
                </a>
                <a
                  href={`#${idPrefix}-${((i + 1) % count) + 1}`}
                  onClick={onControl(i + 1)}
                  aria-label="Next slide"
                  className="absolute right-2 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-xl hover:bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  ›
                </a>
              </>
            ) : null}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-1">
          {slides.map((_, i) => (
            // A 24 px target (WCAG 2.5.8) around the 12 px dot.
            <a
              key={i}
              href={`#${idPrefix}-${i + 1}`}
              onClick={onControl(i)}
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === current ? "true" : undefined}
              className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
            >
              <span
                aria-hidden="true"
                className={cn("h-3 w-3 rounded-full border border-white", i === current ? "bg-white" : "bg-white/40")}
              />
            </a>
          ))}
        </div>
      ) : null}
    </section>
  );
}
