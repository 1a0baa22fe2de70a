import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ArticleBody } from "~/components/learn/article-body";
import { readTimeText } from "~/lib/learn/articles";

const PREVIEW_AFTER_MS = 350;

/**
 * The body as readers will see it: rendered on the server by the public page's own renderer and
 * sanitizer (POST /admin/articles/preview), a moment after typing stops, in the page's own styles.
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
  const fetcher = useFetcher<{ html: string; wordCount: number }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { submit } = fetcher;
  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit({ body, slug }, { method: "post", action: "/admin/articles/preview" }), PREVIEW_AFTER_MS);
    return () => clearTimeout(timer.current);
  }, [body, slug, submit]);
  const words = fetcher.data?.wordCount ?? 0;
  return (
    <section aria-labelledby="preview-title" className="min-w-0 rounded-card border border-line bg-surface p-4 shadow-card md:p-6">
      <h2 id="preview-title" className="text-sm font-semibold uppercase tracking-wider text-ink-muted">
        Preview
      </h2>
      <p className="mt-1 text-sm text-ink-muted" aria-live="polite">
        {words.toLocaleString("en-US")} words ·{" "}
        {readTimeMinutes ? `${readTimeMinutes} min read (your own)` : `${readTimeText(words)} (counted)`}
        {fetcher.state !== "idle" && " · updating…"}
      </p>
      <p className="mt-4 text-2xl font-semibold tracking-tight md:text-3xl">{title || "Untitled article"}</p>
      {fetcher.data ? <ArticleBody html={fetcher.data.html} /> : <p className="mt-6 text-sm text-ink-muted">Rendering…</p>}
    </section>
  );
}
