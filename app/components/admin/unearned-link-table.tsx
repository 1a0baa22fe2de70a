import { Link } from "~/components/ui/link";
import type { UnearnedLinkPage } from "~/lib/learn/unearned-links";
import { AdminPageLinks } from "./page-links";

/**
 * /admin/links' "Links that earn nothing": the published articles' off-site links that do not go
 * through the tracked redirect, those that look like a shop's first (docs/decisions/0102).
 */
export function UnearnedLinkTable({ unearned, query }: { unearned: UnearnedLinkPage; query: Record<string, string | undefined> }) {
  return (
    <section aria-labelledby="unearned-title" className="mt-10">
      <h2 id="unearned-title" className="text-xl font-semibold tracking-tight">
        Links that earn nothing
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Links to other sites in published articles. {unearned.tracked.toLocaleString("en-US")} go through the site&apos;s tracked link to a
        shop; these {unearned.total.toLocaleString("en-US")} do not
        {unearned.shopLike > 0 ? `, and ${unearned.shopLike.toLocaleString("en-US")} of them look like a shop's` : ""}. Add the shop under
        Merchants (with its domain), or the page as an offer's link, and the article earns from it.
      </p>
      {unearned.rows.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">Every link to another site in a published article is tracked.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="bg-sand text-xs uppercase tracking-wider text-ink-muted max-md:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2">
                Address
              </th>
              <th scope="col" className="px-3 py-2">
                Article
              </th>
            </tr>
          </thead>
          <tbody>
            {unearned.rows.map((row, index) => (
              <tr key={index} className="border-t border-line max-md:block max-md:py-2">
                <td className="break-all px-3 py-2 max-md:block max-md:py-0">
                  <a href={row.url} target="_blank" rel="noopener noreferrer" className="text-brand underline">
                    {row.url}
                  </a>
                  {row.shopLike && <span className="ml-2 text-xs font-semibold text-ink">Looks like a shop</span>}
                </td>
                <td className="px-3 py-2 max-md:block max-md:py-0">
                  <Link to={`/admin/articles/${row.articleId}`} className="font-semibold text-brand underline">
                    {row.articleTitle}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AdminPageLinks
        page={unearned.page}
        pages={unearned.pages}
        path="/admin/links"
        query={query}
        label="Pages of links that earn nothing"
        className="mt-4"
      />
    </section>
  );
}
