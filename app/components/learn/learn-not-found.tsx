import { ButtonLink } from "~/components/ui/button";

/** The not-found screen of the Knowledge Center (an unknown article or tag), always with a way back. */
export function LearnNotFound({ title, message }: { title: string; message: string }) {
  return (
    <section className="page-container flex flex-col items-center py-24 text-center md:py-32">
      <p className="font-serif text-7xl font-semibold text-brand md:text-8xl" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold md:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{message}</p>
      <ButtonLink to="/learn" className="mt-8">
        Return to Knowledge Center
      </ButtonLink>
    </section>
  );
}
