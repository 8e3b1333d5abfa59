import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is the page; hydration only enhances it. Let the browser paint it first (the
// frame after this one), so the first paint never waits for hydrating a long page (decision 0034).
// A page opened in the background paints no frames until shown: hydrate it at once.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
