/**
 * One chunk for the code several public pages share, instead of the dozen small chunks the bundler
 * would split it into. Each chunk is a request, and every response carries about 640 bytes of
 * headers (the security headers go on every response) — more than many of those chunks weigh.
 *
 * Only modules that the pages of at least `minSections` sections of the site import (directly or
 * not, statically) go in it. A section is a folder of routes (the Knowledge Center's index,
 * category, tag and article pages are one: app/routes/learn/) or a route file of its own: a
 * module only the Knowledge Center uses is one section's code, and every other page would load it
 * for nothing. Everything the root route imports goes in too: every page loads the root.
 * Admin and sign-in routes are not public pages: a module only they use never lands in the
 * chunk, so admin code stays out of the public pages' bundles (they may still load the chunk).
 */
import type { Plugin } from "vite";

/** Route modules that are not public pages: the admin area and the sign-in screens. */
const NOT_PUBLIC = /[\\/]app[\\/]routes[\\/](?:admin[\\/]|auth|api-)/;
const ROUTE = /[\\/]app[\\/](?:routes[\\/]|root\.tsx)/;
/** The root route wraps every page: what it imports loads on every page anyway. */
const ROOT = /[\\/]app[\\/]root\.tsx/;
const EVERY_PAGE = "(every page)";

/** The section a route module belongs to: its folder under app/routes/, or the file itself. */
function sectionOf(routeId: string): string {
  const path = routeId.split("?")[0]!.replace(/\\/g, "/");
  const inRoutes = path.slice(path.lastIndexOf("/app/routes/") + "/app/routes/".length);
  const slash = inRoutes.indexOf("/");
  return slash === -1 ? inRoutes : inRoutes.slice(0, slash);
}

export function sharedPageChunk(minSections: number) {
  let shared = new Set<string>();

  const plugin: Plugin = {
    name: "shared-page-chunk",
    apply: "build",
    buildEnd() {
      if (this.environment.name !== "client") return;
      const sectionsUsing = new Map<string, Set<string>>();
      const moduleIds = [...this.getModuleIds()];
      // react-router's client build reaches each route through a `?__react-router-build-client-route` id.
      const pages = moduleIds.filter((id) => ROUTE.test(id) && id.includes("?") && !NOT_PUBLIC.test(id));
      for (const page of pages) {
        const reached = new Set<string>();
        const stack = [page];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (reached.has(id)) continue;
          reached.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        for (const id of reached) {
          if (ROUTE.test(id)) continue;
          const sections = sectionsUsing.get(id) ?? new Set<string>();
          if (ROOT.test(page)) sections.add(EVERY_PAGE);
          else sections.add(sectionOf(page));
          sectionsUsing.set(id, sections);
        }
      }
      shared = new Set(
        [...sectionsUsing].filter(([, sections]) => sections.has(EVERY_PAGE) || sections.size >= minSections).map(([id]) => id),
      );
    },
  };

  return { plugin, test: (id: string) => shared.has(id) };
}
