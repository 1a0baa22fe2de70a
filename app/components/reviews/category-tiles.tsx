import type { CategoryCard } from "~/lib/home/home-page";
import { CategoryTile } from "./category-tile";

/** The index's 'Browse by Category' tiles; nothing at all when there are none. */
export function CategoryTiles({ tiles }: { tiles: CategoryCard[] }) {
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="review-categories" className="page-container pt-12 md:pt-16">
      <h2 id="review-categories" className="text-2xl font-semibold tracking-tight md:text-3xl">
        Browse by Category
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 md:grid-cols-4" data-testid="category-tiles">
        {tiles.map((tile) => (
          <li key={tile.slug} className="grid">
            <CategoryTile card={tile} />
          </li>
        ))}
      </ul>
    </section>
  );
}
