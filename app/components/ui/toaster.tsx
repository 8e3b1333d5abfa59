import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation } from "react-router";
import type { ToastMessage } from "remix-toast";
import { TOAST_DURATION_MS } from "~/lib/constants";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { useModalHost } from "./modal-host";

export type ToastVariant = "default" | "destructive" | "success" | "warning" | "info";

const VARIANT_OF: Record<string, ToastVariant> = {
  error: "destructive",
  success: "success",
  warning: "warning",
  info: "info",
};

const STYLES: Record<ToastVariant, string> = {
  default: "border-gray-200 bg-white text-gray-900",
  destructive: "border-red-700 bg-red-600 text-white",
  success: "border-green-200 bg-green-50 text-green-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  info: "border-blue-200 bg-blue-50 text-blue-900",
};

/**
 * The flash toast of the last redirect. The server renders it, so it shows without JavaScript, and
 * leaves after 5 s there too (a CSS animation, paused while the pointer is on it). With JavaScript
 * one toast is visible at a time, it leaves after 5 s or at the next navigation, and F8 focuses
 * the area.
 */
export function Toaster({ toast }: { toast: ToastMessage | undefined }) {
  const [current, setCurrent] = useState(toast);
  // A new toast from the server replaces the one shown (adjusting state during render, not in an
  // effect). The toast belongs to the page it arrived with: the next navigation takes it away, as
  // a page load does without JavaScript, so it never covers a page it says nothing about.
  const [lastToast, setLastToast] = useState(toast);
  const { key: locationKey } = useLocation();
  const [shownAt, setShownAt] = useState(locationKey);
  if (toast !== lastToast) {
    setLastToast(toast);
    if (toast) {
      setCurrent(toast);
      setShownAt(locationKey);
    }
  } else if (current && locationKey !== shownAt) {
    setCurrent(undefined);
  }
  const hydrated = useHydrated();
  const regionRef = useRef<HTMLElement>(null);
  const modalHost = useModalHost();

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(undefined), current.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const variant = current ? (VARIANT_OF[current.type] ?? "default") : "default";
  const region = (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 outline-none sm:inset-x-auto sm:right-0 sm:justify-end"
    >
      <div role={variant === "destructive" ? "alert" : "status"} aria-live={variant === "destructive" ? "assertive" : "polite"}>
        {current ? (
          <div
            data-testid="toast"
            data-variant={variant}
            // Without JavaScript no timer runs: the stylesheet takes the toast away (app.css).
            style={hydrated ? undefined : { animationDelay: `${current.duration ?? TOAST_DURATION_MS}ms` }}
            className={cn(
              "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg",
              STYLES[variant],
              !hydrated && "toast-leaves",
            )}
          >
            {/* min-w-0 and overflow-wrap: a long word (an e-mail address) wraps inside the toast
                instead of pushing the Dismiss button out of it and off a phone's screen. */}
            <div className="min-w-0 flex-1 space-y-1 [overflow-wrap:anywhere]">
              <p className="text-sm font-semibold">{current.message}</p>
              {current.description ? <p className="text-sm opacity-90">{current.description}</p> : null}
            </div>
            {hydrated ? (
              <button
                type="button"
                onClick={() => setCurrent(undefined)}
                className="-m-1 shrink-0 rounded px-1.5 py-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-current"
                aria-label="Dismiss notification"
              >
                ×
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
  // With a modal dialog open (the cart sheet, a product), the toast goes inside it: outside, it
  // would sit under the dialog's top layer, unseen and unreachable.
  return modalHost ? createPortal(region, modalHost) : region;
}
