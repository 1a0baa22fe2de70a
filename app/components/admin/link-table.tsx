import { Pencil } from "lucide-react";
import { Link } from "~/components/ui/link";
import { cn } from "~/components/ui/cn";
import { formatDateTimeUtc } from "~/lib/text/dates";
import { OUTCOME_LABELS } from "~/lib/links/link-outcomes";
import {
  LINK_KIND_LABELS,
  linkTargetKey,
  NOT_CHECKED_YET,
  productEditHref,
  type LinkReportRow,
  type LinkState,
} from "~/lib/links/link-report";
import { requestableUrl } from "~/lib/links/redirects";
import { TableCard, TableHead, type TableColumn } from "./admin-table";

const LINK_COLUMNS: TableColumn[] = [
  { label: "Product" },
  { label: "Address" },
  { label: "Result" },
  { label: "Ends at" },
  { label: "Checked" },
  { label: "Edit", srOnly: true, className: "font-semibold" },
];

/** The link-health report: one row per product link, a card on a phone and a table row from md up. */
export function LinkTable({ rows }: { rows: LinkReportRow[] }) {
  return (
    <TableCard scroll="md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table">
        <TableHead
          cell="px-4 py-3"
          className="max-md:sr-only bg-sand text-xs uppercase tracking-wider text-ink-muted"
          columns={LINK_COLUMNS}
        />
        <tbody className="block divide-y divide-line md:table-row-group">
          {rows.map((row) => (
            <LinkRow key={linkTargetKey(row)} row={row} />
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

const STATE_TONES: Record<LinkState, string> = {
  broken: "bg-red-50 text-red-800 ring-1 ring-red-200",
  unchecked: "bg-amber-50 text-amber-900 ring-1 ring-amber-200",
  ok: "bg-forest-soft text-forest ring-1 ring-forest/30",
};

function StateBadge({ row }: { row: LinkReportRow }) {
  const label = row.result ? OUTCOME_LABELS[row.result.outcome] : NOT_CHECKED_YET;
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", STATE_TONES[row.state])}>{label}</span>;
}

function LinkRow({ row }: { row: LinkReportRow }) {
  const result = row.result;
  const requested = requestableUrl(row.url);
  // Compared as requested (normalised, no fragment): "https://shop.com" ending at "https://shop.com/" did not move.
  const finalDiffers = result?.finalUrl && result.finalUrl !== (requested ?? row.url);
  const cell = "block px-4 py-1 md:table-cell md:py-3 md:align-top";
  const label = "mr-1 font-semibold text-ink-muted md:hidden";
  return (
    <tr data-testid="link-row" data-state={row.state} className="block py-2 md:table-row md:py-0">
      <td className={cn(cell, "font-semibold text-ink")}>
        {row.productName}
        <span className="block text-xs font-normal text-ink-muted">
          {row.link === "offer" ? `Offer at ${row.merchantName ?? "a shop"}` : LINK_KIND_LABELS[row.link]}
        </span>
        {row.usedOn && (
          <span className="block text-xs font-normal text-ink-muted" data-testid="link-used-on">
            On{" "}
            <a href={`/reviews/product/${row.usedOn.productSlug}`} target="_blank" rel="noopener" className="text-brand underline">
              its product page
            </a>
            {row.usedOn.articles.map((article, index) => (
              <span key={article.id}>
                {index === row.usedOn!.articles.length - 1 ? " and " : ", "}
                <Link to={`/admin/articles/${article.id}`} className="text-brand underline">
                  {article.title}
                </Link>
              </span>
            ))}
          </span>
        )}
      </td>
      <td className={cn(cell, "max-w-full break-all md:max-w-xs")}>
        <span className={label}>Address:</span>
        {/* Only a web address becomes a link: a stored javascript: or data: value stays text. */}
        {requested ? (
          <a href={row.url} target="_blank" rel="noopener noreferrer" className="text-brand underline-offset-2 hover:underline">
            {row.url}
          </a>
        ) : (
          <span>{row.url}</span>
        )}
      </td>
      <td className={cell}>
        <StateBadge row={row} />
        {result?.error && <span className="mt-1 block text-xs text-ink-muted">{result.error}</span>}
        {result && !result.error && result.statusCode !== null && (
          <span className="mt-1 block text-xs text-ink-muted">{result.statusCode} OK</span>
        )}
        {row.previous && (
          <span className="mt-1 block text-xs text-ink-muted">
            Link changed since the last check (then: {OUTCOME_LABELS[row.previous.outcome]}
            {row.previous.statusCode !== null ? `, ${row.previous.statusCode}` : ""}).
          </span>
        )}
      </td>
      <td className={cn(cell, "text-xs md:max-w-xs")}>
        <span className={label}>Ends at:</span>
        {finalDiffers ? (
          <span className="break-all">{result.finalUrl}</span>
        ) : (
          <span className="text-ink-muted">{result ? "same address" : "—"}</span>
        )}
      </td>
      <td className={cn(cell, "whitespace-nowrap text-xs tabular-nums")}>
        <span className={label}>Checked:</span>
        {result ? formatDateTimeUtc(result.checkedAt) : "—"}
      </td>
      <td className={cell}>
        <Link
          to={productEditHref(row.productId)}
          className="inline-flex items-center gap-1 whitespace-nowrap text-sm font-semibold text-brand hover:underline"
        >
          <Pencil aria-hidden className="size-3.5" />
          Edit product<span className="sr-only">: {row.productName}</span>
        </Link>
      </td>
    </tr>
  );
}
