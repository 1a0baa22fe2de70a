import { cn } from "~/components/ui/cn";
import type { HomeProductCard } from "~/lib/home/home-page";
import { ProductRow } from "./product-row";

/** Products in the list's order (best rated first; a search's best match first), two columns from lg; under a search's h3 their names are h4s. */
export function ProductRows({
  products,
  headingLevel,
  className,
}: {
  products: HomeProductCard[];
  headingLevel?: 3 | 4;
  className: string;
}) {
  return (
    <ul className={cn("grid gap-4 lg:grid-cols-2", className)} data-testid="product-list">
      {products.map((product) => (
        <li key={product.id} className="grid">
          <ProductRow product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
