import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { LATER_MODULE_TYPE, LATER_PRELOAD_REL } from "~/lib/scripts-after-load";
import { scriptsAfterLoad } from "./scripts-after-load.server";

const NONCE = "n0nce+/==";
// A page as React Router and React stream it: preloads hoisted into <head>, the inline module
// script at the end of <body>, with a non-ASCII character on each side of it.
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  `<link nonce="${NONCE}" rel="stylesheet" href="/assets/app.css" data-precedence="default"/>` +
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/framework.js" nonce="${NONCE}"/>` +
  "</head><body><main>Café — 12,00 €</main>" +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client.js");</script>` +
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("ü");</script>` +
  "</body></html>";

const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', `<link rel="${LATER_PRELOAD_REL}"`).replace(
  `<script nonce="${NONCE}" type="module" async="">`,
  `<script nonce="${NONCE}" type="${LATER_MODULE_TYPE}">`,
);

/** Streams `bytes` through the rewrite in pieces cut at `cuts` (byte offsets). */
async function rewrite(bytes: Buffer, cuts: number[], nonce = NONCE) {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(from, cut));
    from = cut;
  }
  return text(Readable.from(pieces).pipe(scriptsAfterLoad(nonce)));
}

describe("scriptsAfterLoad", () => {
  it("renames the module preloads in <head> and the inline module script, nothing else", async () => {
    const out = await rewrite(Buffer.from(PAGE), []);
    expect(out).toBe(EXPECTED);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<script nonce="n0nce+/==">window.__reactRouterContext = {};</script>');
  });

  it("gives the same page wherever the stream is cut, one cut or two, in a tag or a character", async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite(bytes, [cut])).toBe(EXPECTED);
    }
    const moduleAt = bytes.indexOf(`<script nonce="${NONCE}" type="module"`);
    for (let first = moduleAt - 3; first < moduleAt + 40; first++) {
      for (let second = first + 1; second < moduleAt + 45; second++) {
        expect(await rewrite(bytes, [first, second])).toBe(EXPECTED);
      }
    }
  });

  it("leaves a module script that carries another page's nonce alone", async () => {
    const out = await rewrite(Buffer.from(PAGE), [], "someone-else");
    expect(out).toContain(`<script nonce="${NONCE}" type="module" async="">`);
  });

  it("renames the module script of a page without a nonce (one shared caches may keep)", async () => {
    const bare = PAGE.replaceAll(` nonce="${NONCE}"`, "");
    const cut = Buffer.from(bare).indexOf('type="module"');
    const out = await text(
      Readable.from([Buffer.from(bare).subarray(0, cut), Buffer.from(bare).subarray(cut)]).pipe(scriptsAfterLoad(undefined)),
    );
    expect(out).toBe(EXPECTED.replaceAll(` nonce="${NONCE}"`, ""));
  });

  it("sends a page without </head>, or one ending halfway through the tag, as it came", async () => {
    const noHead = "<html><body>only text, ending in <script nonce=";
    expect(await rewrite(Buffer.from(noHead), [10])).toBe(noHead);
    const cutShort = `<head></head><p>cut short</p><script nonce="${NONCE}" type="module`;
    for (let cut = 1; cut < cutShort.length; cut++) expect(await rewrite(Buffer.from(cutShort), [cut])).toBe(cutShort);
  });
});
