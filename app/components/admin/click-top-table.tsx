import { MousePointerClick } from "lucide-react";
import { adminNumber } from "./admin-format";
import { TableHead } from "./admin-table";

/** The most clicked products, or the pages that sent the most clicks, for the period. */
export function ClickTopTable({
  id,
  title,
  emptyText,
  rows,
}: {
  id: string;
  title: string;
  emptyText: string;
  rows: Array<{ key: string; label: string; href: string | null; clicks: number }>;
}) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface shadow-card" data-testid={id}>
      <h2 id={id} className="flex items-center gap-2 px-5 pt-5 text-lg font-semibold">
        <MousePointerClick aria-hidden className="size-5 text-brand" />
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="p-5 text-sm text-ink-muted">{emptyText}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <TableHead
            cell="px-5 py-2.5"
            columns={[{ label: title === "Top products" ? "Product" : "Page" }, { label: "Clicks", className: "text-right" }]}
          />
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.key} data-testid={`${id}-row`}>
                <td className="px-5 py-2.5">
                  {row.href ? (
                    <a href={row.href} target="_blank" rel="noopener" className="font-medium text-ink hover:text-brand hover:underline">
                      {row.label}
                    </a>
                  ) : (
                    <span className="font-medium text-ink">{row.label}</span>
                  )}
                </td>
                <td className="px-5 py-2.5 text-right tabular-nums">{adminNumber(row.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
