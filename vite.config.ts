import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const FRAMEWORK_MODULE = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;
// Small helpers and UI primitives used on most pages (price and pagination too: shop and admin).
// One file instead of a dozen tiny ones costs less gzip (each chunk repeats its imports and
// compresses alone) and fewer requests. The form helpers stay apart: the shop pages load them
// only with a form. So do the fallback banners: in the browser only the dashboard's banner manager
// uses them (the home page reads them in its loader), and in `common` every page paid 0.3 KB gzip.
// (Shop components that import overlays.ts must stay out of manual chunks: Rollup would pull the
// overlays' modules in with them, and they would no longer load on demand. So must overlays.ts and
// cart-pending.ts themselves: a `shop` chunk of the two took forms and conform into every page.)
const COMMON_MODULE = /\/app\/(lib|components\/ui)\/|\/app\/components\/shop\/(price|pagination)\.tsx?$/;
const NOT_COMMON =
  /\/(form|form-on-demand|field|fallback-banners|use-clear-on-result|orders|timeline|use-in-view-on-arrival|modal|admin-products|route-error|product-seo)\.tsx?$/;
// Of those, the helpers only the pages of an order, an address or checkout use (the countries and
// their postal codes, tracking, receipts, costs, the checkout's messages): in `shared`, which the
// storefront's pages (home, listing, search, a product, sign-in) do not load. With the admin's
// below, they were 3.7 KB gzip of `common` on every page (issue 52). A module here must import
// nothing from `forms`, and `common` nothing from here (build/client-chunks.json shows where each
// module went; `npm run weight -- --chunks` what each page loads).
const SHARED_MODULE =
  /\/app\/lib\/(countries|postal-codes|regions|tracking|receipt|checkout-url|discounts\/[a-z-]+|costs\/[a-z-]+|messages\/(checkout|guest-orders|order-claims|discounts-shopper|reminders))\.ts$/;
// And those only the admin's pages use: the owner's imports, bulk changes and sheets.
const ADMIN_SHARED_MODULE =
  /\/app\/lib\/(bulk|product-import|catalogue-sheets|catalogue-choices|customers|messages\/admin)\.ts$|\/app\/components\/ui\/unsaved-changes\.tsx$/;
// Checking forms in the browser: zod (mini), conform's zod adapter and the shop's schemas, in one
// chunk that only forms load (those shown when a page opens load it on demand, form-on-demand.ts).
// Every app/lib module that makes a zod schema belongs here: in `common` it would import zod from
// this chunk while this chunk imports constants from `common`, and the circle breaks every page.
const FORMS_MODULE =
  /\/node_modules\/(zod|@conform-to\/zod)\/|\/app\/lib\/((form|form-checks|settings|settings-form|zod-v4-for-conform)\.ts|schemas\/[a-z-]+\.ts)$/;
// conform's form state alone (useForm and its helpers), which a form that loads its checks on
// demand needs from its first render (form-on-demand.ts).
const CONFORM_MODULE = /\/node_modules\/@conform-to\/(react|dom)\//;

/**
 * Browser chunks: React, React DOM and React Router in one `framework` chunk (the floor every page
 * pays, cached across deploys of our code), the common helpers in one `common` chunk, and the rest
 * split by route as Vite does.
 */
function clientChunks(): Plugin {
  return {
    name: "client-chunks",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id: string) {
                if (FRAMEWORK_MODULE.test(id)) return "framework";
                if (FORMS_MODULE.test(id)) return "forms";
                if (CONFORM_MODULE.test(id)) return "conform";
                if (SHARED_MODULE.test(id)) return "shared";
                if (ADMIN_SHARED_MODULE.test(id)) return "admin-shared";
                if (COMMON_MODULE.test(id) && !NOT_COMMON.test(id)) return "common";
                return undefined;
              },
            },
          },
        },
      };
    },
  };
}

/**
 * conform's zod adapter builds its optional coercion (which the shop turns off: the schemas read
 * form text themselves) from zod's classic API, and importing it would bring classic zod's ~60 KB
 * gzip into every page with a form. The browser build takes those four functions (lazy, optional,
 * pipe, transform) from zod/mini instead: the same zod core, the same schemas, a fraction of the
 * size. Only imports from @conform-to/zod are redirected; the server keeps the package as it is.
 * See docs/decisions/0035-framework-as-intended.md.
 */
