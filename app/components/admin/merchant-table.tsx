import { Form, Link } from "~/components/ui/link";
import { TableCard, TableHead } from "./admin-table";

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
                <div className="flex justify-end gap-2">
                  <Link
                    to={`/admin/merchants?edit=${merchant.id}#merchant-form`}
                    className="font-semibold text-brand underline-offset-2 hover:underline"
                  >
                    Edit<span className="sr-only"> {merchant.name}</span>
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-merchant" />
                    <input type="hidden" name="id" value={merchant.id} />
                    <button
                      type="submit"
                      className="font-semibold text-red-700 underline-offset-2 hover:underline"
                      title={merchant.offerCount > 0 ? "A merchant with offers cannot be deleted" : undefined}
                    >
                      Delete<span className="sr-only"> {merchant.name}</span>
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}
