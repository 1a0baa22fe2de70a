import { EmptyTable, TableCard, TableHead, TableNote } from "~/components/admin/admin-table";
import { Link } from "~/components/ui/link";
import { ARTICLE_STATUS_LABELS, articleListSearch, type ArticleListFilters } from "~/lib/admin/article-list";
import { findCategory } from "~/lib/learn/articles";
import type { ArticleListRow } from "~/server/articles/article-admin.server";

const COLUMNS = [{ label: "Title" }, { label: "Status" }, { label: "Category" }, { label: "Author" }, { label: "Updated (UTC)" }];

function when(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}

/** The articles, most recently changed first, with the links to the pages before and after. */
export function ArticleTable({
  rows,
  filters,
  total,
  pageCount,
}: {
  rows: readonly ArticleListRow[];
  filters: ArticleListFilters;
  total: number;
  pageCount: number;
}) {
  if (rows.length === 0) {
    const filtered = filters.q || filters.status || filters.category || filters.author !== null;
    return (
      <EmptyTable>{filtered ? "No articles match these filters." : "No articles yet. Write one, or import Markdown files."}</EmptyTable>
    );
  }
  return (
    <TableCard label="Articles, scrollable">
      <table className="w-full text-left text-sm" aria-label="Articles">
        <TableHead columns={COLUMNS} cell="px-4 py-3" />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-line align-top">
              <td className="min-w-56 px-4 py-2.5">
                <Link to={`/admin/articles/${row.id}`} className="font-semibold text-brand underline">
                  {row.title}
                </Link>
                <span className="block text-xs text-ink-muted">/learn/{row.slug}</span>
              </td>
              <td className="whitespace-nowrap px-4 py-2.5">
                {ARTICLE_STATUS_LABELS[row.status]}
                {row.status === "scheduled" && row.publishAt !== null && (
                  <span className="block text-xs text-ink-muted">for {when(row.publishAt)}</span>
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-2.5">{findCategory(row.categorySlug)?.name ?? row.categorySlug}</td>
              <td className="whitespace-nowrap px-4 py-2.5">{row.author ?? "-"}</td>
              <td className="whitespace-nowrap px-4 py-2.5 tabular-nums">{when(row.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TableNote>
        <span className="flex flex-wrap items-center justify-between gap-3">
          <span>
            Page {filters.page} of {pageCount} ({total.toLocaleString("en-US")} {total === 1 ? "article" : "articles"})
          </span>
          <span className="flex gap-4">
            {filters.page > 1 && <Link to={`/admin/articles${articleListSearch({ ...filters, page: filters.page - 1 })}`}>Previous</Link>}
            {filters.page < pageCount && (
              <Link to={`/admin/articles${articleListSearch({ ...filters, page: filters.page + 1 })}`}>Next</Link>
            )}
          </span>
        </span>
      </TableNote>
    </TableCard>
  );
}
