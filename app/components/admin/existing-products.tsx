import { ExternalLink, Pencil, X } from "lucide-react";
import { Link } from "~/components/ui/link";
import type { Product } from "~/lib/catalog/catalog";
import { adminNumber, adminPrice } from "./admin-format";
import { AdminSearchForm } from "./admin-search-form";
import { AdminPageLinks } from "./page-links";
import { EmptyTable, TableCard, TableHead, type TableColumn } from "./admin-table";
import { BulkDeleteForm, DeleteRowLink, SelectRowCheckbox } from "./bulk-delete";

export interface ExistingProductsView {
  products: Product[];
  total: number;
  page: number;
  pages: number;
  filter: { category?: string; feature?: string; search?: string };
}

const COLUMNS: TableColumn[] = [
  { label: "Select", srOnly: true, className: "w-8" },
  { label: "Name" },
  { label: "Brand" },
  { label: "Category" },
  { label: "Price", className: "text-right" },
  { label: "Rating", className: "text-right" },
  { label: "Actions", srOnly: true, className: "text-right font-semibold" },
];

/** The products already saved, shown while no CSV is parsed, each with its edit form. */
export function ExistingProducts({ view }: { view: ExistingProductsView }) {
  const { products, total, page, pages, filter } = view;
  const filtered = Boolean(filter.category || filter.feature || filter.search);
  return (
    <section aria-labelledby="existing-title" className="space-y-3">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 id="existing-title" className="text-xl font-semibold">
            Existing products <span className="font-sans text-base font-normal text-ink-muted">({total.toLocaleString("en-US")})</span>
          </h2>
          {filtered && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
              {filter.category && (
                <span>
                  Category: <strong className="text-ink">{filter.category}</strong>
                </span>
              )}
              {filter.feature && (
                <span>
                  Feature: <strong className="text-ink">{filter.feature}</strong>
                </span>
              )}
              {filter.search && (
                <span>
                  Search: <strong className="text-ink">{filter.search}</strong>
                </span>
              )}
              <Link to="/admin/products" className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
                <X aria-hidden className="size-3.5" />
                Clear
              </Link>
            </p>
          )}
        </div>
        <AdminSearchForm
          id="product-search"
          label="Search products"
          placeholder="Name, brand or slug"
          defaultValue={filter.search}
          inputClassName="md:w-64"
        >
          {filter.category && <input type="hidden" name="category" value={filter.category} />}
          {filter.feature && <input type="hidden" name="feature" value={filter.feature} />}
        </AdminSearchForm>
      </div>

      {products.length === 0 ? (
        <EmptyTable>{filtered ? "No products match." : "No products yet. Upload a CSV or add one by hand."}</EmptyTable>
      ) : (
        <BulkDeleteForm id="bulk-delete-products" returnTo="/admin/products" noun="products">
          {/* Cards under 768 px, a table above: tables turn into cards on phones. */}
          <ul className="space-y-2 md:hidden">
            {products.map((product) => (
              <li key={product.id} className="rounded-card border border-line bg-surface p-3 shadow-card">
                <div className="flex items-start justify-between gap-3">
                  <SelectRowCheckbox field="product" id={product.id} label={product.name} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-ink">{product.name}</p>
                    <p className="text-xs text-ink-muted">
                      {product.brand} · <span className="font-mono">{product.slug}</span>
                    </p>
                    <p className="mt-1 text-sm tabular-nums">
                      {adminPrice(product.priceCents)} · rating {adminNumber(product.rating, 1)}
                    </p>
                  </div>
                  <ProductActions product={product} />
                </div>
              </li>
            ))}
          </ul>
          <TableCard className="hidden md:block">
            <table className="w-full text-left text-sm">
              <TableHead cell="px-3 py-2.5" columns={COLUMNS} />
              <tbody className="divide-y divide-line">
                {products.map((product) => (
                  <tr key={product.id} className="hover:bg-canvas">
                    <td className="px-3 py-2">
                      <SelectRowCheckbox field="product" id={product.id} label={product.name} />
                    </td>
                    <td className="px-3 py-2">
                      <p className="font-medium text-ink">{product.name}</p>
                      <p className="font-mono text-xs text-ink-muted">
                        {product.slug}
                        {product.isSample && (
                          <span className="ml-2 rounded-full bg-sand px-1.5 py-0.5 font-sans text-[0.65rem] font-bold uppercase">
                            sample
                          </span>
                        )}
                      </p>
                    </td>
                    <td className="px-3 py-2">{product.brand}</td>
                    <td className="px-3 py-2">{product.categoryId ?? "—"}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{adminPrice(product.priceCents)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{adminNumber(product.rating, 1)}</td>
                    <td className="px-3 py-2">
                      <ProductActions product={product} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        </BulkDeleteForm>
      )}

      <AdminPageLinks
        page={page}
        pages={pages}
        path="/admin/products"
        query={{ category: filter.category, feature: filter.feature, q: filter.search }}
        label="Pages of products"
      />
    </section>
  );
}

function ProductActions({ product }: { product: Product }) {
  return (
    <span className="flex shrink-0 justify-end gap-1">
      <Link
        to={`/admin/products?edit=${product.id}#product-form`}
        className="inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-semibold text-brand hover:bg-brand-soft"
      >
        <Pencil aria-hidden className="size-3.5" />
        Edit<span className="sr-only"> {product.name}</span>
      </Link>
      <Link
        to={`/reviews/product/${encodeURIComponent(product.slug)}`}
        className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-sand hover:text-ink"
        aria-label={`View ${product.name} on the site`}
      >
        <ExternalLink aria-hidden className="size-4" />
      </Link>
      <DeleteRowLink field="product" id={product.id} label={product.name} returnTo="/admin/products" />
    </span>
  );
}
