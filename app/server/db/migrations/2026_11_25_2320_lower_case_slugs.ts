import { sql, type Kysely } from "kysely";

/**
 * Slugs are kept in lower case from now on (docs/decisions/0056): `DUP-1` and `dup-1` name one
 * product. Existing slugs with capitals are lowered where the lower-case spelling is free; one
 * whose lower case another row already has keeps its spelling (both stay reachable, and the admin
 * can rename one), since merging two products or collections is not a migration's decision.
 * Nothing to undo: the old capitals are not recorded, and lower-case slugs work before this too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["products", "collections"]) {
    await sql`
      update ${sql.table(table)} set slug = lower(slug)
      where slug <> lower(slug)
        and not exists (select 1 from ${sql.table(table)} other where other.slug <> ${sql.table(table)}.slug and lower(other.slug) = lower(${sql.table(table)}.slug))
    `.execute(db);
  }
}

export async function down(): Promise<void> {}
