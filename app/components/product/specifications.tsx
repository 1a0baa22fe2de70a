import { cn } from "~/components/ui/cn";
import type { ProductPageView } from "~/lib/product/product-page";

/** The Specifications card: one row per spec, 'N/A' in muted text for what the record lacks. */
export function Specifications({ view }: { view: ProductPageView }) {
  return (
    <section aria-labelledby="specs-heading" className="rounded-card border border-line bg-surface p-5 shadow-card lg:p-6">
      <h2 id="specs-heading" className="text-xl font-semibold">
        Specifications
      </h2>
      <dl className="mt-3 divide-y divide-line text-sm">
        {view.specifications.map((row) => (
          <div
            key={row.label}
            className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2.5 md:grid-cols-1 md:gap-0.5 lg:grid-cols-[8.5rem_minmax(0,1fr)] lg:gap-3"
          >
            <dt className="font-medium text-ink-muted">{row.label}</dt>
            <dd className={cn("break-words", row.missing ? "text-ink-muted" : "font-medium text-ink")}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
