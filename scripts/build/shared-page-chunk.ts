/**
 * One chunk for the code several public pages share, instead of the dozen small chunks the bundler
 * would split it into. Each chunk is a request, and every response carries about 640 bytes of
 * headers (the security headers go on every response) — more than many of those chunks weigh.
 *
 * Only modules that at least `minPages` public page routes import (directly or not, statically)
 * go in it. Admin and sign-in routes are not public pages: a module only they use never lands in
 * the chunk, so admin code stays out of the public pages' bundles (they may still load the chunk).
 */
import type { Plugin } from "vite";

/** Route modules that are not public pages: the admin area and the sign-in screens. */
const NOT_PUBLIC = /[\\/]app[\\/]routes[\\/](?:admin[\\/]|auth|api-)/;
const ROUTE = /[\\/]app[\\/](?:routes[\\/]|root\.tsx)/;

export function sharedPageChunk(minPages: number) {
  let shared = new Set<string>();

  const plugin: Plugin = {
    name: "shared-page-chunk",
    apply: "build",
    buildEnd() {
      if (this.environment.name !== "client") return;
      const pageCounts = new Map<string, number>();
      const moduleIds = [...this.getModuleIds()];
      // react-router's client build reaches each route through a `?__react-router-build-client-route` id.
      const pages = moduleIds.filter((id) => ROUTE.test(id) && id.includes("?") && !NOT_PUBLIC.test(id) && !/root\.tsx/.test(id));
      for (const page of pages) {
        const reached = new Set<string>();
        const stack = [page];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (reached.has(id)) continue;
          reached.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        for (const id of reached) if (!ROUTE.test(id)) pageCounts.set(id, (pageCounts.get(id) ?? 0) + 1);
      }
      shared = new Set([...pageCounts].filter(([, count]) => count >= minPages).map(([id]) => id));
    },
  };

  return { plugin, test: (id: string) => shared.has(id) };
}
