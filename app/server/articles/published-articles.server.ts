import type { Article } from "~/lib/learn/articles";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { renderArticleBody } from "./article-markdown.server";
import { toArticle, type AuthorRow } from "./article-rows.server";
import { productsForBodies, readDirective, renderDirective } from "./product-boxes.server";

/**
 * The published articles as the public pages read them. A site has tens or hundreds of articles,
 * so all of them are read and rendered at once and kept in memory per database, until the next
 * save, publication or removal (invalidateCatalog, here or on another instance) or, at the
 * latest, MEMO_MS: rendering Markdown on every page view would cost far more than the query.
 * Product boxes show the catalog as it is: a catalog save drops the memo too.
 */

/** A change made outside the site (a script on the database) shows up within this. */
const MEMO_MS = 5 * 60_000;

const memos = new WeakMap<DB, { at: number; articles: Promise<Article[]> }>();
const listening = new WeakSet<DB>();

async function readPublished(db: DB): Promise<Article[]> {
  const [rows, authors] = await Promise.all([
    db.selectFrom("articles").selectAll().where("status", "=", "published").orderBy("slug").execute(),
    db.selectFrom("authors").selectAll().execute(),
  ]);
  const byId = new Map<number, AuthorRow>(authors.map((author) => [Number(author.id), author]));
  const products = await productsForBodies(
    db,
    rows.map((row) => row.body),
  );
  return rows.map((row) => {
    const html = renderArticleBody(row.body, (line) => {
      const directive = readDirective(line);
      return directive && renderDirective(directive, products, row.slug, false);
    });
    return toArticle(row, row.author_id === null ? undefined : byId.get(Number(row.author_id)), html);
  });
}

/** Every published article, rendered, by slug. */
export function publishedArticles(db: DB): Promise<Article[]> {
  if (!listening.has(db)) {
    listening.add(db);
    onCatalogChange(db, () => memos.delete(db));
  }
  const hit = memos.get(db);
  if (hit && Date.now() - hit.at < MEMO_MS) return hit.articles;
  const articles = readPublished(db);
  memos.set(db, { at: Date.now(), articles });
  // A failure is not kept: the next request tries again.
  articles.catch(() => {
    if (memos.get(db)?.articles === articles) memos.delete(db);
  });
  return articles;
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
