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
  // A Brotli and a gzip copy of every script, style sheet and SVG, once the whole build (the route
  // manifest comes with the server build) is written (scripts/build/precompress-assets.ts).
  async buildEnd({ reactRouterConfig }) {
    await precompressClientAssets(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
