import { memo } from "react";
import type { ProductImport } from "~/lib/csv/product-csv";
import { adminNumber, adminPrice } from "./admin-format";
import { TableCard, TableHead, type TableColumn } from "./admin-table";

const PREVIEW_COLUMNS: TableColumn[] = [
  { label: "Row" },
  { label: "Product" },
  { label: "Category" },
  { label: "Price", className: "text-right" },
  { label: "Rating", className: "text-right" },
  { label: "Capacity", className: "text-right" },
  { label: "Images", className: "text-right" },
  { label: "Collections" },
];

/** Rows rendered at most: the preview is a check, not a spreadsheet; all rows are saved. */
export const PREVIEW_ROWS = 1000;

/**
 * The parsed products before saving (a table scrolling within 600 px, so the page stays short). Memoised: the
 * upload's progress events re-render the page many times a second, and a thousand rows must not
 * be rebuilt for each.
 */
export const ProductPreviewTable = memo(function ProductPreviewTable({ products }: { products: readonly ProductImport[] }) {
  const shown = products.slice(0, PREVIEW_ROWS);
  return (
    <section aria-labelledby="preview-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="preview-title" className="text-xl font-semibold">
          Parsed products{" "}
          <span className="font-sans text-base font-normal text-ink-muted">({products.length.toLocaleString("en-US")})</span>
        </h2>
        {products.length > PREVIEW_ROWS && (
          <p className="text-sm text-ink-muted">
            Showing the first {PREVIEW_ROWS.toLocaleString("en-US")}; all {products.length.toLocaleString("en-US")} are saved.
          </p>
        )}
      </div>
      {/* Under 768 px the rows are cards, as in every admin table; the list keeps the 600 px scroll. */}
      <ul className="max-h-[600px] space-y-2 overflow-y-auto md:hidden" aria-label="Parsed products">
        {shown.map((product) => (
          <li key={product.slug} className="rounded-card border border-line bg-surface p-3 text-sm shadow-card">
            <p className="font-medium text-ink">
              <span className="mr-2 text-xs tabular-nums text-ink-muted">Row {product.rowNumber}</span>
              {product.name}
            </p>
            <p className="text-xs text-ink-muted">
              {product.brand} · <span className="font-mono">{product.slug}</span>
            </p>
            <p className="mt-1 tabular-nums">
              {adminPrice(product.priceCents)} · rating {adminNumber(product.rating, 1)} · {product.images.length} images
            </p>
            {product.collectionIds.length > 0 && <p className="mt-0.5 text-xs text-ink-muted">{product.collectionIds.join(", ")}</p>}
          </li>
        ))}
      </ul>
      <TableCard
        scroll="max-h-[600px] overflow-auto"
        className="hidden md:block"
        // A scrolling region must take keyboard focus, or keyboard users cannot scroll it.
        tabIndex={0}
        aria-label="Parsed products, scrollable"
      >
        <table className="w-full min-w-[44rem] text-left text-sm">
          <TableHead
            columns={PREVIEW_COLUMNS}
            cell="px-3 py-2.5"
            className="sticky top-0 z-10 bg-sand text-xs uppercase tracking-wider text-ink-muted"
          />
          <tbody className="divide-y divide-line">
            {shown.map((product) => (
              <tr key={product.slug} className="odd:bg-surface even:bg-canvas">
                <td className="px-3 py-2 tabular-nums text-ink-muted">{product.rowNumber}</td>
                <td className="px-3 py-2">
                  <p className="font-medium text-ink">{product.name}</p>
                  <p className="text-xs text-ink-muted">
                    {product.brand} · <span className="font-mono">{product.slug}</span>
                  </p>
                </td>
                <td className="px-3 py-2">{product.categoryId ?? "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{adminPrice(product.priceCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{adminNumber(product.rating, 1)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{adminNumber(product.capacity)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{product.images.length}</td>
                <td className="px-3 py-2 text-xs">{product.collectionIds.join(", ") || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </section>
  );
});
