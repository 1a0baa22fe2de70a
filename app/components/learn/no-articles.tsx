import { ButtonLink } from "~/components/ui/button";

/** A category page with nothing in it (an unknown category): says so and offers every article. */
export function NoArticles() {
  return (
    <section className="mx-auto max-w-lg rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
      <h2 className="text-2xl font-semibold">No Articles Found</h2>
      <p className="mt-2 text-ink-muted">Check back soon for new content in this category.</p>
      <ButtonLink to="/learn" variant="secondary" className="mt-6">
        Browse all articles
      </ButtonLink>
    </section>
  );
}
