import { appContext } from "~/server/load-context";
import { sitemapIndexResponse } from "~/server/seo/sitemap-responses.server";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml: the sitemap index (a resource route). The files it names are answered ahead of
 * React Router (app/server/seo/sitemap-responses.server.ts); a query is ignored.
 */
export function loader({ context }: Route.LoaderArgs) {
  return sitemapIndexResponse(context.get(appContext).db, context.get(appContext).config.baseUrl);
}
