import { ARTICLE_BODY_MAX } from "~/lib/admin/article-fields";
import { countWords, renderArticleBody } from "~/server/articles/article-markdown.server";
import type { ArticleLinkReport } from "~/lib/learn/article-shop-links";
import { articleLinkRewriter, renderWithShopLinks } from "~/server/articles/article-shop-links.server";
import { productsForBodies, readDirective, renderDirective } from "~/server/articles/product-boxes.server";
import { priceSettingsAt } from "~/lib/offers/price-view";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import { dispatchIntent, type IntentArgs, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/articles-preview";

/**
 * POST /admin/articles/preview: the editor's live preview. The body is rendered by the very same
 * Markdown renderer and sanitizer as the public page, so what the editor sees is what readers get;
 * a product box naming a product that does not exist shows a warning here (and nothing there).
 * It also lists the body's off-site links: which go through the tracked redirect, to which shop
 * and product, and which earn nothing (docs/decisions/0102).
 */
export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, { preview } satisfies IntentTable);
}

async function preview({ form, context }: IntentArgs) {
  const body = String(form.get("body") ?? "").slice(0, ARTICLE_BODY_MAX);
  const slug = String(form.get("slug") ?? "preview");
  const products = await productsForBodies(context.db, [body]);
  const { html, links } = await renderWithShopLinks(context.db, [body], (shopLinks, uncovered) => {
    const links: ArticleLinkReport[] = [];
    const html = renderArticleBody(
      body,
      (line) => {
        const directive = readDirective(line);
        return directive && renderDirective(directive, products, slug, true, priceSettingsAt(context.config.prices, Date.now()));
      },
      articleLinkRewriter(shopLinks, slug, links, uncovered),
    );
    return { html, links };
  });
  // JSON: the editor asks with a plain fetch (article-preview.tsx says why).
  return Response.json(
    { html, wordCount: countWords(renderArticleBody(body)), links },
    { headers: { "Cache-Control": CACHE_CONTROL.privateNoStore } },
  );
}
