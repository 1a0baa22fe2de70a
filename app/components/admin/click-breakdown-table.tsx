import { LayoutPanelTop } from "lucide-react";
import { formatMonies, formatRate, type EarningsRow } from "~/lib/revenue/earnings";
import { adminNumber } from "./admin-format";
import { TableHead } from "./admin-table";

/**
 * The period's clicks by where the link sat on its page, or by the reader's class of device:
 * clicks, the views they are set against, click-through rate and commission per click.
 */
export function ClickBreakdownTable({
  id,
  title,
  nameLabel,
  viewsNote,
  rows,
}: {
  id: string;
  title: string;
  nameLabel: string;
  /** What the views column counts, in a sentence under the table. */
  viewsNote: string;
  rows: ReadonlyArray<Pick<EarningsRow, "key" | "label" | "views" | "clicks" | "ctr" | "epc">>;
}) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface shadow-card" data-testid={id}>
      <h2 id={id} className="flex items-center gap-2 px-5 pt-5 text-lg font-semibold">
        <LayoutPanelTop aria-hidden className="size-5 text-brand" />
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="p-5 text-sm text-ink-muted">No views or clicks counted in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="mt-3 w-full text-left text-sm">
            <TableHead
              cell="px-5 py-2.5"
              columns={[
                { label: nameLabel },
                { label: "Clicks", className: "text-right" },
                { label: "Views", className: "text-right" },
                { label: "CTR", className: "text-right" },
                { label: "EPC", className: "text-right" },
              ]}
            />
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.key} data-testid={`${id}-row`} data-key={row.key}>
                  <th scope="row" className="px-5 py-2.5 font-medium text-ink">
                    {row.label}
                  </th>
                  <td className="px-5 py-2.5 text-right tabular-nums" data-testid="clicks">
                    {adminNumber(row.clicks)}
                  </td>
                  <td className="px-5 py-2.5 text-right tabular-nums" data-testid="views">
                    {row.views === null ? "—" : adminNumber(row.views)}
                  </td>
                  <td className="px-5 py-2.5 text-right tabular-nums" data-testid="ctr">
                    {formatRate(row.ctr)}
                  </td>
                  <td className="px-5 py-2.5 text-right tabular-nums" data-testid="epc">
                    {formatMonies(row.epc)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="border-t border-line px-5 py-2.5 text-sm text-ink-muted">{viewsNote}</p>
    </section>
  );
}
