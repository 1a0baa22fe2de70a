import { Link } from "react-router";
import type { NameCount } from "~/server/admin/admin-queries.server";

/** Categories or key features in use, each linking to the products that have it. */
export function NameCountTable({
  rows,
  nameHeading,
  filterParam,
  empty,
}: {
  rows: readonly NameCount[];
  nameHeading: string;
  filterParam: "category" | "feature";
  empty: string;
}) {
  if (rows.length === 0) return <p className="rounded-card border border-dashed border-line bg-surface p-6 text-center text-ink-muted">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface shadow-card">
      <table className="w-full text-left text-sm">
        <thead className="bg-sand text-xs uppercase tracking-wider text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">{nameHeading}</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Products</th>
            <th scope="col" className="px-4 py-3"><span className="sr-only">Show products</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.name} className="hover:bg-canvas">
              <td className="px-4 py-2.5 font-medium text-ink">{row.name}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{row.count.toLocaleString("en-US")}</td>
              <td className="px-4 py-2.5 text-right">
                <Link to={`/admin/products?${filterParam}=${encodeURIComponent(row.name)}`} className="font-semibold text-brand hover:underline">
                  Show products<span className="sr-only"> with {row.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
