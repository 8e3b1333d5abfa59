import { useEffect, useRef, type ComponentProps } from "react";
import { useLocation } from "react-router";

/**
 * A <details> menu: opens and closes without JavaScript. With JavaScript it also closes on a
 * click outside, on Escape (returning focus to its button) and after navigating.
 */
export function DisclosureMenu(props: ComponentProps<"details">) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closes after a navigation, not when the page hydrates: a menu opened before the scripts came
  // (they start after the page has loaded, decision 0059) stays open.
  const shownFor = useRef(location.key);

  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    ref.current?.removeAttribute("open");
  }, [location.key]);

  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      const el = ref.current;
      if (el?.open && !el.contains(event.target as Node)) el.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const el = ref.current;
      if (event.key === "Escape" && el?.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return <details ref={ref} {...props} />;
}