function conformZodOnMini(): Plugin {
  const shim = fileURLToPath(new URL("./app/lib/zod-v4-for-conform.ts", import.meta.url));
  return {
    name: "conform-zod-on-mini",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (this.environment.name !== "client" || source !== "zod/v4" || !importer?.includes("/@conform-to/zod/")) return null;
      return shim;
    },
    // The schemas (app/lib/schemas/) set zod's English messages when they load. That is all they
    // do besides defining schemas, so a module that imports one without using a schema (a page
    // whose form is loaded on demand) need not load it: without this, Rollup would keep the import for that side effect and
    // the forms chunk would come with every shop page.
    transform(code, id) {
      if (this.environment.name !== "client" || !id.includes("/app/lib/schemas/")) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * The shop's own modules (app/, db/) do nothing when they load but define things, so in the browser
 * build a module none of whose exports a chunk uses is left out of it. Without this, Rollup keeps
 * an unused import in case the module's top level has an effect (countries.ts builds its list with
 * calls), and an import only the server uses (`serverOverlay(X)` under `import.meta.env.SSR`)
 * brought X's whole import tree into the page's chunk: the countries came with every shop page.
 * (The one import made for its effect, `import "./fields"` in a schema, imports a module whose
 * exports every schema uses.)
 */
function appModulesWithoutSideEffects(): Plugin {
  return {
    name: "app-modules-without-side-effects",
    apply: "build",
    transform(code, id) {
      if (this.environment.name !== "client" || !/\/(app|db)\/[^?]*\.tsx?$/.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * React Router's package points every import at its development build (its exports have no
 * `production` condition: remix-run/react-router#12532, #14102), which differs from the production
 * build in one constant: `ENABLE_DEV_WARNINGS`. The browser build takes the production build, the
 * same code without its development warnings (0.6 KB gzip on every page). The server keeps the
 * package as it resolves. If a release moves these files, the build fails here rather than
 * bundling two copies.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist/production");
  const entries: Record<string, string> = {
    "react-router": fs.realpathSync(path.join(dist, "index.mjs")),
    "react-router/dom": fs.realpathSync(path.join(dist, "dom-export.mjs")),
  };
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      if (this.environment.name !== "client") return null;
      return entries[source] ?? null;
    },
  };
}

/**
 * Writes build/client-chunks.json: for each browser chunk, the modules in it and their rendered
 * size, so `npm run weight` can tell the framework runtime from our own code. Kept outside
 * build/client, so it is never served.
 */
function clientChunkReport(): Plugin {
  return {
    name: "client-chunk-report",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, m]) => [path.relative(process.cwd(), id.replace(/\0/g, "")), m.renderedLength]),
        );
      }
      fs.writeFileSync(path.join(options.dir, "..", "client-chunks.json"), JSON.stringify(chunks, null, 1));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    reactRouterProductionBuild(),
    appModulesWithoutSideEffects(),
    conformZodOnMini(),
    tailwindcss(),
    reactRouter(),
    clientChunks(),
    clientChunkReport(),
  ],
  build: {
    // The browser's code is minified by terser rather than Vite's default esbuild: 3.4 KB gzip less
    // on every page, nearly all of it in React DOM and React Router, for about 10 s more per build
    // (docs/decisions/0035, "Weight"). The server's bundle stays readable, as Vite leaves it.
    ...(isSsrBuild ? {} : { minify: "terser" as const }),
    rollupOptions: {
      // The server bundle's entry is the shop's HTTP layer, which imports the React Router build:
      // build/server/index.js exports createApp() for server.mjs (docs/decisions/0023).
      ...(isSsrBuild ? { input: "./app/server/platform/http-app.server.ts" } : {}),
      onwarn(warning, warn) {
        // React Router gives every route module a browser entry; resource routes (/api, /healthz,
        // uploads, the cart action) have no browser code, so theirs are empty. Expected, and
        // never loaded: not worth a line each on every build.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)), "#db": fileURLToPath(new URL("./db", import.meta.url)) },
  },
  ssr: {
    // Native addon: must stay a runtime require, never bundled.
    external: ["better-sqlite3", "sharp"],
  },
}));
