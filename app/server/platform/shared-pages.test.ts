import { createHash } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, isSharedPage, sharedPageContext } from "./shared-pages.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("a page shared caches may keep (issue 48)", () => {
  it("allows each inline script after the mark by the hash of its text, as sent, once; scripts with a src by 'self'", () => {
    const page =
      '<html><head><script src="/assets/a.js"></script></head><body><p>Café</p><template id="scripts-follow"></template>' +
      "<script>window.__reactRouterContext = {};</script>" +
      '<script type="module-after-load">import "/assets/m.js";\nimport("/assets/e.js");</script>' +
      '<script type="application/ld+json">{"name":"Tee ü"}</script>' +
      "<script>window.__reactRouterContext = {};</script></body></html>";
    expect(inlineScriptHashes(page)).toEqual([
      sha("window.__reactRouterContext = {};"),
      sha('import "/assets/m.js";\nimport("/assets/e.js");'),
      sha('{"name":"Tee ü"}'),
    ]);
  });

  it("never allows a script in the content before the mark, nor anything without the mark", () => {
    const injected = "<script>alert(1)</script>";
    const page = (content: string) =>
      `<html><head></head><body><p>${content}</p><template id="scripts-follow"></template><script>start()</script></body></html>`;
    expect(inlineScriptHashes(page(injected))).toEqual([sha("start()")]);
    // A mark in the content too: only what follows the last one, the root's own.
    expect(inlineScriptHashes(page(`<template id="scripts-follow"></template>${injected}`))).toEqual([sha("start()")]);
    expect(inlineScriptHashes(`<html><body>${injected}</body></html>`)).toEqual([]);
  });

  it("is so only when the shop's page caching said so before the page was rendered", () => {
    const context = new RouterContextProvider();
    expect(isSharedPage(context)).toBe(false);
    context.set(sharedPageContext, true);
    expect(isSharedPage(context)).toBe(true);
    expect(isSharedPage({})).toBe(false);
  });
});
