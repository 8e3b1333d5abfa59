/**
 * The page's JavaScript starts after the page has loaded (decision 0059).
 *
 * Every page works as the server sends it; its scripts only enhance it. So the browser should
 * spend a slow phone's first second on the HTML, the stylesheet and the photos in view, and only
 * then on the 140 KB of modules React Router's `<Scripts>` asks for. entry.server.tsx renames the
 * two things in the streamed HTML that would start them at once:
 *
 * - the `<link rel="modulepreload">` tags React puts in `<head>` get `rel` LATER_PRELOAD_REL, which
 *   no browser fetches;
 * - the inline `<script type="module">` that imports the routes' modules and the client entry gets
 *   `type` LATER_MODULE_TYPE, which no browser runs.
 *
 * LOAD_SCRIPTS_AFTER_LOAD, an inline script the root layout renders, puts both back once the
 * window's `load` event has fired (the photos in view are in) and the browser has painted a frame
 * with them, or 3 s after the document was parsed if an image keeps `load` waiting. A page opened
 * in a background tab paints no frames, so it starts at once. Without JavaScript nothing changes:
 * neither kind of tag did anything there.
 */
export const LATER_PRELOAD_REL = "modulepreload-after-load";
export const LATER_MODULE_TYPE = "module-after-load";

/** At most this long after the document is parsed, the scripts start even if `load` has not come. */
export const LATEST_START_MS = 3000;

// Plain ES2015 in a string: the server and the browser render the same text (hydration), and it
// runs before any module, so it cannot import anything.
export const LOAD_SCRIPTS_AFTER_LOAD = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll('link[rel="${LATER_PRELOAD_REL}"]').forEach(function (later) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = later.href;
      if (later.crossOrigin !== null) link.crossOrigin = later.crossOrigin;
      link.nonce = later.nonce;
      document.head.appendChild(link);
    });
    document.querySelectorAll('script[type="${LATER_MODULE_TYPE}"]').forEach(function (later) {
      var script = document.createElement("script");
      script.type = "module";
      script.nonce = later.nonce;
      script.textContent = later.textContent;
      later.replaceWith(script);
    });
  }
  function afterPaint() {
    if (document.visibilityState === "visible") requestAnimationFrame(function () { setTimeout(start, 0); });
    else start();
  }
  if (document.readyState === "complete") afterPaint();
  else {
    addEventListener("load", afterPaint, { once: true });
    document.addEventListener("DOMContentLoaded", function () { setTimeout(start, ${LATEST_START_MS}); }, { once: true });
  }
})();`;
