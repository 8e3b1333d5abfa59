import { useSyncExternalStore } from "react";

// While a modal <dialog> is open, everything outside it lies under the top layer (hidden behind
// it) and is inert. Things that must stay in front, like the toast, render inside it instead.

let hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Called by Modal once its dialog is modal; the returned function is called when it closes. */
export function registerModalHost(dialog: HTMLElement): () => void {
  hosts = [...hosts, dialog];
  emit();
  return () => {
    hosts = hosts.filter((host) => host !== dialog);
    emit();
  };
}

/** The topmost open modal dialog, or null (always null on the server). */
export function useModalHost(): HTMLElement | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hosts.at(-1) ?? null,
    () => null,
  );
}
