import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), clientChunkReport()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: {
    // Native addon: must stay a runtime require, never bundled.
    external: ["better-sqlite3", "sharp"],
  },
});
