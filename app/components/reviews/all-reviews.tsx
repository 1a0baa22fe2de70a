import { Link } from "~/components/ui/link";
import { Pagination } from "~/components/catalog/pagination";
import type { HomeProductCard } from "~/lib/home/home-page";
import type { PageInfo } from "~/lib/catalog/pagination";
import { ProductRows } from "./product-rows";

const SECTION_ID = "all-saunas";
const TITLE = "All Sauna Reviews";

/** The index's list of every sauna, one page at a time; before the first review, a pointer to the guides. */
export function AllReviews({ products, pagination }: { products: HomeProductCard[]; pagination: PageInfo }) {
  if (products.length === 0) {
    return (
      <section aria-labelledby={SECTION_ID} className="page-container py-12 md:py-16">
        <h2 id={SECTION_ID} className="text-2xl font-semibold tracking-tight md:text-3xl">
          {TITLE}
        </h2>
        <p className="mt-4 rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          Our first reviews are on their way. In the meantime, our{" "}
          <Link to="/learn" className="font-semibold text-brand hover:text-brand-strong">
            buying guides
          </Link>{" "}
          explain what to look for.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby={SECTION_ID} className="page-container py-12 md:py-16">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={SECTION_ID} className="text-2xl font-semibold tracking-tight md:text-3xl">
          {TITLE}
        </h2>
        <p className="text-sm text-ink-muted">
          {pagination.totalItems.toLocaleString("en-US")} {pagination.totalItems === 1 ? "sauna" : "saunas"}, best rated first
        </p>
      </div>
      <ProductRows products={products} className="mt-6" />
      <Pagination pagination={pagination} label="All sauna reviews, pages" />
    </section>
  );
}
