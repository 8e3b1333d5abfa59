import { lazy, memo, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * An overlay (dialog, sheet) opened by the URL, whose code the browser loads only when it is shown.
 * The server renders it directly (`serverOverlay`), so a page that arrives with it open is complete
 * without JavaScript; in the browser (`lazyOverlay`) the same Suspense boundary hydrates once the
 * chunk arrives, and a client-side navigation loads it on demand. Pick one with
 * `import.meta.env.SSR ? serverOverlay(Component) : lazyOverlay(() => import(...))`: each build then
 * bundles only its own branch.
 *
 * The browser's overlay is memoised: a boundary that has not hydrated yet (its chunk still on the
 * way) and is rendered again with new props is given up by React and drawn anew, and what the
 * shopper had typed into the server's form is lost. Its props (loader data, strings) stay the same
 * while the page around it hydrates, so nothing reaches it until its code has arrived.
 */
export type Overlay<P> = ((props: P) => ReactNode) & {
  /** Starts loading the chunk early (on hover or focus of what opens it). */
  preload: () => void;
};

export function serverOverlay<P extends object>(Component: ComponentType<P>): Overlay<P> {
  const Overlay = (props: P) => (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
  return Object.assign(Overlay, { preload: () => {} });
}

export function lazyOverlay<P extends object>(load: () => Promise<ComponentType<P>>): Overlay<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // the next attempt fetches again
      throw error;
    }));
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  const Overlay = memo((props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  ));
  return Object.assign(Overlay, { preload: () => void loadOnce().catch(() => {}) });
}
