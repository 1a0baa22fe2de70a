import { sampleEditedOnUpdate } from "../db/sample-mark.server";
import type { ArticleFields } from "~/lib/admin/article-fields";
import type { ArticleListFilters } from "~/lib/admin/article-list";
import { sql } from "kysely";
import type { ArticleStatus } from "../db/schema";
import { StaleVersion } from "../forms/edit-conflict.server";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { addUpdateNote, removeUpdateNotes } from "../updates/update-notes.server";
import { UPDATE_NOTE_FIELD } from "~/lib/updates/update-notes";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { flag, millis, tagNames, utcDate, type ArticleRow } from "./article-rows.server";

/**
 * The admin's side of the articles: the list, one article for the editor, and the save that
 * writes an article, keeps a revision of it (who, when) and, when a published article's slug
 * changes, keeps the old address answering 301. A save is one transaction; the public pages hear
 * of it through invalidateCatalog (here) and publishCatalogChange (other instances).
 */

export interface Editor {
  id: string | null;
  email: string;
}

export interface ArticleListRow {
  id: number;
  title: string;
  slug: string;
  status: ArticleStatus;
  categorySlug: string;
  author: string | null;
  publishAt: number | null;
  updatedAt: number;
}

export type ArticleListQuery = ArticleListFilters;

export const ARTICLE_LIST_PAGE_SIZE = 25;

export async function listArticlesForAdmin(db: DB, query: ArticleListQuery): Promise<{ rows: ArticleListRow[]; total: number }> {
  let base = db.selectFrom("articles").leftJoin("authors", "authors.id", "articles.author_id");
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb(eb.fn("lower", ["articles.title"]), "like", like), eb(eb.fn("lower", ["articles.slug"]), "like", like)]),
    );
  }
  if (query.status) base = base.where("articles.status", "=", query.status);
  if (query.category) base = base.where("articles.category_slug", "=", query.category);
  if (query.author !== null) base = base.where("articles.author_id", "=", query.author);
  const [rows, count] = await Promise.all([
    base
      .select([
        "articles.id",
        "articles.title",
        "articles.slug",
        "articles.status",
        "articles.category_slug",
        "articles.publish_at",
        "articles.updated_at",
        "authors.name as author",
      ])
      .orderBy("articles.updated_at", "desc")
      .orderBy("articles.id", "desc")
      .limit(ARTICLE_LIST_PAGE_SIZE)
      .offset((query.page - 1) * ARTICLE_LIST_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      slug: row.slug,
      status: row.status,
      categorySlug: row.category_slug,
      author: row.author,
      publishAt: millis(row.publish_at),
      updatedAt: Number(row.updated_at),
    })),
    total: Number(count.n),
  };
}

export interface EditableArticle {
  id: number;
  fields: ArticleFields;
  status: ArticleStatus;
  publishAt: number | null;
  lastUpdated: string | null;
  updatedAt: number;
  /** Bumped by every write: the editor sends the one it loaded (docs/decisions/0103-no-silent-overwrite.md). */
  version: number;
}

export function fieldsOf(row: ArticleRow): ArticleFields {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    metaTitle: row.meta_title ?? "",
    metaDescription: row.meta_description ?? "",
    categorySlug: row.category_slug,
    tags: tagNames(row),
    authorId: row.author_id === null ? null : Number(row.author_id),
    testerId: row.tester_id === null ? null : Number(row.tester_id),
    image: row.image,
    imageAlt: row.image_alt,
    featured: flag(row.featured),
    body: row.body,
    readTimeMinutes: row.read_time_minutes,
  };
}

export async function findArticleForEdit(db: DB, id: number): Promise<EditableArticle | null> {
  const row = await db.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    fields: fieldsOf(row),
    status: row.status,
    publishAt: millis(row.publish_at),
    lastUpdated: row.last_updated,
    updatedAt: Number(row.updated_at),
    version: Number(row.version),
  };
}

