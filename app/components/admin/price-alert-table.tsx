import { Link } from "~/components/ui/link";
import { formatMoney } from "~/lib/text/money";
import type { ProductAlertsRow } from "~/server/alerts/price-alerts.server";
import { EmptyTable, TableCard, TableHead, TableNote, type TableColumn } from "./admin-table";

const COLUMNS: TableColumn[] = [
  { label: "Sauna" },
  { label: "Confirmed", className: "text-right" },
  { label: "Pending", className: "text-right" },
  { label: "Lowest target", className: "text-right" },
];

/**
 * Price-drop alerts on /admin/subscribers, one row per sauna with waiting alerts, most confirmed
 * first. `page` and `hasNext` drive the links under it (?alerts_page=).
 */
export function PriceAlertTable({ rows, page, hasNext }: { rows: readonly ProductAlertsRow[]; page: number; hasNext: boolean }) {
  if (rows.length === 0 && page === 1) return <EmptyTable>No one is waiting for a price drop yet.</EmptyTable>;
  return (
    <TableCard>
      <table className="w-full text-left text-sm">
        <TableHead cell="px-4 py-3" columns={COLUMNS} />
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.productId} data-testid="price-alert-row">
              <td className="px-4 py-2.5 font-medium text-ink">
                <Link to={`/reviews/product/${row.slug}`} className="hover:text-brand hover:underline">
                  {row.name}
                </Link>
              </td>
              <td className="px-4 py-2.5 text-right tabular-nums">{row.confirmed.toLocaleString("en-US")}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{row.pending.toLocaleString("en-US")}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">
                {row.lowestTargetMinor === null ? "Any 5% drop" : formatMoney(row.lowestTargetMinor, row.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(page > 1 || hasNext) && (
        <TableNote>
          <span className="flex flex-wrap items-center gap-4">
            <span>Page {page}</span>
            {page > 1 && (
              <Link
                to={page === 2 ? "/admin/subscribers" : `/admin/subscribers?alerts_page=${page - 1}`}
                className="text-brand hover:underline"
              >
                Previous
              </Link>
            )}
            {hasNext && (
              <Link to={`/admin/subscribers?alerts_page=${page + 1}`} className="text-brand hover:underline">
                Next
              </Link>
            )}
          </span>
        </TableNote>
      )}
    </TableCard>
  );
}
