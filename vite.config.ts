import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { reactRouterProductionAliases } from "./app/server/framework/react-router-adapter.server.ts";
import { latinFontsScript } from "./scripts/build/latin-fonts-script.ts";
import { sharedPageChunk } from "./scripts/build/shared-page-chunk.ts";

/**
 * Code that pages of at least three sections of the site import (a folder of routes such as the
 * Knowledge Center is one section), and all the root route imports. Four or five sections put
 * more chunks and more bytes on the home page (docs/decisions/0051).
 */
const sharedChunk = sharedPageChunk(3);

/**
 * Rolldown prints a yellow report of the plugins' time when they take most of a build, which
 * React Router's virtual modules always do here (and more so on a busy machine). It reads like a
 * failure on a first build and says nothing actionable: off.
 */
const quietTimings = { bundlerTimings: false };

const BUNDLED_SERVER_DEPENDENCIES = [
  "lucide-react",
  "radix-ui",
  /^@radix-ui\//,
  "kysely",
  "better-auth",
  /^@better-auth\//,
  "better-call",
  "@better-fetch/fetch",
  /^@noble\//,
  "rou3",
  "defu",
  "jose",
  "zod",
  "yaml",
];

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server bundle starts at createSite() so settings, database and routes share one copy.
  build: isSsrBuild
    ? { rollupOptions: { input: "./app/server/site.server.ts", checks: quietTimings } }
    : {
        rolldownOptions: {
          checks: quietTimings,
          output: {
            codeSplitting: {
              // Fewer, larger chunks: React, ReactDOM and react-router in one, the public pages'
              // shared code in another (scripts/build/shared-page-chunk.ts).
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
                { name: "site", test: sharedChunk.test, priority: 2 },
              ],
            },
          },
        },
      },
  // The production server build bundles these pure-JavaScript libraries instead of importing them
  // from node_modules at start-up (docs/decisions/0095): loaded file by file, kysely, better-auth
  // and their kin were about 1,000 module files, and lucide-react and radix-ui every icon and
  // primitive they have, half of a 1.5 s start. Native modules (better-sqlite3, sharp), CommonJS
  // ones and React stay external. Development keeps Vite's defaults.
  ssr: command === "build" ? { noExternal: BUNDLED_SERVER_DEPENDENCIES } : undefined,
  resolve: {
    tsconfigPaths: true,
    // The browser bundle's production build of React Router (docs/decisions/0081).
    alias: command === "build" && !isSsrBuild ? reactRouterProductionAliases(import.meta.dirname) : [],
  },
  plugins: [tailwindcss(), reactRouter(), sharedChunk.plugin, latinFontsScript()],
}));
