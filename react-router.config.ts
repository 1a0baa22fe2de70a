import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The end-to-end runner builds into its own folder, so a test run never swaps the assets
  // under a server started from build/ (server.js reads the same variable).
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
