import { cachedSitemap } from "~/server/seo/sitemap.server";
import type { Route } from "./+types/sitemap";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/** /sitemap.xml, or /sitemap.xml?page=N of a sitemap split past 50,000 URLs (a resource route). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam === null ? null : /^[1-9]\d{0,6}$/.test(pageParam) ? Number(pageParam) : NaN;
  const document = Number.isNaN(page) ? ({ kind: "not-found" } as const) : await cachedSitemap(context.db, context.config.baseUrl, page);
  if (document.kind === "not-found") {
    return new Response("No such sitemap page.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.noStore },
    });
  }
  return new Response(document.xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.publicPage },
  });
}
