import { ArrowRight, BadgeCheck, Scale, ThermometerSun } from "~/components/ui/icons";
import { ButtonLink } from "~/components/ui/button";
import { responsiveImage } from "~/lib/image-url";

/** The hero's picture, also the page's social card image. */
export const HERO_PICTURE = "/images/collections/outdoor-saunas.webp";

/** The hero picture, the page's LCP element: full width on phones, the right half of the row from md. */
export const HERO_IMAGE = responsiveImage(
  HERO_PICTURE,
  "landscape",
  "(min-width: 1400px) 620px, (min-width: 768px) calc(50vw - 3.5rem), calc(100vw - 2rem)",
);

const promises = [
  { icon: BadgeCheck, text: "Hands-on, unbiased ratings" },
  { icon: Scale, text: "Side-by-side comparisons" },
  { icon: ThermometerSun, text: "Buying advice from sauna owners" },
];

/** The home page's opening: the promise, the way to the reviews, and the hero picture. */
export function HomeHero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line bg-sand">
      <div className="page-container grid items-center gap-10 py-12 md:grid-cols-[1.05fr_1fr] md:py-20 lg:gap-16">
        <div className="max-w-xl">
          <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-brand">Outdoor sauna reviews for 2025</p>
          <h1 id="hero-title" className="text-[2.5rem] font-semibold leading-[1.08] tracking-tight md:text-5xl lg:text-[3.6rem]">
            Compare Top Saunas For Your Perfect Match
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-ink-muted md:text-xl">
            Barrel, traditional Finnish, infrared and modern cabins: tested, measured and ranked, so you can buy the right sauna the first
            time.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
            <ButtonLink to="/reviews" size="lg">
              Explore Top Saunas
              <ArrowRight aria-hidden className="size-5" />
            </ButtonLink>
            <a
              href="#comparison"
              className="font-semibold text-ink underline decoration-line decoration-2 underline-offset-4 hover:decoration-brand"
            >
              Jump to the comparison
            </a>
          </div>
          <ul className="mt-8 flex flex-col gap-3 text-sm text-ink-muted sm:flex-row sm:flex-wrap sm:gap-x-6">
            {promises.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden className="size-4 text-forest" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative">
          <img
            {...HERO_IMAGE}
            alt="A cedar outdoor sauna with warm light in its window, beside a lake at dusk"
            width={1600}
            height={900}
            fetchPriority="high"
            className="aspect-[16/10] w-full rounded-card object-cover shadow-raised"
          />
        </div>
      </div>
    </section>
  );
}
