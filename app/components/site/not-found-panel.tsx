import { ButtonLink } from "~/components/ui/button";

/** The big-404 screen. Sections with a home of their own (the Knowledge Center) send the reader back there. */
export function NotFoundPanel({
  title,
  message,
  returnTo = "/",
  returnLabel = "Return to Home",
}: {
  title: string;
  message: string;
  returnTo?: string;
  returnLabel?: string;
}) {
  return (
    <section className="page-container flex flex-col items-center py-24 text-center md:py-32">
      <p className="font-serif text-7xl font-semibold text-brand md:text-8xl" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold md:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{message}</p>
      <ButtonLink to={returnTo} className="mt-8">
        {returnLabel}
      </ButtonLink>
    </section>
  );
}
