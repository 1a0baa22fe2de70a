import type { Article } from "~/lib/learn/articles";
import { DEFAULT_SITE_PRICES, priceSettingsAt, type SitePrices } from "~/lib/offers/price-view";
import type { ArticleLinkReport } from "~/lib/learn/article-shop-links";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { renderArticleBody } from "./article-markdown.server";
import { tagNames, toArticle, type AuthorRow } from "./article-rows.server";
import { authorCredits, type AuthorCredits } from "./author-profiles.server";
import { productsForBodies, readDirective, renderDirective } from "./product-boxes.server";
import { articleLinkRewriter, renderWithShopLinks } from "./article-shop-links.server";

/**
 * The published articles as the public pages read them. A site has tens or hundreds of articles,
 * so all of them are read and rendered at once and kept in memory per database, until the next
 * save, publication or removal (invalidateCatalog, here or on another instance) or, at the
 * latest, MEMO_MS: rendering Markdown on every page view would cost far more than the query.
 * Product boxes show the catalog as it is: a catalog save drops the memo too. Links to a known
 * merchant's site are sent through the tracked redirect as the body is rendered (the stored
 * Markdown is untouched, docs/decisions/0102); what became of each off-site link is kept beside
 * the pages for /admin/links.
 */

/** A change made outside the site (a script on the database) shows up within this. */
const MEMO_MS = 5 * 60_000;

/** One published article's off-site links, in the order written. */
export interface PublishedArticleLinks {
  /** The article's id, for its editor's address. */
  id: number;
  slug: string;
  title: string;
  links: ArticleLinkReport[];
}

interface Rendered {
  articles: Article[];
  links: PublishedArticleLinks[];
  credits: AuthorCredits;
}

const memos = new WeakMap<DB, { at: number; rendered: Promise<Rendered> }>();
const sitePrices = new WeakMap<DB, SitePrices>();

/**
 * The site's price settings (config.prices), for the product boxes' prices: the server names them
 * once, as it opens the database; without them the defaults.
 */
export function setArticlePrices(db: DB, prices: SitePrices): void {
  sitePrices.set(db, prices);
  memos.delete(db);
}
const listening = new WeakSet<DB>();

async function readPublished(db: DB): Promise<Rendered> {
  const [rows, authors, reviews] = await Promise.all([
    db.selectFrom("articles").selectAll().where("status", "=", "published").orderBy("slug").execute(),
    db.selectFrom("authors").selectAll().execute(),
    // The reviews that name a person: who wrote and who tested what, for bylines and author pages.
    db
      .selectFrom("products")
      .select(["slug", "name", "reviewer", "tester", "tested_on", "category_id", "is_sample"])
      .where((eb) => eb.or([eb("reviewer", "is not", null), eb("tester", "is not", null)]))
      .execute(),
  ]);
  const byId = new Map<number, AuthorRow>(authors.map((author) => [Number(author.id), author]));
  const prices = priceSettingsAt(sitePrices.get(db) ?? DEFAULT_SITE_PRICES, Date.now());
  const credits = authorCredits(
    authors,
    rows.map((row) => ({ authorId: row.author_id === null ? null : Number(row.author_id), tags: tagNames(row) })),
    reviews,
  );
  const products = await productsForBodies(
    db,
    rows.map((row) => row.body),
  );
  const rendered = await renderWithShopLinks(
    db,
    rows.map((row) => row.body),
    (shopLinks, uncovered) => {
      const links: PublishedArticleLinks[] = [];
      const articles = rows.map((row) => {
        const report: ArticleLinkReport[] = [];
        const html = renderArticleBody(
          row.body,
          (line) => {
            const directive = readDirective(line);
            return directive && renderDirective(directive, products, row.slug, false, prices);
          },
          articleLinkRewriter(shopLinks, row.slug, report, uncovered),
        );
        links.push({ id: Number(row.id), slug: row.slug, title: row.title, links: report });
        const author = row.author_id === null ? undefined : byId.get(Number(row.author_id));
        const tester = row.tester_id === null ? undefined : byId.get(Number(row.tester_id));
        return toArticle(row, author, html, { tester, profiles: credits.profiles });
      });
      return { articles, links };
    },
  );
  return { ...rendered, credits };
}

function renderedArticles(db: DB): Promise<Rendered> {
  if (!listening.has(db)) {
    listening.add(db);
    onCatalogChange(db, () => memos.delete(db));
  }
  const hit = memos.get(db);
  if (hit && Date.now() - hit.at < MEMO_MS) return hit.rendered;
  const rendered = readPublished(db);
  memos.set(db, { at: Date.now(), rendered });
  // A failure is not kept: the next request tries again.
  rendered.catch(() => {
    if (memos.get(db)?.rendered === rendered) memos.delete(db);
  });
  return rendered;
}

/** Every published article, rendered, by slug. */
export async function publishedArticles(db: DB): Promise<Article[]> {
  return (await renderedArticles(db)).articles;
}

/** Every published article's off-site links and what each became, by slug: the same render as the pages. */
export async function publishedArticleLinks(db: DB): Promise<PublishedArticleLinks[]> {
  return (await renderedArticles(db)).links;
}

/** Every author's profile and the reviews they wrote or tested: the same read as the articles. */
export async function publishedAuthorCredits(db: DB): Promise<AuthorCredits> {
  return (await renderedArticles(db)).credits;
}

export async function findPublishedArticle(db: DB, slug: string): Promise<Article | undefined> {
  return (await publishedArticles(db)).find((article) => article.slug === slug);
}

/** The current slug of a published article that once had `oldSlug`, for a 301. */
export async function redirectedArticleSlug(db: DB, oldSlug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("article_redirects")
    .innerJoin("articles", "articles.id", "article_redirects.article_id")
    .select("articles.slug")
    .where("article_redirects.old_slug", "=", oldSlug)
    .where("articles.status", "=", "published")
    .executeTakeFirst();
  return row?.slug;
}
