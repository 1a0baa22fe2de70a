import type { ArticleFields } from "~/lib/admin/article-fields";
import type { DB } from "../db/connection.server";
import { saveArticle, type Editor, type EditableArticle } from "./article-admin.server";

/** An article's saved revisions: the list, one in full, and restoring one (which is a save too). */

export interface RevisionSummary {
  id: number;
  savedAt: number;
  by: string;
  autosave: boolean;
}

export interface Revision extends RevisionSummary {
  fields: ArticleFields;
}

function readSnapshot(text: string): { fields: ArticleFields; autosave: boolean } {
  const { autosave, ...fields } = JSON.parse(text) as ArticleFields & { autosave?: boolean };
  // A revision saved before articles named a tester: its author tested it.
  return { fields: { ...fields, testerId: fields.testerId ?? null }, autosave: autosave === true };
}

/** Newest first (a folded autosave keeps its place). */
export async function listRevisions(db: DB, articleId: number): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom("article_revisions")
    .select(["id", "saved_at", "user_email", "snapshot"])
    .where("article_id", "=", articleId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    savedAt: Number(row.saved_at),
    by: row.user_email,
    autosave: readSnapshot(row.snapshot).autosave,
  }));
}

export async function findRevision(db: DB, articleId: number, revisionId: number): Promise<Revision | null> {
  const row = await db
    .selectFrom("article_revisions")
    .select(["id", "saved_at", "user_email", "snapshot"])
    .where("article_id", "=", articleId)
    .where("id", "=", revisionId)
    .executeTakeFirst();
  if (!row) return null;
  const { fields, autosave } = readSnapshot(row.snapshot);
  return { id: Number(row.id), savedAt: Number(row.saved_at), by: row.user_email, autosave, fields };
}

/**
 * Puts a revision's fields back, as a new save (so the restore is itself a revision and can be
 * undone). The publication state is kept: restoring text never publishes or unpublishes. A slug
 * another article has taken since is kept as it is now.
 */
export async function restoreRevision(db: DB, articleId: number, revisionId: number, editor: Editor): Promise<EditableArticle | null> {
  const revision = await findRevision(db, articleId, revisionId);
  if (!revision) return null;
  const current = await db.selectFrom("articles").select("slug").where("id", "=", articleId).executeTakeFirst();
  if (!current) return null;
  const taken = await db
    .selectFrom("articles")
    .select("id")
    .where("slug", "=", revision.fields.slug)
    .where("id", "!=", articleId)
    .executeTakeFirst();
  const fields = taken ? { ...revision.fields, slug: current.slug } : revision.fields;
  return saveArticle(db, articleId, fields, { editor, publication: { kind: "keep" } });
}
