import { Link } from "~/components/ui/link";
import { LINK_STATE_LABELS } from "~/lib/links/link-report";
import { formatDateTimeUtc } from "~/lib/text/dates";
import type { ArticleLinkReport } from "~/server/links/article-link-report.server";

/**
 * /admin/links' "Links in articles": the published articles' off-site addresses that no offer
 * stands behind, checked with the shop links; the broken ones and those not checked yet are
 * listed, with the articles to fix.
 */
export function ArticleLinkTable({ report }: { report: ArticleLinkReport }) {
  const { counts } = report;
  const total = counts.broken + counts.unchecked + counts.ok;
  return (
    <section aria-labelledby="article-links-title" className="mt-10">
      <h2 id="article-links-title" className="text-xl font-semibold tracking-tight">
        Links in articles
      </h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="article-link-counts">
        {total === 0
          ? "No published article links to another site except through an offer, whose link is checked above."
          : `${total.toLocaleString("en-US")} addresses in published articles, checked with the shop links: ${counts.broken.toLocaleString("en-US")} broken, ${counts.unchecked.toLocaleString("en-US")} not checked yet, ${counts.ok.toLocaleString("en-US")} working. Links through an offer are checked as the offer's.`}
      </p>
      {report.rows.length > 0 && (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Article links that are broken or not checked yet</caption>
          <thead className="bg-sand text-xs uppercase tracking-wider text-ink-muted max-md:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2">
                Address
              </th>
              <th scope="col" className="px-3 py-2">
                State
              </th>
              <th scope="col" className="px-3 py-2">
                In
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.url} className="border-t border-line max-md:block max-md:py-2" data-state={row.state}>
                <td className="break-all px-3 py-2 max-md:block max-md:py-0">
                  <a href={row.url} target="_blank" rel="noopener noreferrer" className="text-brand underline">
                    {row.url}
                  </a>
                </td>
                <td className="px-3 py-2 max-md:block max-md:py-0">
                  <span className={row.state === "broken" ? "font-semibold text-red-700" : "text-ink-muted"}>
                    {row.outcome ?? LINK_STATE_LABELS[row.state]}
                  </span>
                  {row.checkedAt && <span className="block text-xs text-ink-muted">{formatDateTimeUtc(row.checkedAt)}</span>}
                </td>
                <td className="px-3 py-2 max-md:block max-md:py-0">
                  {row.articles.map((article, index) => (
                    <span key={article.id}>
                      {index > 0 && ", "}
                      <Link to={`/admin/articles/${article.id}`} className="font-semibold text-brand underline">
                        {article.title}
                      </Link>
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.hidden > 0 && (
        <p className="mt-2 text-sm text-ink-muted">And {report.hidden.toLocaleString("en-US")} more; fix these first.</p>
      )}
    </section>
  );
}
