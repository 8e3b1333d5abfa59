import { PassThrough, Writable } from "node:stream";
import { randomBytes } from "node:crypto";
import { NonceContext } from "~/lib/nonce";
import { log } from "~/server/platform/log.server";
import { config } from "~/server/platform/config.server";
import { scriptsAfterLoad } from "~/server/platform/scripts-after-load.server";
import { inlineScriptHashes, isSharedPage } from "~/server/platform/shared-pages.server";

import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // A fresh nonce per page: the only inline scripts allowed are React Router's own, which carry it.
  // A page a shared cache may keep is the same for every visitor: it carries no nonce, and its
  // inline scripts are allowed by their hashes once it is rendered whole (shared-pages.server.ts).
  const shared = responseStatusCode === 200 && isSharedPage(loadContext);
  const nonce = shared ? undefined : randomBytes(16).toString("base64");
  if (config.nodeProduction && nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      shared || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Keep finished Suspense boundaries (the URL-opened overlays, see lib/lazy-overlay.tsx) in
        // place in the HTML. Past this many bytes React would send them after the shell, hidden, for
        // an inline script to reveal, which a browser without JavaScript never runs.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html");
          if (!nonce) {
            // Whole, then hashed: the CSP names every inline script of this very page.
            const chunks: Buffer[] = [];
            const whole = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                const html = Buffer.concat(chunks).toString("utf8");
                if (config.nodeProduction) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(html)));
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            });
            pipe(scriptsAfterLoad(nonce)).pipe(whole);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          // The modules start after the page has loaded (decision 0059).
          pipe(scriptsAfterLoad(nonce)).pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            log("error", "render error", { error });
          }
        },
      },
    );
  });
}

/** Logs unexpected loader/action errors once; thrown Responses (redirects, 404s) are not errors. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log("error", "unhandled error", {
    method: request.method,
    path: new URL(request.url).pathname,
    requestId: request.headers.get("X-Request-Id"),
    error,
  });
}

/** The page's CSP; `scripts`: what allows its inline scripts (its nonce, or each one's hash). */
function contentSecurityPolicy(scripts: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    // Banners may be linked by https URL (admin's choice); everything else is served by us.
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self' https://www.paypal.com https://www.sandbox.paypal.com",
  ].join("; ");
}
