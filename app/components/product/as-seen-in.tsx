import { Link } from "~/components/ui/link";
import { ArrowRight } from "~/components/ui/icons";
import { collectionThumbnailSrcSet, collectionThumbnailUrl, type AsSeenInCollection } from "~/lib/product/product-page";

/** The collections whose pages list this product, each as a small card. */
export function AsSeenIn({ collections }: { collections: AsSeenInCollection[] }) {
  return (
    <section aria-labelledby="as-seen-in-heading">
      <h2 id="as-seen-in-heading" className="text-2xl font-semibold">
        As Seen In
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 sm:gap-4">
        {collections.map((collection) => (
          <li key={collection.slug}>
            <Link
              to={collection.href}
              className="group flex h-full items-center gap-3 rounded-card border border-line bg-surface p-2.5 pr-4 shadow-card transition hover:border-brand/40 hover:shadow-raised"
            >
              <span className="aspect-[16/9] w-24 shrink-0 overflow-hidden rounded-md bg-sand">
                {collection.image && (
                  <img
                    src={collectionThumbnailUrl(collection.image)}
                    srcSet={collectionThumbnailSrcSet(collection.image)}
                    sizes="96px"
                    alt=""
                    width={320}
                    height={180}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                )}
              </span>
              <span className="min-w-0 flex-1 font-semibold leading-snug text-ink group-hover:text-brand">{collection.title}</span>
              <ArrowRight
                aria-hidden
                className="size-4 shrink-0 text-ink-muted transition group-hover:translate-x-0.5 group-hover:text-brand"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
