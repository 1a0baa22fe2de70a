import { appContext } from "~/server/load-context";
import { robotsTxt } from "~/lib/seo/sitemap";
import type { Route } from "./+types/robots";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/** /robots.txt: the public site is open to crawlers; private areas and search results are not. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(appContext).config.baseUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.robots },
  });
}
