import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { AboutSection } from "~/components/home/about-section";
import { BestByTypeSection } from "~/components/home/best-by-type";
import { CategoryCarousel } from "~/components/home/category-carousel";
import { EducationSection } from "~/components/home/education-section";
import { HERO_PICTURE, HomeHero } from "~/components/home/home-hero";
import { SaunaComparison } from "~/components/home/sauna-comparison";
import { TopRatedProducts } from "~/components/home/top-rated-products";
import { WhyChoose } from "~/components/home/why-choose";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { PageErrorBoundary, pageErrorMeta } from "~/components/site/page-error-boundary";
import { streamsDeferredData } from "~/lib/site/deferred-data";
import { SITE_DESCRIPTION, SITE_NAME } from "~/lib/site/site-navigation";
import { siteOrigin } from "~/lib/site/site-origin";
import { socialCardMeta } from "~/lib/seo/social-card";
import { organizationStructuredData, structuredDataMeta, websiteStructuredData } from "~/lib/seo/structured-data";
import { loadHomePage } from "~/server/pages/home.server";
import type { Route } from "./+types/home";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

const HOME_TITLE = `${SITE_NAME} - Compare Top Outdoor Saunas`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadHomePage(context.get(appContext), { streamComparison: streamsDeferredData(request.headers) });
  // A CDN may serve the home page for a minute and refresh it in the background; the header rides
  // on the data, so an error page (which has its own) is never cached with it.
  return data(page, { headers: { "Cache-Control": CACHE_CONTROL.publicPage } });
}

export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (error) return pageErrorMeta(error);
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

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { years, categories, bestPicks, topRated, comparison } = loaderData;
  return (
    <main id="main" className="flex-1">
      <HomeHero year={years.hero} />
      <CategoryCarousel cards={categories} />
      <WhyChoose />
      <BestByTypeSection cards={bestPicks} year={years.bestPicks} />
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

export { PageErrorBoundary as ErrorBoundary };
