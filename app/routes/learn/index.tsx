import { ArrowRight } from "~/components/ui/icons";
import { data, Link } from "react-router";
import { ArticleCard, ArticleGrid } from "~/components/learn/article-card";
import { LearnPageHeader } from "~/components/learn/learn-page-header";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { ButtonLink } from "~/components/ui/button";
import { featuredArticles, KNOWLEDGE_CENTER_NAME, latestArticles, learnPageMeta, toSummary } from "~/lib/articles";
import { SITE_NAME } from "~/lib/site-navigation";
import { siteOrigin } from "~/lib/site-origin";
import { breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/structured-data";
import { ARTICLE_PAGE_CACHE_CONTROL, loadArticles } from "~/server/articles.server";
import type { Route } from "./+types/index";

const DESCRIPTION =
  "Practical guides for outdoor sauna buyers and owners: buying advice, infrared vs traditional, health and safe bathing, maintenance routines and DIY projects.";

/** Where the closing block sends readers who are ready to shop. */
const REVIEW_LINKS = [
  { name: "Barrel Saunas", url: "/reviews/barrel-saunas" },
  { name: "Traditional Finnish Saunas", url: "/reviews/traditional-finnish-saunas" },
  { name: "Infrared Saunas", url: "/reviews/infrared-saunas" },
];

export function loader({ context }: Route.LoaderArgs) {
  const articles = loadArticles().map(toSummary);
  const featured = featuredArticles(articles);
  const { baseUrl } = context.config;
  return data(
    {
      featured,
      latest: latestArticles(articles, { excluding: featured }),
      canonicalUrl: `${baseUrl}/learn`,
      imageUrl: featured[0] ? `${baseUrl}${featured[0].image}` : undefined,
    },
    { headers: { "Cache-Control": ARTICLE_PAGE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? learnPageMeta({
        title: `${KNOWLEDGE_CENTER_NAME} - ${SITE_NAME}`,
        description: DESCRIPTION,
        canonicalUrl: loaderData.canonicalUrl,
        origin: siteOrigin(matches),
        imageUrl: loaderData.imageUrl,
        structuredData: [breadcrumbList([HOME_STEP, LEARN_STEP], siteOrigin(matches))],
      })
    : [];

export default function KnowledgeCenter({ loaderData }: Route.ComponentProps) {
  const { featured, latest } = loaderData;
  return (
    <main id="main" className="flex-1">
      <LearnPageHeader
        title={KNOWLEDGE_CENTER_NAME}
        description="Straight answers for buying, using and looking after an outdoor sauna: what to compare before you order, how to bathe safely, and the routines and projects that keep it in shape."
        activePill="/learn"
      />

      <section aria-labelledby="featured-articles" className="page-container pt-12 md:pt-16">
        <h2 id="featured-articles" className="text-2xl font-semibold tracking-tight md:text-3xl">
          Featured Articles
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:gap-8">
          {featured.map((article) => (
            <li key={article.slug} className="grid">
              <ArticleCard article={article} size="featured" />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="latest-articles" className="page-container pt-14 md:pt-20">
        <h2 id="latest-articles" className="text-2xl font-semibold tracking-tight md:text-3xl">
          Latest Articles &amp; Guides
        </h2>
        <div className="mt-6">
          <ArticleGrid articles={latest} />
        </div>
      </section>

      <div className="page-container pt-14 md:pt-20">
        <NewsletterSignup />
      </div>

      <section aria-labelledby="find-your-sauna" className="mt-14 border-t border-line bg-sand md:mt-20">
        <div className="page-container grid gap-8 py-12 md:grid-cols-[1.2fr_1fr] md:items-center md:py-16">
          <div>
            <h2 id="find-your-sauna" className="text-2xl font-semibold tracking-tight md:text-3xl">
              Ready to find your sauna?
            </h2>
            <p className="mt-3 max-w-xl leading-relaxed text-ink-muted">
              Our reviews rank real models on build quality, heat-up time, ease of installation, warranty and value,
              so you can put what you've learned here to work.
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
                  <Link
                    to={link.url}
                    className="flex items-center justify-between gap-4 py-3 font-semibold text-ink hover:text-brand"
                  >
                    {link.name}
                    <ArrowRight aria-hidden className="size-4 shrink-0 text-brand" />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
    </main>
  );
}
