import { HERO_SIZE } from "./collection-hero";

/**
 * The loading state of a collection page on client navigation (three skeleton blocks),
 * shaped like the page it stands in for.
 */
export function CollectionSkeleton() {
  return (
    <div aria-busy="true" data-testid="collection-skeleton">
      <p className="sr-only" role="status">
        Loading saunas…
      </p>
      <div className="border-b border-line bg-sand/60">
        <div className="page-container animate-pulse pb-8 pt-6 md:pb-12 md:pt-8">
          <div className="h-4 w-32 rounded bg-sand-strong" />
          <div className="mt-6 h-10 w-full max-w-xl rounded bg-sand-strong" />
          <div className="mt-4 h-5 w-full max-w-2xl rounded bg-sand-strong" />
          <div className="mt-8 rounded-card bg-sand-strong" style={{ aspectRatio: `${HERO_SIZE.width} / ${HERO_SIZE.height}` }} />
        </div>
      </div>
      <div className="page-container space-y-6 py-10">
        {[0, 1, 2].map((block) => (
          <div
            key={block}
            data-testid="skeleton-block"
            className="animate-pulse overflow-hidden rounded-card border border-line bg-surface md:grid md:grid-cols-[minmax(0,19rem)_minmax(0,1fr)] lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]"
          >
            <div className="aspect-[4/3] bg-sand md:aspect-auto md:min-h-64" />
            <div className="space-y-3 p-5 md:p-7">
              <div className="h-4 w-16 rounded bg-sand" />
              <div className="h-7 w-3/4 rounded bg-sand" />
              <div className="h-4 w-1/2 rounded bg-sand" />
              <div className="h-4 w-full rounded bg-sand" />
              <div className="h-4 w-5/6 rounded bg-sand" />
              <div className="h-11 w-48 rounded-full bg-sand" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
