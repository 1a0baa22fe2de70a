import { ArrowRight, SearchX } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import type { CollectionLink } from "~/lib/reviews/reviews-index";

/** A search that found nothing: how to search better, popular collections, the way back to all reviews. */
export function NoResults({ query, suggestions }: { query: string; suggestions: CollectionLink[] }) {
  return (
    <div data-testid="no-results" className="mt-8 rounded-card border border-line bg-surface px-6 py-10 text-center shadow-card md:px-10">
      <SearchX aria-hidden className="mx-auto size-10 text-brand" />
      <h3 className="mt-4 text-xl font-semibold tracking-tight">No saunas or collections match “{query}”</h3>
      <p className="mx-auto mt-2 max-w-xl text-ink-muted">
        Check the spelling, or try a shorter search: a type such as <em>barrel</em> or <em>infrared</em>, a brand, or a feature such as{" "}
        <em>cedar</em>.
      </p>
      {suggestions.length > 0 && (
        <>
          <p className="mt-6 text-sm font-semibold text-ink">Popular collections</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {suggestions.map((suggestion) => (
              <li key={suggestion.href}>
                <Link
                  to={suggestion.href}
                  className="inline-flex rounded-full border border-line bg-canvas px-4 py-2 text-sm font-semibold hover:border-brand hover:text-brand-strong"
                >
                  {suggestion.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to="/reviews" className="mt-6 inline-flex items-center gap-1.5 font-semibold text-brand hover:text-brand-strong">
        Browse all reviews
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </div>
  );
}