/** Every tag name in use, for the editor's suggestions. */
export async function listKnownTags(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("articles").select("tags").execute();
  const names = new Map<string, string>();
  for (const row of rows) for (const name of tagNames(row)) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}

/** A save the admin cannot make as asked; `field` names the input at fault. */
export class ArticleRefused extends Error {
  constructor(
    message: string,
    readonly field: keyof ArticleFields | "publishAt" | typeof UPDATE_NOTE_FIELD | null = null,
  ) {
    super(message);
  }
}

function toColumns(fields: ArticleFields) {
  return {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    meta_title: fields.metaTitle || null,
    meta_description: fields.metaDescription || null,
    category_slug: fields.categorySlug,
    tags: JSON.stringify(fields.tags),
    author_id: fields.authorId,
    tester_id: fields.testerId,
    image: fields.image,
    image_alt: fields.imageAlt,
    featured: fields.featured,
    body: fields.body,
    read_time_minutes: fields.readTimeMinutes,
  };
}

/** A new, empty draft with a free "untitled-article[-n]" slug. */
export async function createDraft(db: DB, editor: Editor, categorySlug: string, authorId: number | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const taken = new Set(
      (await trx.selectFrom("articles").select("slug").where("slug", "like", "untitled-article%").execute()).map((row) => row.slug),
    );
    let slug = "untitled-article";
    for (let n = 2; taken.has(slug); n += 1) slug = `untitled-article-${n}`;
    const now = Date.now();
    const fields: ArticleFields = {
      title: "Untitled article",
      slug,
      excerpt: "",
      metaTitle: "",
      metaDescription: "",
      categorySlug,
      tags: [],
      authorId,
      testerId: null,
      image: "",
      imageAlt: "",
      featured: false,
      body: "",
      readTimeMinutes: null,
    };
    const { id } = await trx
      .insertInto("articles")
      .values({
        ...toColumns(fields),
        status: "draft",
        publish_at: null,
        last_updated: null,
        is_sample: false,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await keepRevision(trx, Number(id), fields, editor, now, false);
    return Number(id);
  });
}

/** How a save changes the publication state. */
export type Publication = { kind: "keep" } | { kind: "publish-now" } | { kind: "schedule"; at: number } | { kind: "unpublish" };

export interface SaveOptions {
  editor: Editor;
  publication: Publication;
  /** Sets the updated date shown on the page and in its dateModified to today. */
  markUpdated?: boolean;
  /** A save made while typing: it folds into the editor's previous autosave revision. */
  autosave?: boolean;
  /** The version the editor loaded: a save over a newer one throws StaleVersion. */
  version?: number;
  /** A public note on what changed, dated today (a live article only; never with an autosave). */
  updateNote?: string | null;
  /** Its notes to take off the page with this save (never with an autosave). */
  removeNotes?: readonly number[];
  now?: number;
}

/** Autosaves within this long of the editor's previous one replace it rather than adding one each. */
const AUTOSAVE_FOLD_MS = 10 * 60_000;

async function keepRevision(trx: DB, articleId: number, fields: ArticleFields, editor: Editor, now: number, autosave: boolean) {
  const snapshot = JSON.stringify({ ...fields, autosave });
  if (autosave) {
    const last = await trx
      .selectFrom("article_revisions")
      .select(["id", "user_email", "saved_at", "snapshot"])
      .where("article_id", "=", articleId)
      .orderBy("id", "desc")
      .executeTakeFirst();
    const lastWasAutosave = last && (JSON.parse(last.snapshot) as { autosave?: boolean }).autosave === true;
    if (last && lastWasAutosave && last.user_email === editor.email && now - Number(last.saved_at) < AUTOSAVE_FOLD_MS) {
      await trx.updateTable("article_revisions").set({ snapshot, saved_at: now }).where("id", "=", last.id).execute();
      return;
    }
  }
  await trx
    .insertInto("article_revisions")
    .values({ article_id: articleId, saved_at: now, user_id: editor.id, user_email: editor.email, snapshot })
    .execute();
}

