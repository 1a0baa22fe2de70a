import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressClientAssets } from "./scripts/build/precompress-assets.ts";

export default {
  ssr: true,
  // Every page imports the whole route manifest as one cached asset instead of inlining a partial
  // one and asking /__manifest about its links after hydration (docs/decisions/0047).
  routeDiscovery: { mode: "initial" },
  // The end-to-end runner builds into its own folder, so a test run never swaps the assets
  // under a server started from build/ (server.js reads the same variable).
  buildDirectory: process.env.BUILD_DIR || "build",
  // React Router 8's behaviours, each decided here so none is left to a default that changes with
  // the major version (an unset flag is also what prints "Future Flag Warning" at every build).
  future: {
    // No route exports clientLoader, clientAction, clientMiddleware or HydrateFallback: nothing to
    // split, and the build's chunks stay as docs/decisions/0051 arranged them.
    v8_splitRouteModules: true,
    // Loaders and actions read the request's services from a RouterContextProvider,
    // `context.get(appContext)` (app/server/load-context.ts, docs/decisions/0119).
    v8_middleware: true,
    // Not yet: vite.config.ts picks the server entry and the client's chunks with `isSsrBuild`;
    // the Environment API wants them under `environments.ssr` / `environments.client` instead.
    v8_viteEnvironmentApi: false,
    // Not yet: loaders read `request.url` (paging, search, canonical redirects) and would then see
    // React Router's `.data` suffix and `_routes` parameter on client navigations.
    v8_passThroughRequests: false,
    // Not yet: the page cache and the request-body limits know the root's data URL as
    // `/_root.data`, which the flag renames `/_.data`; and every trailing slash already answers a
    // 301 to the address without it, so the flag would change nothing else.
    v8_trailingSlashAwareDataRequests: false,
  },
  // A Brotli and a gzip copy of every script, style sheet and SVG, once the whole build (the route
  // manifest comes with the server build) is written (scripts/build/precompress-assets.ts).
  async buildEnd({ reactRouterConfig }) {
    await precompressClientAssets(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
