import { ArrowRight, BadgeCheck, Scale, ThermometerSun } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { SITE_DESCRIPTION, SITE_NAME } from "~/lib/site-navigation";
import type { Route } from "./+types/home";

const HERO_IMAGE = "/images/collections/outdoor-saunas.webp";

export const meta: Route.MetaFunction = () => [
  { title: `${SITE_NAME} - Compare Top Outdoor Saunas` },
  { name: "description", content: SITE_DESCRIPTION },
  { property: "og:title", content: `${SITE_NAME} - Compare Top Outdoor Saunas` },
  { property: "og:description", content: SITE_DESCRIPTION },
  { property: "og:type", content: "website" },
  { name: "robots", content: "index,follow" },
];

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: HERO_IMAGE, as: "image", fetchPriority: "high" },
];

export function headers() {
  // A CDN may serve the home page for a minute and refresh it in the background (ARCHITECTURE D8).
  return { "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300" };
}

const promises = [
  { icon: BadgeCheck, text: "Hands-on, unbiased ratings" },
  { icon: Scale, text: "Side-by-side comparisons" },
  { icon: ThermometerSun, text: "Buying advice from sauna owners" },
];

export default function Home() {
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
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <ButtonLink to="/reviews" size="lg">
                Explore Top Saunas
                <ArrowRight aria-hidden className="size-5" />
              </ButtonLink>
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
              src={HERO_IMAGE}
              alt="A cedar outdoor sauna with warm light in its window, beside a lake at dusk"
              width={1600}
              height={900}
              fetchPriority="high"
              className="aspect-[16/10] w-full rounded-card object-cover shadow-raised"
            />
          </div>
        </div>
      </section>
    </main>
  );
}
