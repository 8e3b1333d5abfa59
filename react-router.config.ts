import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Where `react-router build` writes; the build-output test builds into a temporary folder.
  buildDirectory: process.env.BUILD_DIR || "build",
  // React Router v8 needs Node 22; we stay on v7's behaviour and say so, instead of reading five
  // "Future Flag Warning" notices on every build. Each flag is weighed when we move to v8
  // (docs/decisions/0015-quiet-build.md).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
