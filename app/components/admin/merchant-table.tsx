import { TableCard, TableHead } from "./admin-table";
import { RowActions, RowLink, RowPostButton } from "./row-actions";

export interface MerchantListRow {
  id: number;
  name: string;
  slug: string;
  domain: string | null;
  countries: string[];
  offerCount: number;
}

const COLUMNS = [
  { label: "Name" },
  { label: "Domain" },
  { label: "Countries" },
  { label: "Offers", className: "text-right" },
  { label: "Actions", srOnly: true },
];

/** The merchants with their offer counts; each row links to its edit form and has a delete button. */
export function MerchantTable({ rows }: { rows: readonly MerchantListRow[] }) {
  return (
    <TableCard>
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">Merchants</caption>
        <TableHead columns={COLUMNS} cell="px-4 py-3" />
        <tbody className="divide-y divide-line">
          {rows.map((merchant) => (
            <tr key={merchant.id}>
              <td className="px-4 py-3">
                <span className="font-medium text-ink">{merchant.name}</span>
                <span className="block font-mono text-xs text-ink-muted">{merchant.slug}</span>
              </td>
              <td className="break-all px-4 py-3">{merchant.domain ?? "—"}</td>
              <td className="px-4 py-3">{merchant.countries.length > 0 ? merchant.countries.join(", ") : "Everywhere"}</td>
              <td className="px-4 py-3 text-right tabular-nums">{merchant.offerCount.toLocaleString("en-US")}</td>
              <td className="px-4 py-3">
                <RowActions>
                  <RowLink to={`/admin/merchants?edit=${merchant.id}#merchant-form`} label="Edit" about={merchant.name} />
                  <RowPostButton
                    intent="delete-merchant"
                    fields={{ id: merchant.id }}
                    label="Delete"
                    about={merchant.name}
                    danger
                    title={merchant.offerCount > 0 ? "A merchant with offers cannot be deleted" : undefined}
                  />
                </RowActions>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}
