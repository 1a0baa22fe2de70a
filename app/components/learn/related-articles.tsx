import { Link } from "~/components/ui/link";
import type { ArticleSummary } from "~/lib/learn/articles";
import { responsiveImage } from "~/lib/images/image-url";

/**
 * The article page's side panel. 'Related Articles' are the same category's other articles
 * (up to 3). While a category has no other article yet, the panel says so and offers
 * the newest articles from the rest of the Knowledge Center instead, under their own heading.
 */
export function RelatedArticles({
  related,
  more,
  category,
}: {
  related: readonly ArticleSummary[];
  more: readonly ArticleSummary[];
  category: string;
}) {
  return (
    <aside aria-labelledby="related-articles" className="lg:sticky lg:top-24 lg:self-start">
      <div className="rounded-card border border-line bg-surface p-5 shadow-card">
        <h2 id="related-articles" className="text-xl font-semibold">
          Related Articles
        </h2>
        {related.length > 0 ? (
          <ArticleLinks articles={related} />
        ) : (
          <>
            <p className="mt-2 text-sm text-ink-muted">No other {category} articles yet.</p>
            {more.length > 0 && (
              <>
                <h3 className="mt-5 font-sans text-xs font-bold uppercase tracking-wider text-ink-muted">More from the Knowledge Center</h3>
                <ArticleLinks articles={more} />
              </>
            )}
          </>
        )}
        <Link to="/learn" className="mt-5 inline-block text-sm font-semibold text-brand hover:text-brand-strong">
          Browse all articles →
        </Link>
      </div>
    </aside>
  );
}

function ArticleLinks({ articles }: { articles: readonly ArticleSummary[] }) {
  return (
    <ul className="mt-3 divide-y divide-line">
      {articles.map((article) => (
        <li key={article.slug} className="py-3 first:pt-1">
          <Link to={`/learn/${article.slug}`} className="group flex gap-3">
            <img
              {...responsiveImage(article.image, "landscapeCard", "96px")}
              alt=""
              width={160}
              height={90}
              loading="lazy"
              className="aspect-[16/9] w-24 shrink-0 self-start rounded-md bg-sand object-cover"
            />
            <span className="min-w-0">
              <span className="block font-serif text-[0.98rem] font-semibold leading-snug text-ink group-hover:text-brand-strong">
                {article.title}
              </span>
              <span className="mt-1 block text-xs text-ink-muted">
                {article.category} · {article.readTime}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
