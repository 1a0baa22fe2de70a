import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/build/precompress-assets.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle starts at createSite() so settings, database and routes share one copy.
  build: isSsrBuild ? { rollupOptions: { input: "./app/server/site.server.ts" } } : {},
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
}));
