import { Link } from "~/components/ui/link";
import type { NameCount } from "~/server/admin/admin-queries.server";
import { EmptyTable, TableCard, TableHead } from "./admin-table";

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
  if (rows.length === 0) return <EmptyTable>{empty}</EmptyTable>;
  return (
    <TableCard>
      <table className="w-full text-left text-sm">
        <TableHead
          cell="px-4 py-3"
          columns={[{ label: nameHeading }, { label: "Products", className: "text-right" }, { label: "Show products", srOnly: true }]}
        />
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.name} className="hover:bg-canvas">
              <td className="px-4 py-2.5 font-medium text-ink">{row.name}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{row.count.toLocaleString("en-US")}</td>
              <td className="px-4 py-2.5 text-right">
                <Link
                  to={`/admin/products?${filterParam}=${encodeURIComponent(row.name)}`}
                  className="font-semibold text-brand hover:underline"
                >
                  Show products<span className="sr-only"> with {row.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}
