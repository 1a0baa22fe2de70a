import { sql } from "kysely";
import type { EditorDashboard } from "~/lib/admin/editor-dashboard";
import type { DB } from "../db/connection.server";

/**
 * What an editor's dashboard shows: their own drafts, what is scheduled, the reviews due for an
 * update and their recent edits. Nothing about clicks, revenue or the catalog's running: an
 * editor's screens must carry no figure of the business, not even in the page's data.
 */

/** A review tested more than this long ago (or never dated) is due for another look. */
export const REVIEW_DUE_AFTER_MONTHS = 12;
const LIST_LENGTH = 10;

/** The date (YYYY-MM-DD, UTC) a review tested before is due. */
export function reviewDueBefore(now: number): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - REVIEW_DUE_AFTER_MONTHS);
  return date.toISOString().slice(0, 10);
}

export async function editorDashboard(db: DB, editorEmail: string, now: number = Date.now()): Promise<EditorDashboard> {
  const [drafts, scheduled, reviewsDue, recentEdits] = await Promise.all([
    // Drafts this editor has saved at least once.
    db
      .selectFrom("articles")
      .select(["id", "title", "updated_at"])
      .where("status", "=", "draft")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("article_revisions")
            .select("article_revisions.id")
            .whereRef("article_revisions.article_id", "=", "articles.id")
            .where("article_revisions.user_email", "=", editorEmail),
        ),
      )
      .orderBy("updated_at", "desc")
      .limit(LIST_LENGTH)
      .execute(),
    db
      .selectFrom("articles")
      .select(["id", "title", "publish_at"])
      .where("status", "=", "scheduled")
      .orderBy("publish_at", "asc")
      .limit(LIST_LENGTH)
      .execute(),
    db
      .selectFrom("products")
      .select(["id", "name", "tested_on"])
      .where("verdict", "is not", null)
      .where((eb) => eb.or([eb("tested_on", "is", null), eb("tested_on", "<", reviewDueBefore(now))]))
      // Never dated first, on both databases (they sort nulls differently), then the oldest.
      .orderBy(sql`case when tested_on is null then 0 else 1 end`)
      .orderBy("tested_on", "asc")
      .orderBy("id", "asc")
      .limit(LIST_LENGTH)
      .execute(),
    db
      .selectFrom("audit_log")
      .select(["id", "at", "action", "detail"])
      .where("user_email", "=", editorEmail)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(LIST_LENGTH)
      .execute(),
  ]);
  return {
    drafts: drafts.map((row) => ({ id: row.id, title: row.title, updatedAt: Number(row.updated_at) })),
    scheduled: scheduled.map((row) => ({ id: row.id, title: row.title, publishAt: Number(row.publish_at) })),
    reviewsDue: reviewsDue.map((row) => ({ id: row.id, name: row.name, testedOn: row.tested_on })),
    recentEdits: recentEdits.map((row) => ({ id: Number(row.id), at: Number(row.at), action: row.action, detail: row.detail })),
  };
}
