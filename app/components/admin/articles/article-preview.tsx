import { useEffect, useState } from "react";
import { ArticleBody } from "~/components/learn/article-body";
import { readTimeText } from "~/lib/learn/articles";
import type { ArticleLinkReport } from "~/lib/learn/article-shop-links";
import { ArticleLinkList } from "./article-link-list";

const PREVIEW_AFTER_MS = 350;

interface Rendered {
  html: string;
  wordCount: number;
  /** The body's off-site links and whether each earns (docs/decisions/0102). */
  links: ArticleLinkReport[];
}

/**
 * The body as readers will see it: rendered on the server by the public page's own renderer and
 * sanitizer (POST /admin/articles/preview), a moment after typing stops, in the page's own styles.
 *
 * Asked with a plain fetch, not a router fetcher: a fetcher's POST is an action, and when one ended
 * while a Save or Schedule was on its way, the router finished that navigation with the fetcher's
 * revalidation instead of its own loaders (React Router's rule for an action that completes during
 * a later submission). The save had landed, but the editor kept its old state, "Unsaved changes",
 * and lost the saved toast. A preview changes nothing the page loads, so it stays out of the
 * router.
 */
export function ArticlePreview({
  title,
  slug,
  body,
  readTimeMinutes,
}: {
  title: string;
  slug: string;
  body: string;
  readTimeMinutes: string;
}) {
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const [updating, setUpdating] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setUpdating(true);
      try {
        const response = await fetch("/admin/articles/preview", {
          method: "POST",
          body: new URLSearchParams({ intent: "preview", body, slug }),
          signal: controller.signal,
        });
        // A refused preview (signed out, too large) keeps the last one shown.
        if (response.ok) setRendered((await response.json()) as Rendered);
      } catch {
        // Replaced by a newer preview, or offline: the last one stays.
      } finally {
        if (!controller.signal.aborted) setUpdating(false);
      }
    }, PREVIEW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, slug]);
  const words = rendered?.wordCount ?? 0;
  return (
    <section aria-labelledby="preview-title" className="min-w-0 rounded-card border border-line bg-surface p-4 shadow-card md:p-6">
      <h2 id="preview-title" className="text-sm font-semibold uppercase tracking-wider text-ink-muted">
        Preview
      </h2>
      <p className="mt-1 text-sm text-ink-muted" aria-live="polite">
        {words.toLocaleString("en-US")} words ·{" "}
        {readTimeMinutes ? `${readTimeMinutes} min read (your own)` : `${readTimeText(words)} (counted)`}
        {updating && " · updating…"}
      </p>
      <p className="mt-4 text-2xl font-semibold tracking-tight md:text-3xl">{title || "Untitled article"}</p>
      {rendered ? <ArticleBody html={rendered.html} /> : <p className="mt-6 text-sm text-ink-muted">Rendering…</p>}
      {rendered && <ArticleLinkList links={rendered.links} />}
    </section>
  );
}
