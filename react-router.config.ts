import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressRouteManifest } from "./scripts/build/precompress-assets.ts";

export default {
  ssr: true,
  // Every page imports the whole route manifest as one cached asset instead of inlining a partial
  // one and asking /__manifest about its links after hydration (docs/decisions/0047).
  routeDiscovery: { mode: "initial" },
  // The end-to-end runner builds into its own folder, so a test run never swaps the assets
  // under a server started from build/ (server.js reads the same variable).
  buildDirectory: process.env.BUILD_DIR || "build",
  // The route manifest is written after the client build's assets were compressed.
  async buildEnd({ reactRouterConfig }) {
    await precompressRouteManifest(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
