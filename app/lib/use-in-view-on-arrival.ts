import { useEffect, useRef } from "react";

/**
 * For a confirmation or form that appears at the top of a dialog when the shopper clicks a link at
 * its foot. With JavaScript the click is a client-side navigation that keeps the dialog's scroll, so
 * what appeared would sit above the visible part: on arrival, scroll it into view and move the focus
 * to it (or to the first element matching `focusSelector` inside it). Without JavaScript the page
 * loads anew, the dialog at its top, and this never runs.
 */
export function useInViewOnArrival<T extends HTMLElement>(focusSelector?: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollIntoView({ block: "start" });
    const target = focusSelector ? element.querySelector<HTMLElement>(focusSelector) : element;
    target?.focus({ preventScroll: true });
  }, [focusSelector]);
  return ref;
}
