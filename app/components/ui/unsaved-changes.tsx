import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { Button } from "./button";

/**
 * Asks before the owner leaves a page with changes not yet saved (issue 48; with JavaScript only:
 * without it the browser simply goes). Links and Back to another page are held by React Router's
 * blocker and a dialog asks; closing or reloading the tab gets the browser's own question
 * (beforeunload). Changes of the page's own query (a dialog opening) and the page's own forms are
 * not leaving.
 */
export function UnsavedChangesPrompt({ dirty, what }: { dirty: boolean; what: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is returned.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  // Saved meanwhile (or no longer changed): nothing to ask.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  useEffect(() => {
    const dialog = ref.current;
    if (blocker.state === "blocked" && dialog && !dialog.open) dialog.showModal();
  }, [blocker.state]);

  if (blocker.state !== "blocked") return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby="unsaved-title"
      aria-describedby="unsaved-text"
      onCancel={(event) => {
        event.preventDefault();
        blocker.reset();
      }}
      className="fixed inset-0 z-50 m-auto w-[min(26rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/50"
    >
      <div className="space-y-4 p-6">
        <h2 id="unsaved-title" className="text-lg font-bold">
          Leave without saving?
        </h2>
        <p id="unsaved-text" className="text-sm text-gray-700">
          Your changes to {what} are not saved. Stay on the page to save them, or leave and lose them.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice, as a dialog opens */}
          <Button autoFocus variant="outline" onClick={() => blocker.reset()}>
            Stay on this page
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed()}>
            Leave without saving
          </Button>
        </div>
      </div>
    </dialog>
  );
}
