import { afterEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import { createMigrator } from "../migrate.server";

/**
 * An author's single profile address becomes the first of their profile links and comes back on
 * the way down; the shipped sample article's empty table header is named.
 */

const BEFORE = "2026_11_29_0700_pick_roles_and_update_notes";
const TABLE = "## Side-by-side comparison\n\n| | Traditional Finnish | Infrared |\n|---|---|---|\n| Heat | 180°F | 130°F |\n";

describe.each(testDialects)("author credentials and testers on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(async () => test?.drop());

  it("carries the profile address over, names the sample table's first column, and goes back down", async () => {
    test = await createTestDatabase(dialect);
    const migrator = createMigrator(test.db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const db = test.db as unknown as Kysely<any>;
    const now = Date.now();
    const author = (slug: string, profile: string | null) => ({
      slug,
      name: slug,
      title: "",
      bio: "",
      image: null,
      profile_url: profile,
      is_sample: false,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto("authors")
      .values([author("maija", "https://saunaguild.example/maija"), author("tom", null)])
      .execute();
    const article = (slug: string, isSample: boolean) => ({
      slug,
      title: slug,
      excerpt: "",
      category_slug: "comparisons",
      tags: "[]",
      image: "",
      image_alt: "",
      featured: false,
      body: TABLE,
      status: "published",
      is_sample: isSample,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto("articles")
      .values([article("infrared-vs-traditional", true)])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const authors = await test.db
      .selectFrom("authors")
      .select(["slug", "profile_links", "credentials", "image_alt"])
      .orderBy("slug")
      .execute();
    expect(authors).toEqual([
      { slug: "maija", profile_links: '["https://saunaguild.example/maija"]', credentials: "", image_alt: "" },
      { slug: "tom", profile_links: "[]", credentials: "", image_alt: "" },
    ]);
    const fixed = await test.db.selectFrom("articles").select(["body", "tester_id"]).executeTakeFirstOrThrow();
    expect(fixed).toEqual({ body: TABLE.replace("| | Trad", "| Feature | Trad"), tester_id: null });

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const down = await db.selectFrom("authors").select(["slug", "profile_url"]).orderBy("slug").execute();
    expect(down).toEqual([
      { slug: "maija", profile_url: "https://saunaguild.example/maija" },
      { slug: "tom", profile_url: null },
    ]);
  });
});
