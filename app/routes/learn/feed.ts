import { appContext } from "~/server/load-context";
import { atomFeed } from "~/lib/learn/article-feed";
import { toSummary } from "~/lib/learn/articles";
import { publishedArticles } from "~/server/articles/published-articles.server";
import type { Route } from "./+types/feed";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/** /learn/feed.xml: the Knowledge Center's Atom feed (a resource route). */
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(
    atomFeed((await publishedArticles(context.get(appContext).db)).map(toSummary), context.get(appContext).config.baseUrl),
    {
      headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.articlePage },
    },
  );
}
