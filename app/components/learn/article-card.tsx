import { cn } from "~/components/ui/cn";
import { CardLink, linkedCardClasses } from "~/components/ui/linked-card";
import type { ArticleSummary } from "~/lib/learn/articles";
import { formatLongUsDate } from "~/lib/text/dates";
import { responsiveImage } from "~/lib/images/image-url";

/** The featured card spans about half the row from md; the others a third from lg. */
const CARD_IMAGE_SIZES = {
  featured: "(min-width: 1400px) 650px, (min-width: 768px) 46vw, calc(100vw - 2rem)",
  standard: "(min-width: 1400px) 422px, (min-width: 1024px) 30vw, (min-width: 768px) 45vw, calc(100vw - 2rem)",
};

type HeadingLevel = 2 | 3;

/**
 * One article in a listing: picture, category, title, excerpt, date and read time. The whole
 * card is clickable through the title link (stretched over the card), so there is one link per
 * article for screen readers and crawlers.
 */
export function ArticleCard({
  article,
  headingLevel = 3,
  size = "standard",
}: {
  article: ArticleSummary;
  headingLevel?: HeadingLevel;
  /** 'featured' is the large card of the 'Featured Articles' row. */
  size?: "standard" | "featured";
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const featured = size === "featured";
  return (
    <article className={linkedCardClasses("flex flex-col overflow-hidden bg-surface")}>
      <img
        {...responsiveImage(article.image, "landscapeCard", CARD_IMAGE_SIZES[size])}
        // The title below says what the picture is about.
        alt=""
        width={1600}
        height={900}
        // Featured cards sit in the first screenful; the rest wait until they scroll near.
        loading={featured ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[16/9] w-full bg-sand object-cover"
      />
      <div className={cn("flex flex-1 flex-col", featured ? "p-6 md:p-8" : "p-5")}>
        <p className="text-xs font-bold uppercase tracking-wider text-brand">{article.category}</p>
        <Heading className={cn("mt-2 font-semibold tracking-tight", featured ? "text-2xl md:text-[1.75rem] md:leading-tight" : "text-xl")}>
          <CardLink to={`/learn/${article.slug}`}>{article.title}</CardLink>
        </Heading>
        <p className={cn("mt-3 text-ink-muted", featured ? "text-base md:text-lg" : "line-clamp-3 text-[0.95rem]")}>{article.excerpt}</p>
        <p className="mt-auto flex flex-wrap items-center gap-x-2 pt-5 text-sm text-ink-muted">
          <time dateTime={article.publishDate}>{formatLongUsDate(article.publishDate)}</time>
          <span aria-hidden>·</span>
          <span>{article.readTime}</span>
        </p>
      </div>
    </article>
  );
}

/** Listings: 1 column on phones, 2 from md, 3 from lg. */
export function ArticleGrid({
  articles,
  headingLevel = 3,
  label,
}: {
  articles: readonly ArticleSummary[];
  headingLevel?: HeadingLevel;
  /** Names the list for screen readers when no heading does. */
  label?: string;
}) {
  return (
    <ul aria-label={label} className="grid gap-6 md:grid-cols-2 lg:grid-cols-3 lg:gap-8">
      {articles.map((article) => (
        // A grid cell stretches the card, so a row's cards end level.
        <li key={article.slug} className="grid">
          <ArticleCard article={article} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
