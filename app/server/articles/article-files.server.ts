import { stringify } from "yaml";
import { findCategory, tagSlug } from "~/lib/learn/articles";
import { ArticleContentError, readArticleFile, type ArticleFile } from "./article-markdown.server";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { millis, tagNames, utcDate, type ArticleRow, type AuthorRow } from "./article-rows.server";
import type { Editor } from "./article-admin.server";

/**
 * Articles as Markdown files with YAML front matter (the format the sample articles ship in):
 * export one, or all as a zip; import one or many, all or nothing. An import adds drafts (the
 * owner publishes each when ready) and finds the author by name, adding one that is new.
 */

/** One article as a .md file that the import reads back. */
export function articleMarkdown(row: ArticleRow, author: AuthorRow | undefined): string {
  const category = findCategory(row.category_slug);
  const publishAt = millis(row.publish_at);
  const meta: Record<string, unknown> = {
    title: row.title,
    slug: row.slug,
    category: category?.name ?? row.category_slug,
    categorySlug: row.category_slug,
    excerpt: row.excerpt,
    ...(row.meta_title ? { metaTitle: row.meta_title } : {}),
    ...(row.meta_description ? { metaDescription: row.meta_description } : {}),
    image: row.image,
    ...(row.image_alt ? { imageAlt: row.image_alt } : {}),
    author: author
      ? { name: author.name, title: author.title || "Editor", ...(author.image ? { image: author.image } : {}) }
      : { name: "Editorial Team", title: "Editor" },
    publishDate: utcDate(publishAt ?? Number(row.updated_at)),
    ...(row.last_updated ? { lastUpdated: row.last_updated } : {}),
    ...(row.read_time_minutes ? { readTimeMinutes: row.read_time_minutes } : {}),
    tags: tagNames(row),
  };
  return `---\n${stringify(meta, { lineWidth: 0 }).trimEnd()}\n---\n\n${row.body.replace(/^\n+/, "")}`;
}

export async function exportArticles(db: DB, id: number | null): Promise<{ name: string; text: string }[]> {
  const [rows, authors] = await Promise.all([
    db
      .selectFrom("articles")
      .selectAll()
      .$if(id !== null, (query) => query.where("id", "=", id!))
      .orderBy("slug")
      .execute(),
    db.selectFrom("authors").selectAll().execute(),
  ]);
  const byId = new Map(authors.map((author) => [Number(author.id), author]));
  return rows.map((row) => ({
    name: `${row.slug}.md`,
    text: articleMarkdown(row, row.author_id === null ? undefined : byId.get(Number(row.author_id))),
  }));
}

export type ImportOutcome = { ok: true; slugs: string[] } | { ok: false; problems: string[] };

/** Reads every file, then saves them all in one transaction, or none when any file has a problem. */
export async function importArticleFiles(db: DB, files: readonly { name: string; text: string }[], editor: Editor): Promise<ImportOutcome> {
  const problems: string[] = [];
  const read: ArticleFile[] = [];
  for (const file of files) {
    try {
      read.push(readArticleFile(file.name, file.text, { slugFromFileName: false }));
    } catch (error) {
      if (!(error instanceof ArticleContentError)) throw error;
      problems.push(error.message);
    }
  }
  const slugs = read.map((file) => file.meta.slug);
  // Counted in a Map: a search of the list for each file would be quadratic in the files.
  const filesBySlug = new Map<string, number>();
  for (const slug of slugs) filesBySlug.set(slug, (filesBySlug.get(slug) ?? 0) + 1);
  for (const [slug, files] of filesBySlug) if (files > 1) problems.push(`Two files have the slug "${slug}".`);
  if (slugs.length > 0) {
    const taken = await db.selectFrom("articles").select("slug").where("slug", "in", slugs).execute();
    for (const { slug } of taken)
      problems.push(`An article with the slug "${slug}" exists already: rename the file's slug or edit that article.`);
  }
  if (problems.length > 0) return { ok: false, problems };

  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    for (const { meta, body } of read) {
      const authorSlug = tagSlug(meta.author.name);
      let author = await trx.selectFrom("authors").select("id").where("slug", "=", authorSlug).executeTakeFirst();
      author ??= await trx
        .insertInto("authors")
        .values({
          slug: authorSlug,
          name: meta.author.name,
          title: meta.author.title,
          bio: "",
          image: meta.author.image ?? null,
          is_sample: false,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const fields = {
        title: meta.title,
        slug: meta.slug,
        excerpt: meta.excerpt,
        metaTitle: meta.metaTitle ?? "",
        metaDescription: meta.metaDescription ?? "",
        categorySlug: meta.categorySlug,
        tags: meta.tags,
        authorId: Number(author.id),
        testerId: null,
        image: meta.image,
        imageAlt: meta.imageAlt ?? "",
        featured: false,
        body,
        readTimeMinutes: meta.readTimeMinutes ?? null,
      };
      const { id } = await trx
        .insertInto("articles")
        .values({
          title: fields.title,
          slug: fields.slug,
          excerpt: fields.excerpt,
          meta_title: fields.metaTitle || null,
          meta_description: fields.metaDescription || null,
          category_slug: fields.categorySlug,
          tags: JSON.stringify(fields.tags),
          author_id: fields.authorId,
          image: fields.image,
          image_alt: fields.imageAlt,
          featured: false,
          body,
          read_time_minutes: fields.readTimeMinutes,
          status: "draft",
          publish_at: null,
          last_updated: meta.lastUpdated ?? null,
          is_sample: false,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("article_revisions")
        .values({
          article_id: Number(id),
          saved_at: now,
          user_id: editor.id,
          user_email: editor.email,
          snapshot: JSON.stringify({ ...fields, autosave: false }),
        })
        .execute();
    }
    await publishCatalogChange(trx);
  });
  invalidateCatalog(db);
  return { ok: true, slugs };
}
