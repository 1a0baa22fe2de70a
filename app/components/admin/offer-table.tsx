import { Link } from "~/components/ui/link";
import { TableCard, TableHead, TableNote } from "./admin-table";

export interface OfferListRow {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  merchantName: string;
  priceText: string;
  salePriceText: string | null;
  availability: string;
  countries: string[];
  source: string;
  confirmedAt: string;
}

const COLUMNS = [
  { label: "Product" },
  { label: "Merchant" },
  { label: "Price" },
  { label: "Availability" },
  { label: "Countries" },
  { label: "Confirmed" },
];

/** Offers as rows: each product links to its edit screen, where its offers are edited. */
export function OfferTable({ rows, total }: { rows: readonly OfferListRow[]; total: number }) {
  return (
    <TableCard>
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Offers, most recently confirmed first</caption>
        <TableHead columns={COLUMNS} cell="px-4 py-3" />
        <tbody className="divide-y divide-line">
          {rows.map((offer) => (
            <tr key={offer.id}>
              <td className="px-4 py-3">
                <Link
                  to={`/admin/products?edit=${offer.productId}#product-offers`}
                  className="font-medium text-brand underline-offset-2 hover:underline"
                >
                  {offer.productName}
                </Link>
                <span className="block font-mono text-xs text-ink-muted">{offer.productSlug}</span>
              </td>
              <td className="px-4 py-3">{offer.merchantName}</td>
              <td className="px-4 py-3 tabular-nums">
                {offer.priceText}
                {offer.salePriceText && <span className="block text-forest">sale {offer.salePriceText}</span>}
              </td>
              <td className="px-4 py-3">{offer.availability}</td>
              <td className="px-4 py-3">{offer.countries.length > 0 ? offer.countries.join(", ") : "—"}</td>
              <td className="px-4 py-3 tabular-nums text-ink-muted">
                {offer.confirmedAt.slice(0, 10)} ({offer.source})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > rows.length && (
        <TableNote>
          Showing the {rows.length} most recently confirmed of {total.toLocaleString("en-US")} offers; Export CSV downloads them all.
        </TableNote>
      )}
    </TableCard>
  );
}
