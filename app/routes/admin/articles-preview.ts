import { data } from "react-router";
import { ARTICLE_BODY_MAX } from "~/lib/admin/article-fields";
import { countWords, renderArticleBody } from "~/server/articles.server";
import { requireAdmin } from "~/server/auth/guard.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import { readFormUnderLimit } from "~/server/http/request-body.server";
import type { Route } from "./+types/articles-preview";

/**
 * POST /admin/articles/preview: the editor's live preview. The body is rendered by the very same
 * Markdown renderer and sanitizer as the public page, so what the editor sees is what readers get.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await readFormUnderLimit(request);
  const body = String(form.get("body") ?? "").slice(0, ARTICLE_BODY_MAX);
  const html = renderArticleBody(body);
  return data({ html, wordCount: countWords(html) }, { headers: { "Cache-Control": CACHE_CONTROL.privateNoStore } });
}
