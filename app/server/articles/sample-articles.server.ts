import { tagSlug } from "~/lib/learn/articles";
import type { ArticleFile } from "./article-markdown.server";
import type { DB } from "../db/connection.server";
import { sampleArticleFiles } from "../seed/sample-article-files";
import { SAMPLE_NOTE_AUTHOR, sampleArticleNotes } from "../seed/sample-picks";
import { sampleAuthorDetails } from "../seed/sample-authors";

const SEEDED_KEY = "sample_articles_seeded_at";

/**
 * Puts the shipped articles (content/articles/*.md) in the database as sample articles, once in
 * its life, on their own marker: a site seeded before articles moved into the database gets them
 * too (it showed them from the files until now), and a site whose owner removed them never gets
 * them back. A database that already has articles is marked and left alone. The marker row is
 * written first inside the transaction, so two instances starting at once seed one copy.
 */
export async function seedSampleArticles(db: DB, files: ArticleFile[] = sampleArticleFiles()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("site_state")
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    if (await trx.selectFrom("articles").select("id").limit(1).executeTakeFirst()) return 0;

    const now = Date.now();
    const authorIds = new Map<string, number>();
    for (const { meta } of files) {
      const slug = tagSlug(meta.author.name);
      if (authorIds.has(slug)) continue;
      const existing = await trx.selectFrom("authors").select("id").where("slug", "=", slug).executeTakeFirst();
      const details = sampleAuthorDetails[slug];
      const id = existing
        ? Number(existing.id)
        : Number(
            (
              await trx
                .insertInto("authors")
                .values({
                  slug,
                  name: meta.author.name,
                  title: meta.author.title,
                  credentials: details?.credentials ?? "",
                  bio: details?.bio ?? "",
                  image: meta.author.image ?? null,
                  image_alt: meta.author.image ? (details?.imageAlt ?? "") : "",
                  profile_links: JSON.stringify(details?.profileLinks ?? []),
                  is_sample: true,
                  created_at: now,
                  updated_at: now,
                })
                .returning("id")
                .executeTakeFirstOrThrow()
            ).id,
          );
      authorIds.set(slug, id);
    }
    for (const { meta, body } of files) {
      await trx
        .insertInto("articles")
        .values({
          slug: meta.slug,
          title: meta.title,
          excerpt: meta.excerpt,
          meta_title: meta.metaTitle ?? null,
          meta_description: meta.metaDescription ?? null,
          category_slug: meta.categorySlug,
          tags: JSON.stringify(meta.tags),
          author_id: authorIds.get(tagSlug(meta.author.name)) ?? null,
          image: meta.image,
          image_alt: meta.imageAlt ?? "",
          featured: false,
          body,
          read_time_minutes: meta.readTimeMinutes ?? null,
          status: "published",
          publish_at: Date.parse(`${meta.publishDate}T00:00:00Z`),
          last_updated: meta.lastUpdated ?? null,
          is_sample: true,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await seedSampleArticleNotes(trx);
    return files.length;
  });
}

/** The sample articles' update notes, for the articles just seeded. */
async function seedSampleArticleNotes(trx: DB) {
  const slugs = Object.keys(sampleArticleNotes);
  if (slugs.length === 0) return;
  const articles = await trx.selectFrom("articles").select(["id", "slug"]).where("slug", "in", slugs).execute();
  const notes = articles.flatMap((article) =>
    (sampleArticleNotes[article.slug] ?? []).map((note) => ({
      subject_type: "article" as const,
      subject_id: Number(article.id),
      noted_on: note.date,
      text: note.text,
      author: SAMPLE_NOTE_AUTHOR,
      created_at: Date.parse(`${note.date}T12:00:00Z`),
    })),
  );
  if (notes.length > 0) await trx.insertInto("update_notes").values(notes).execute();
}