/**
 * Saves an article, all or nothing. Refuses (ArticleRefused) a slug another article has, a
 * schedule in the past, and an autosave of an article that is not a draft (a live article
 * changes only when its editor presses Save); and (StaleVersion) a save, autosave included, over
 * a version newer than `options.version`.
 */
export async function saveArticle(db: DB, id: number, fields: ArticleFields, options: SaveOptions): Promise<EditableArticle> {
  const now = options.now ?? Date.now();
  const saved = await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) throw new ArticleRefused("This article no longer exists.");
    if (options.version !== undefined && Number(current.version) !== options.version) throw new StaleVersion();
    if (options.autosave && current.status !== "draft")
      throw new ArticleRefused("Only drafts save on their own; press Save to change a live article.");
    const clash = await trx.selectFrom("articles").select("id").where("slug", "=", fields.slug).where("id", "!=", id).executeTakeFirst();
    if (clash) throw new ArticleRefused("Another article has this address; choose another slug.", "slug");

    let status: ArticleStatus = current.status;
    let publishAt = millis(current.publish_at);
    const { publication } = options;
    if (publication.kind === "publish-now") {
      // A live article keeps its publication date; a draft or scheduled one goes live now.
      if (status !== "published") publishAt = now;
      status = "published";
    } else if (publication.kind === "schedule") {
      if (!(publication.at > now)) throw new ArticleRefused("Choose a time in the future to schedule it for.", "publishAt");
      status = "scheduled";
      publishAt = publication.at;
    } else if (publication.kind === "unpublish") {
      status = "draft";
      publishAt = null;
    }
    // An update note marks it updated too: the page, its dateModified and the sitemap agree on the day.
    const noted = Boolean(options.updateNote) && !options.autosave;
    const lastUpdated = (options.markUpdated || noted) && status === "published" ? utcDate(now) : current.last_updated;

    // Conditional on the version read above: a save committed in between is not overwritten.
    const written = await trx
      .updateTable("articles")
      .set({
        ...toColumns(fields),
        status,
        publish_at: publishAt,
        last_updated: lastUpdated,
        sample_edited: sampleEditedOnUpdate("articles"),
        updated_at: now,
        version: sql<number>`version + 1`,
      })
      .where("id", "=", id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) throw new StaleVersion();
    // The new address is this article's again, whoever it led to before.
    await trx.deleteFrom("article_redirects").where("old_slug", "=", fields.slug).execute();
    if (current.slug !== fields.slug && current.status === "published") {
      await trx.deleteFrom("article_redirects").where("old_slug", "=", current.slug).execute();
      await trx.insertInto("article_redirects").values({ old_slug: current.slug, article_id: id }).execute();
    }
    await keepRevision(trx, id, fields, options.editor, now, options.autosave === true);
    if (!options.autosave) await removeUpdateNotes(trx, { type: "article", id }, options.removeNotes ?? []);
    if (noted && options.updateNote) {
      // Readers see the note under "What changed"; a draft has no readers yet.
      if (status !== "published")
        throw new ArticleRefused("An update note is for a live article: publish it first, or clear the note.", UPDATE_NOTE_FIELD);
      await addUpdateNote(trx, { type: "article", id }, { text: options.updateNote, author: options.editor.email, now });
    }
    await publishCatalogChange(trx);
    return { id, fields, status, publishAt, lastUpdated, updatedAt: now, version: Number(current.version) + 1 };
  });
  invalidateCatalog(db);
  return saved;
}

/**
 * Publishes every scheduled article whose time has come. The conditional update is the guard
 * that makes it once: a second run (or instance) finds nothing left to publish.
 */
export async function publishDueArticles(db: DB, now = Date.now()): Promise<string[]> {
  const published = await db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable("articles")
      .set({ status: "published", updated_at: now })
      .where("status", "=", "scheduled")
      .where("publish_at", "<=", now)
      .returning("slug")
      .execute();
    if (due.length > 0) await publishCatalogChange(trx);
    return due.map((row) => row.slug);
  });
  if (published.length > 0) invalidateCatalog(db);
  return published;
}
