import { Info } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { EXAMPLE_SAUNAS } from "~/lib/collection/collection-page-defaults";
import { responsiveImage } from "~/lib/images/image-url";

/**
 * The empty state of a collection page: a known collection with no products yet
 * shows three example saunas, clearly marked as examples, with nothing to buy.
 */
export function ExampleProducts() {
  return (
    <section
      aria-labelledby="example-notice-title"
      className="rounded-card border border-amber-300 bg-brand-soft p-5 md:p-8"
      data-testid="example-products"
    >
      <div className="flex gap-3">
        <Info aria-hidden className="mt-1 size-5 shrink-0 text-brand" />
        <div>
          <h2 id="example-notice-title" className="font-sans text-lg font-bold text-ink">
            Temporary Notice: Example Products
          </h2>
          <p className="mt-2 max-w-3xl leading-relaxed text-ink-muted">
            Our product database is being loaded with verified reviews for this collection, and our team is still testing these saunas.
            Until the results are in, the three saunas below are examples of what this page will cover. They are not recommendations and
            have no price or rating yet.
          </p>
        </div>
      </div>

      <ul className="mt-6 grid gap-5 md:grid-cols-3">
        {EXAMPLE_SAUNAS.map((example) => (
          <li key={example.name} className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
            <div className="relative aspect-[4/3] bg-sand">
              <img
                {...responsiveImage(example.image, "productCard", "(min-width: 1400px) 432px, (min-width: 768px) 31vw, calc(100vw - 2rem)")}
                alt={`Illustration of an example ${example.type.toLowerCase()} sauna`}
                width={640}
                height={480}
                loading="lazy"
                className="absolute inset-0 size-full object-cover"
              />
              <Badge variant="neutral" className="absolute left-3 top-3 shadow-sm">
                Example
              </Badge>
            </div>
            <div className="p-5">
              <p className="brand-line">{example.type}</p>
              <h3 className="mt-1 text-lg font-semibold">{example.name}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{example.description}</p>
              <ul className="mt-3 flex flex-wrap gap-1.5">
                {example.features.map((feature) => (
                  <li key={feature} className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-medium text-ink">
                    {feature}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>

      <div className="mt-6">
        <ButtonLink to="/reviews" variant="secondary">
          Browse All Saunas
        </ButtonLink>
      </div>
    </section>
  );
}
