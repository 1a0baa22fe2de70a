import { sitemapIndexResponse } from "~/server/seo/sitemap-responses.server";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml: the sitemap index (a resource route). The files it names are answered ahead of
 * React Router (app/server/seo/sitemap-responses.server.ts); a query is ignored.
 */
export function loader({ context }: Route.LoaderArgs) {
  return sitemapIndexResponse(context.db, context.config.baseUrl);
}
