import { ArrowRight, BadgeCheck, Scale, ThermometerSun } from "~/components/ui/icons";
import type { AppLoadContext } from "react-router";
import { AboutSection } from "~/components/home/about-section";
import { BestByTypeSection } from "~/components/home/best-by-type";
import { CategoryCarousel } from "~/components/home/category-carousel";
import { EducationSection } from "~/components/home/education-section";
import { SaunaComparison } from "~/components/home/sauna-comparison";
import { TopRatedProducts } from "~/components/home/top-rated-products";
import { WhyChoose } from "~/components/home/why-choose";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { ButtonLink } from "~/components/ui/button";
import { streamsDeferredData } from "~/lib/deferred-data";
import {
  bestPickCards,
  categoryCarouselCards,
  COMPARISON_ROW_LIMIT,
  comparisonSection,
  topRatedSection,
} from "~/lib/home-page";
import { imagePreloadLink, responsiveImage } from "~/lib/image-url";
import { linkSource } from "~/lib/clicks/tracked-link";
import type { DisplayContext } from "~/lib/product-view-models";
import { SITE_DESCRIPTION, SITE_NAME } from "~/lib/site-navigation";
import { siteOrigin } from "~/lib/site-origin";
import { socialCardMeta } from "~/lib/social-card";
import { organizationStructuredData, structuredDataMeta, websiteStructuredData } from "~/lib/structured-data";
import { catalogCache, PUBLIC_PAGE_CACHE_CONTROL } from "~/server/catalog/catalog-cache.server";
import { log } from "~/server/log.server";
import type { Route } from "./+types/home";

const HERO_PICTURE = "/images/collections/outdoor-saunas.webp";

/** The hero picture, the page's LCP element: full width on phones, the right half of the row from md. */
const HERO_IMAGE = responsiveImage(
  HERO_PICTURE,
  "landscape",
  "(min-width: 1400px) 620px, (min-width: 768px) calc(50vw - 3.5rem), calc(100vw - 2rem)",
);

const HOME_TITLE = `${SITE_NAME} - Compare Top Outdoor Saunas`;

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = siteOrigin(matches);
  return [
    { title: HOME_TITLE },
    { name: "description", content: SITE_DESCRIPTION },
    { name: "robots", content: "index,follow" },
    { tagName: "link", rel: "canonical", href: `${origin}/` },
    ...socialCardMeta({ title: HOME_TITLE, description: SITE_DESCRIPTION, url: `${origin}/`, image: HERO_PICTURE }, origin),
    ...structuredDataMeta([websiteStructuredData(origin), organizationStructuredData(origin)]),
  ];
};

export const links: Route.LinksFunction = () => [
  imagePreloadLink(HERO_IMAGE),
];

export function headers() {
  // A CDN may serve the home page for a minute and refresh it in the background (ARCHITECTURE D8).
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

/**
 * The home page reads the catalog cache's small results (the picks, the top ten and the catalog's
 * size), never the product table. It reads them once per section: the hero, categories, picks and
 * top-rated cards are awaited; the comparison table is deferred (Hydrogen style). A client
 * navigation streams it behind its skeleton; a document load waits for it, so the first HTML is
 * complete without JavaScript (see streamsDeferredData).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Pictures as site paths, so the /img route can resize them whatever BASE_URL says.
  const display: DisplayContext = { origin: "", surveyFormUrl: context.config.surveyFormUrl, linkSource: linkSource.home };
  const deferred = loadDeferredData(context, display);
  const critical = await loadCriticalData(context, display);
  const comparison = streamsDeferredData(request.headers) ? deferred.comparison : await deferred.comparison;
  return { ...critical, comparison };
}

/** Hero, categories, best-by-type and top-rated: needed for the first paint. */
async function loadCriticalData({ db }: AppLoadContext, display: DisplayContext) {
  const catalog = catalogCache(db);
  const [collections, picks, top] = await Promise.all([
    // The collections cache falls back to nothing: no category then has a picture of its own.
    readOr(catalog.collections(), [], "collections for the category carousel"),
    // SPEC §8: a best-by-type failure gives three empty picks.
    readOr(catalog.bestByType(), { traditional: null, infrared: null, barrel: null }, "products for best by type"),
    // SPEC §8: a top-rated failure is logged and gives an empty list (then the built-in cards).
    readOr(catalog.topProducts(), { products: [], total: 0 }, "products for the top-rated list"),
  ]);
  return {
    categories: categoryCarouselCards(collections, display.origin),
    bestPicks: bestPickCards(picks, display),
    topRated: topRatedSection(top.products, display),
  };
}

/** The comparison table. A failure gives null (the section says so) instead of failing the page. */
function loadDeferredData({ db }: AppLoadContext, display: DisplayContext) {
  const comparison = catalogCache(db)
    .topProducts()
    .then((top) => comparisonSection(top.products, display, COMPARISON_ROW_LIMIT, top.total))
    .catch((error: unknown) => {
      log.error(`Home page comparison failed: ${(error as Error)?.message ?? error}`);
      return null;
    });
  return { comparison };
}

async function readOr<T>(read: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    log.error(`Home page could not read ${what}: ${(error as Error)?.message ?? error}`);
    return fallback;
  }
}

const promises = [
  { icon: BadgeCheck, text: "Hands-on, unbiased ratings" },
  { icon: Scale, text: "Side-by-side comparisons" },
  { icon: ThermometerSun, text: "Buying advice from sauna owners" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, bestPicks, topRated, comparison } = loaderData;
  return (
    <main id="main" className="flex-1">
      <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line bg-sand">
        <div className="page-container grid items-center gap-10 py-12 md:grid-cols-[1.05fr_1fr] md:py-20 lg:gap-16">
          <div className="max-w-xl">
            <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-brand">
              Outdoor sauna reviews for 2025
            </p>
            <h1
              id="hero-title"
              className="text-[2.5rem] font-semibold leading-[1.08] tracking-tight md:text-5xl lg:text-[3.6rem]"
            >
              Compare Top Saunas For Your Perfect Match
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-ink-muted md:text-xl">
              Barrel, traditional Finnish, infrared and modern cabins: tested, measured and ranked, so you can buy
              the right sauna the first time.
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
              <ButtonLink to="/reviews" size="lg">
                Explore Top Saunas
                <ArrowRight aria-hidden className="size-5" />
              </ButtonLink>
              <a href="#comparison" className="font-semibold text-ink underline decoration-line decoration-2 underline-offset-4 hover:decoration-brand">
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

      <CategoryCarousel cards={categories} />
      <WhyChoose />
      <BestByTypeSection cards={bestPicks} />
      <TopRatedProducts section={topRated} />
      <SaunaComparison comparison={comparison} />
      <EducationSection />
      <AboutSection />
      <div className="page-container pb-16 md:pb-24">
        <NewsletterSignup />
      </div>
    </main>
  );
}
