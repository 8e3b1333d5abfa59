import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { registerModalHost } from "./modal-host";

/**
 * A dialog or sheet addressed by the URL. The server renders it open (it works without
 * JavaScript, with a close link); with JavaScript it becomes a modal <dialog>: focus stays
 * inside, Escape or a click on the backdrop navigates to `closeHref`, and on close focus goes back
 * to what opened it, or else to `returnFocusSelector` when given.
 */
export function Modal({
  closeHref,
  labelledBy,
  className,
  returnFocusSelector,
  children,
}: {
  closeHref: string;
  labelledBy: string;
  className?: string;
  returnFocusSelector?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();

  useEffect(() => {
    const dialog = ref.current;
    // What had focus when the dialog opened (a card's title link, its "Choose size" button, the
    // cart button) gets it back on close; a dialog the server rendered open has no such opener.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body && !dialog?.contains(active) ? active : null;
    if (dialog && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const release = dialog ? registerModalHost(dialog) : undefined;
    return () => {
      release?.();
      const target = opener?.isConnected ? opener : returnFocusSelector ? document.querySelector<HTMLElement>(returnFocusSelector) : null;
      target?.focus();
    };
  }, [returnFocusSelector]);

  const close = () => void navigate(closeHref, { preventScrollReset: true });
  return (
    <>
      {/* Without JavaScript a click beside the dialog closes it; with it, the modal's ::backdrop does. */}
      {hydrated ? null : (
        <Link to={closeHref} preventScrollReset tabIndex={-1} aria-hidden="true" className="fixed inset-0 z-40 bg-black/50" />
      )}
      {/* A click on the backdrop (the dialog element itself) closes it. Escape (onCancel) is the
          keyboard's way, so this pointer-only extra needs no key handler of its own. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={ref}
        open
        aria-labelledby={labelledBy}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className={cn("fixed z-50 bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/50", className)}
      >
        {children}
      </dialog>
    </>
  );
}

export function CloseLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className="absolute right-3 top-3 z-10 flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-xl leading-none shadow hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600"
      aria-label={label}
    >
      ×
    </Link>
  );
}
