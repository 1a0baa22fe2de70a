import { ButtonLink } from "~/components/ui/button";

export function NotFoundPanel() {
  return (
    <section className="page-container flex flex-col items-center py-24 text-center md:py-32">
      <p className="font-serif text-7xl font-semibold text-brand md:text-8xl" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold md:text-3xl">404 - Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-ink-muted">
        The page you asked for isn't here. It may have moved, or the address may be mistyped.
      </p>
      <ButtonLink to="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </section>
  );
}
