import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { sharedPageChunk } from "./scripts/build/shared-page-chunk.ts";

/**
 * Code that pages of at least three sections of the site import (a folder of routes such as the
 * Knowledge Center is one section), and all the root route imports. Four or five sections put
 * more chunks and more bytes on the home page (docs/decisions/0051).
 */
const sharedChunk = sharedPageChunk(3);

/**
 * react-router's package exports resolve to its development build in every mode; for the browser
 * bundle of a production build, its production build (the same code with the development warnings
 * off, 0.6 KB less gzip on every page). Only that bundle: the server and the dev server import
 * react-router from node_modules as Node resolves it, and two copies of it in one process would
 * not share their React contexts.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, "node_modules/react-router/dist/production/index.mjs") },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve(import.meta.dirname, "node_modules/react-router/dist/production/dom-export.mjs"),
  },
];

/**
 * The Latin faces of the two web fonts (46 KB, app/styles/fonts/) travel inside the style sheet
 * as data: URLs, so the first layout already uses them. Fetched on their own, they arrived after
 * the first paint on a slow phone, and swapping them in laid the whole page out again (about
 * 150 ms of main thread). Every other asset keeps Vite's rule (inline below 4 KB).
 */
const inlineLatinFonts = (file: string) => (/[\\/]app[\\/]styles[\\/]fonts[\\/][^\\/]+\.woff2$/.test(file) ? true : undefined);

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server bundle starts at createSite() so settings, database and routes share one copy.
  build: isSsrBuild
    ? { rollupOptions: { input: "./app/server/site.server.ts" }, assetsInlineLimit: inlineLatinFonts }
    : {
        assetsInlineLimit: inlineLatinFonts,
        rolldownOptions: {
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
  resolve: {
    tsconfigPaths: true,
    alias: command === "build" && !isSsrBuild ? reactRouterProduction : [],
  },
  plugins: [tailwindcss(), reactRouter(), sharedChunk.plugin],
}));
