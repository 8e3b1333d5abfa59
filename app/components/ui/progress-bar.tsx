import { createPortal } from "react-dom";
import { useFetchers, useNavigation } from "react-router";
import { useModalHost } from "./modal-host";

/**
 * A slim bar at the top of the page while anything goes to the server: a navigation, a form post,
 * or a fetcher's post or reload (the cart's buttons, add to cart). With a modal dialog open (the
 * cart sheet, a product) it goes inside the dialog, as the toast does: outside it would sit under
 * the dialog's top layer, unseen.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const modalHost = useModalHost();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const bar = (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Loading page"
      data-busy={busy || undefined}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden transition-opacity duration-200 ${busy ? "opacity-100 delay-150" : "opacity-0"}`}
    >
      <div className={`h-full w-1/3 bg-blue-600 ${busy ? "animate-[progress_1s_ease-in-out_infinite]" : ""}`} />
    </div>
  );
  return modalHost ? createPortal(bar, modalHost) : bar;
}
