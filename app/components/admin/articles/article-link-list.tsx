import { describeArticleLink, earns } from "~/lib/learn/article-link-words";
import type { ArticleLinkReport } from "~/lib/learn/article-shop-links";

/** The most links listed; an article with more is rare, and the rest are counted. */
const SHOWN = 100;

/**
 * Under the editor's preview: every off-site link of the body and what readers' clicks earn,
 * tracked (to which shop and product) or nothing (docs/decisions/0102).
 */
export function ArticleLinkList({ links }: { links: readonly ArticleLinkReport[] }) {
  const tracked = links.filter(earns).length;
  return (
    <section aria-labelledby="article-links-title" className="mt-6 border-t border-line pt-4">
      <h3 id="article-links-title" className="text-sm font-semibold uppercase tracking-wider text-ink-muted">
        Links to other sites
      </h3>
      {links.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">
          None yet. A link to a shop listed under Merchants goes through the site&apos;s tracked link.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            {tracked.toLocaleString("en-US")} of {links.length.toLocaleString("en-US")} tracked; the others earn nothing.
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {links.slice(0, SHOWN).map((link, index) => (
              <li key={index} className="break-all">
                <span className={earns(link) || link.shopLike ? "font-semibold text-ink" : "text-ink-muted"}>
                  {describeArticleLink(link)}
                </span>
                <span className="text-ink-muted">: {link.url}</span>
              </li>
            ))}
          </ul>
          {links.length > SHOWN && (
            <p className="mt-1 text-sm text-ink-muted">…and {(links.length - SHOWN).toLocaleString("en-US")} more.</p>
          )}
        </>
      )}
    </section>
  );
}
