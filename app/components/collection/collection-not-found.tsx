import { SearchX } from "~/components/ui/icons";
import { ButtonLink } from "~/components/ui/button";

/** The slug names no collection at all: say so, and offer the reviews index and the home page. */
export function CollectionNotFound({ title, message }: { title: string; message: string }) {
  return (
    <section className="page-container flex flex-col items-center py-20 text-center md:py-28" aria-labelledby="not-found-title">
      <span className="flex size-16 items-center justify-center rounded-full bg-sand text-brand">
        <SearchX aria-hidden className="size-8" />
      </span>
      <h1 id="not-found-title" className="mt-6 text-3xl font-semibold md:text-4xl">
        {title}
      </h1>
      <p className="mt-4 max-w-xl break-words text-lg text-ink-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/reviews">Browse All Saunas</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Return to Home
        </ButtonLink>
      </div>
    </section>
  );
}
