import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";

/** Articles leaving the site with "Remove all sample content" (or chosen by id). */

export async function planArticleRemoval(
  db: DB,
  ids: readonly number[],
  samples: boolean,
): Promise<{ id: number; title: string; slug: string }[]> {
  const found = new Map<number, { id: number; title: string; slug: string }>();
  for (const part of chunks([...new Set(ids)], IN_LIST_CHUNK)) {
    for (const row of await db.selectFrom("articles").select(["id", "title", "slug"]).where("id", "in", part).execute()) {
      found.set(Number(row.id), { ...row, id: Number(row.id) });
    }
  }
  if (samples) {
    for (const row of await db.selectFrom("articles").select(["id", "title", "slug"]).where("is_sample", "=", true).execute()) {
      found.set(Number(row.id), { ...row, id: Number(row.id) });
    }
  }
  return [...found.values()].sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
}

/**
 * Deletes the articles (their revisions and old addresses go with them). The sample authors they
 * leave unused are the removal plan's to name and delete (catalog-removal.server.ts). Run inside
 * the removal's transaction.
 */
export async function removeArticles(trx: DB, ids: readonly number[]): Promise<number> {
  let removed = 0;
  for (const part of chunks([...ids], IN_LIST_CHUNK)) {
    await trx.deleteFrom("article_revisions").where("article_id", "in", part).execute();
    await trx.deleteFrom("article_redirects").where("article_id", "in", part).execute();
    await trx.deleteFrom("update_notes").where("subject_type", "=", "article").where("subject_id", "in", part).execute();
    removed += Number((await trx.deleteFrom("articles").where("id", "in", part).executeTakeFirst()).numDeletedRows);
  }
  return removed;
}
