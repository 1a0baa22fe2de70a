/**
 * Marks a page's main picture (the home hero, a collection's hero, a product's first photo, an
 * article's cover): the browser fetches it first, and reports the moment it is painted (Element
 * Timing, by its `elementtiming` name), the moment the page starts hydrating. The server finds it
 * by `fetchpriority="high"` (app/server/http/defer-hydration.server.ts).
 */
export const MAIN_PICTURE = { fetchPriority: "high", elementtiming: "main-picture" } as const;
