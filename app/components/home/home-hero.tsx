import { ArrowRight, BadgeCheck, Scale, ThermometerSun } from "~/components/ui/icons";
import { ButtonLink } from "~/components/ui/button";
import { heroKicker } from "~/lib/home/content-year";
import { responsiveImage } from "~/lib/images/image-url";
import { MAIN_PICTURE } from "~/lib/site/main-picture";

/** The hero's picture, also the page's social card image. */
export const HERO_PICTURE = "/images/collections/outdoor-saunas.webp";

/**
 * The hero picture, the page's LCP element: full width on phones, the right half of the row from md.
 * It is the page's one eager, high-priority picture, so React's server renderer puts a preload of
 * this very srcset at the top of the <head> by itself; a second preload would only repeat its URLs.
 */
const HERO_IMAGE = responsiveImage(
  HERO_PICTURE,
  "landscape",
  "(min-width: 1400px) 620px, (min-width: 768px) calc(50vw - 3.5rem), calc(100vw - 2rem)",
);

const promises = [
  { icon: BadgeCheck, text: "Hands-on, unbiased ratings" },
  { icon: Scale, text: "Side-by-side comparisons" },
  { icon: ThermometerSun, text: "Buying advice from sauna owners" },
];

/** The home page's opening: the promise, the way to the reviews, and the hero picture. `year`: see heroKicker. */
export function HomeHero({ year }: { year: number | null }) {
  return (
    <section aria-labelledby="hero-title" className="hero">
      <div className="page-container hero-grid">
        <div className="max-w-xl">
          <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-brand">{heroKicker(year)}</p>
          <h1 id="hero-title" className="hero-title">
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
          <ul className="hero-promises">
            {promises.map(({ icon: Icon, text }) => (
              <li key={text}>
                <Icon aria-hidden className="size-4 text-forest" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        {/* The picture is the grid's second cell itself; a wrapper would add nothing to the layout. */}
        <img
          {...HERO_IMAGE}
          alt="A cedar outdoor sauna with warm light in its window, beside a lake at dusk"
          width={1600}
          height={900}
          {...MAIN_PICTURE}
          className="hero-picture"
        />
      </div>
    </section>
  );
}
