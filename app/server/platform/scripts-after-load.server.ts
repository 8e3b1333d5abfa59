import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { LATER_MODULE_TYPE, LATER_PRELOAD_REL } from "~/lib/scripts-after-load";

/**
 * Rewrites the streamed page so its modules start after the page has loaded (decision 0059,
 * app/lib/scripts-after-load.ts): in `<head>`, React Router's module preloads get a `rel` no browser
 * fetches; in the body, its inline module script (the one carrying this page's `nonce`, if it has one) gets a
 * `type` no browser runs. The root layout's inline script puts both back after `load`.
 *
 * `<head>` is held until `</head>` (it is small and sent as one piece); the body streams through,
 * holding back only a tail that could be the start of the module script's tag, and only until the
 * next chunk shows whether it is. Should React Router ever write these tags differently, nothing
 * matches and the page loads its scripts at once, as it did before.
 */
export function scriptsAfterLoad(nonce: string | undefined): Transform {
  const decoder = new StringDecoder("utf8");
  // A page a shared cache may keep has no nonce (shared-pages.server.ts).
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  const moduleTag = `<script${nonceAttribute} type="module" async="">`;
  const laterModuleTag = `<script${nonceAttribute} type="${LATER_MODULE_TYPE}">`;
  let head = "";
  let inHead = true;
  let pending = "";
  let moduleFound = false;

  function body(text: string): string {
    if (moduleFound) return text;
    text = pending + text;
    pending = "";
    const at = text.indexOf(moduleTag);
    if (at !== -1) {
      moduleFound = true;
      return text.slice(0, at) + laterModuleTag + text.slice(at + moduleTag.length);
    }
    // Keep back the longest tail that is the start of the tag; send the rest.
    for (let keep = Math.min(moduleTag.length - 1, text.length); keep > 0; keep--) {
      if (moduleTag.startsWith(text.slice(text.length - keep))) {
        pending = text.slice(text.length - keep);
        return text.slice(0, text.length - keep);
      }
    }
    return text;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (!inHead) return callback(null, body(text));
      head += text;
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      inHead = false;
      const rewritten = head.slice(0, end).replaceAll('<link rel="modulepreload"', `<link rel="${LATER_PRELOAD_REL}"`);
      const rest = head.slice(end);
      head = "";
      callback(null, rewritten + body(rest));
    },
    flush(callback) {
      const rest = decoder.end();
      callback(null, inHead ? head + rest : body(rest) + pending);
    },
  });
}
