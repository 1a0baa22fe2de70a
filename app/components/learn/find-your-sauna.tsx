import { Link } from "~/components/ui/link";
import { ButtonLink } from "~/components/ui/button";
import { ArrowRight } from "~/components/ui/icons";

/** Where the closing block sends readers who are ready to shop. */
const REVIEW_LINKS = [
  { name: "Barrel Saunas", url: "/reviews/barrel-saunas" },
  { name: "Traditional Finnish Saunas", url: "/reviews/traditional-finnish-saunas" },
  { name: "Infrared Saunas", url: "/reviews/infrared-saunas" },
];

/** The Knowledge Center's closing block: from reading to the reviews. */
export function FindYourSauna() {
  return (
    <section aria-labelledby="find-your-sauna" className="mt-14 border-t border-line bg-sand md:mt-20">
      <div className="page-container grid gap-8 py-12 md:grid-cols-[1.2fr_1fr] md:items-center md:py-16">
        <div>
          <h2 id="find-your-sauna" className="text-2xl font-semibold tracking-tight md:text-3xl">
            Ready to find your sauna?
          </h2>
          <p className="mt-3 max-w-xl leading-relaxed text-ink-muted">
            Our reviews rank real models on build quality, heat-up time, ease of installation, warranty and value, so you can put what
            you've learned here to work.
          </p>
          <ButtonLink to="/reviews" size="lg" className="mt-6">
            Browse All Reviews
            <ArrowRight aria-hidden className="size-5" />
          </ButtonLink>
        </div>
        <nav aria-label="Popular sauna reviews">
          <p className="font-sans text-xs font-bold uppercase tracking-wider text-ink-muted">Popular reviews</p>
          <ul className="mt-3 divide-y divide-line border-y border-line">
            {REVIEW_LINKS.map((link) => (
              <li key={link.url}>
                <Link to={link.url} className="flex items-center justify-between gap-4 py-3 font-semibold text-ink hover:text-brand">
                  {link.name}
                  <ArrowRight aria-hidden className="size-4 shrink-0 text-brand" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
