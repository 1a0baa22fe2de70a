import { sql } from "kysely";
import { tagSlug } from "~/lib/learn/articles";
import type { AuthorFields } from "~/lib/admin/author-form";
import { authorFormValues } from "~/lib/admin/author-form-values";
import { profileLinksFromJson } from "~/lib/learn/author-profile";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { StaleVersion } from "../forms/edit-conflict.server";

/** Who writes the articles: the admin's list and form, and an author's public page. */

export interface AuthorListRow {
  id: number;
  slug: string;
  name: string;
  title: string;
  credentials: string;
  bio: string;
  image: string | null;
  imageAlt: string;
  profileLinks: string[];
  articles: number;
  /** The version its edit form sends back (docs/decisions/0103-no-silent-overwrite.md). */
  version: number;
}

/** An author's own columns: what the list shows, and what its article count is grouped by. */
const AUTHOR_COLUMNS = [
  "authors.id",
  "authors.slug",
  "authors.name",
  "authors.title",
  "authors.credentials",
  "authors.bio",
  "authors.image",
  "authors.image_alt",
  "authors.profile_links",
  "authors.version",
] as const;

export async function listAuthors(db: DB): Promise<AuthorListRow[]> {
  const rows = await db
    .selectFrom("authors")
    .leftJoin("articles", "articles.author_id", "authors.id")
    .select(AUTHOR_COLUMNS)
    .select((eb) => eb.fn.count<number | string>("articles.id").as("articles"))
    .groupBy(AUTHOR_COLUMNS)
    .orderBy("authors.name")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    title: row.title,
    credentials: row.credentials,
    bio: row.bio,
    image: row.image,
    imageAlt: row.image_alt,
    profileLinks: profileLinksFromJson(row.profile_links),
    articles: Number(row.articles),
    version: Number(row.version),
  }));
}

export class AuthorRefused extends Error {
  constructor(
    message: string,
    readonly field: keyof AuthorFields | null = null,
  ) {
    super(message);
  }
}

/**
 * Adds (id null) or changes an author, all or nothing; its articles' pages show the change. A
 * change names the version its form loaded and throws StaleVersion over a newer one.
 */
export async function saveAuthor(db: DB, fields: AuthorFields, id: number | null, version?: number): Promise<number> {
  const slug = fields.slug || tagSlug(fields.name);
  const saved = await db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom("authors")
      .select("id")
      .where("slug", "=", slug)
      .$if(id !== null, (query) => query.where("id", "!=", id!))
      .executeTakeFirst();
    if (clash) throw new AuthorRefused("Another author has this address; choose another slug.", "slug");
    const now = Date.now();
    const columns = {
      slug,
      name: fields.name,
      title: fields.title,
      credentials: fields.credentials,
      bio: fields.bio,
      image: fields.image || null,
      image_alt: fields.image ? fields.imageAlt : "",
      profile_links: JSON.stringify(fields.profileLinks),
      updated_at: now,
    };
    let savedId = id;
    if (id === null) {
      const row = await trx
        .insertInto("authors")
        .values({ ...columns, is_sample: false, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      savedId = Number(row.id);
    } else {
      const result = await trx
        .updateTable("authors")
        .set({ ...columns, version: sql<number>`version + 1` })
        .where("id", "=", id)
        .$if(version !== undefined, (query) => query.where("version", "=", version!))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const exists = await trx.selectFrom("authors").select("id").where("id", "=", id).executeTakeFirst();
        throw exists ? new StaleVersion() : new AuthorRefused("This author no longer exists.");
      }
    }
    await publishCatalogChange(trx);
    return savedId!;
  });
  invalidateCatalog(db);
  return saved;
}

export async function findAuthorBySlug(db: DB, slug: string): Promise<AuthorListRow | undefined> {
  return (await listAuthors(db)).find((author) => author.slug === slug);
}

/** An author as its edit form sends it, with its version: what a save conflict compares. */
export async function authorFormNow(db: DB, id: number): Promise<{ version: number; values: Record<string, string> } | null> {
  const row = await db.selectFrom("authors").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    version: Number(row.version),
    values: authorFormValues({
      ...row,
      imageAlt: row.image_alt,
      profileLinks: profileLinksFromJson(row.profile_links),
    }),
  };
}
