import { Search } from "~/components/ui/icons";
import { Form } from "~/components/ui/link";
import { Button } from "~/components/ui/button";

const SEARCH_PLACEHOLDER = "Search for sauna types, brands, or features...";

/**
 * The reviews search: a GET form to /reviews?q=. It is a plain HTML form, so it works
 * without JavaScript; with it, React Router submits it as a client navigation.
 */
export function ReviewsSearchForm({ query }: { query: string }) {
  return (
    <Form
      method="get"
      action="/reviews"
      role="search"
      aria-label="Search reviews"
      className="flex w-full max-w-2xl flex-col gap-2 sm:flex-row"
    >
      <label htmlFor="reviews-search" className="sr-only">
        Search reviews
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-ink-muted" />
        <input
          // A new query (back/forward, a suggestion link) resets the field to it.
          key={query}
          id="reviews-search"
          type="search"
          name="q"
          defaultValue={query}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          className="h-12 w-full rounded-full border border-line bg-surface pl-11 pr-4 text-[0.95rem] text-ink sm:pl-12 sm:text-base shadow-sm placeholder:text-ink-muted focus-visible:border-brand"
        />
      </div>
      <Button type="submit" size="lg" className="px-6">
        Search
      </Button>
    </Form>
  );
}
