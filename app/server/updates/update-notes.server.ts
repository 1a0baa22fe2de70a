import { UPDATE_NOTES_SHOWN, type EditableUpdateNote, type UpdateNoteView } from "~/lib/updates/update-notes";
import type { DB } from "../db/connection.server";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";

/**
 * The update_notes table: dated public notes on a review (subject: the product) or an article.
 * A note is written inside its subject's save transaction, so a refused save keeps no note, and
 * it announces a catalog change there: the cached pages that show it are dropped everywhere.
 */

export type UpdateNoteSubject = { type: "review" | "article"; id: number };

/** YYYY-MM-DD of a moment, in UTC: the day the page says it changed. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export async function addUpdateNote(
  trx: DB,
  subject: UpdateNoteSubject,
  note: { text: string; author: string; now?: number },
): Promise<void> {
  const now = note.now ?? Date.now();
  await trx
    .insertInto("update_notes")
    .values({
      subject_type: subject.type,
      subject_id: subject.id,
      noted_on: utcDay(now),
      text: note.text,
      author: note.author,
      created_at: now,
    })
    .execute();
  await publishCatalogChange(trx);
}

/** A subject's notes, newest first (by day, then the later of one day's notes first). */
export async function listUpdateNotes(db: DB, subject: UpdateNoteSubject, limit = UPDATE_NOTES_SHOWN): Promise<UpdateNoteView[]> {
  const rows = await db
    .selectFrom("update_notes")
    .select(["noted_on", "text"])
    .where("subject_type", "=", subject.type)
    .where("subject_id", "=", subject.id)
    .orderBy("noted_on", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ date: row.noted_on, text: row.text }));
}

/** A published article's notes, newest first, by its slug (the public page knows the article by it). */
export async function listArticleUpdateNotes(db: DB, slug: string, limit = UPDATE_NOTES_SHOWN): Promise<UpdateNoteView[]> {
  const rows = await db
    .selectFrom("update_notes")
    .innerJoin("articles", "articles.id", "update_notes.subject_id")
    .select(["update_notes.noted_on", "update_notes.text"])
    .where("update_notes.subject_type", "=", "article")
    .where("articles.slug", "=", slug)
    .orderBy("update_notes.noted_on", "desc")
    .orderBy("update_notes.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ date: row.noted_on, text: row.text }));
}

/** Every note of a subject, newest first, with its id: what its editor lists and may remove. */
export async function listUpdateNotesForEditor(db: DB, subject: UpdateNoteSubject): Promise<EditableUpdateNote[]> {
  const rows = await db
    .selectFrom("update_notes")
    .select(["id", "noted_on", "text"])
    .where("subject_type", "=", subject.type)
    .where("subject_id", "=", subject.id)
    .orderBy("noted_on", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({ id: Number(row.id), date: row.noted_on, text: row.text }));
}

/**
 * Removes these notes of this subject (an id of another subject's note removes nothing), inside
 * the save's transaction; announces the change when one went.
 */
export async function removeUpdateNotes(trx: DB, subject: UpdateNoteSubject, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .deleteFrom("update_notes")
    .where("subject_type", "=", subject.type)
    .where("subject_id", "=", subject.id)
    .where("id", "in", [...ids].slice(0, 1000))
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed > 0) await publishCatalogChange(trx);
  return removed;
}
