import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-databases";
import { growSite } from "../../../tests/support/grown-site";
import { seedSampleContent } from "../seed/seed.server";
import { DatabaseStorage } from "../storage/database-storage.server";
import { FEED_FILES_BUCKET } from "../storage/storage.server";
import { migrateToLatest } from "./migrate.server";
import { moveToPostgres, MoveRefused, type MoveReport } from "./move-to-postgres.server";

/** Only with a PostgreSQL server to move to; each test gets a brand-new, empty database on it. */
describe.skipIf(!process.env.TEST_DATABASE_URL)("moving a SQLite site to PostgreSQL", () => {
  const GENERATED = 20_000;
  let grown: TestDatabase;
  let target: TestDatabase | undefined;

  beforeAll(async () => {
    grown = await createTestDatabase("sqlite");
    await growSite(grown.db, GENERATED);
  }, 300_000);
  afterAll(() => grown?.drop());
  afterEach(async () => {
    await target?.drop();
    target = undefined;
  });

  const sqliteFile = (test: TestDatabase) => (test.database.dialect === "sqlite" ? test.database.file : "");
  const urlOf = (test: TestDatabase) => (test.database.dialect === "postgres" ? test.database.url : "");
  const emptyPostgres = () => createTestDatabase("postgres", { migrate: false });

  it("copies every table of a grown site: counts and checksums equal, sequences continue", async () => {
    target = await emptyPostgres();
    const lines: string[] = [];
    const report = await moveToPostgres({ sqliteFile: sqliteFile(grown), targetUrl: urlOf(target), progress: (line) => lines.push(line) });

    expect(report.ok).toBe(true);
    for (const table of report.tables) {
      expect({ table: table.table, rows: table.targetRows, checksum: table.targetChecksum }).toEqual({
        table: table.table,
        rows: table.sourceRows,
        checksum: table.sourceChecksum,
      });
    }
    // Counted apart from the move's own sums, on both sides.
    const source = new SqliteDatabase(sqliteFile(grown), { readonly: true });
    try {
      for (const table of report.tables) {
        const expected = (source.prepare(`select count(*) as n from "${table.table}"`).get() as { n: number }).n;
        const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table.table)}`.execute(target.db);
        expect([table.table, Number(rows[0]!.n)]).toEqual([table.table, expected]);
      }
    } finally {
      source.close();
    }
    const rowsOf = (name: string) => report.tables.find((table) => table.table === name)!.sourceRows;
    expect(rowsOf("products")).toBeGreaterThan(GENERATED);
    for (const name of [
      "clicks",
      "page_view_days",
      "price_alerts",
      "articles",
      "article_revisions",
      "commissions",
      "offer_price_history",
      "product_list_tags",
    ]) {
      expect([name, rowsOf(name) > 0]).toEqual([name, true]);
    }
    expect(report.sqliteOnly).toContain("product_search");
    // One progress line per table.
    expect(lines.filter((line) => /^ {2}\S+ +[\d,]+ rows/.test(line))).toHaveLength(report.tables.length);

    // PostgreSQL's own types came out right: flags, instants and the search vector built from the copied text.
    const sample = await target.db
      .selectFrom("products")
      .select(["is_sample", "created_at"])
      .where("is_sample", "=", true)
      .executeTakeFirstOrThrow();
    expect(sample.is_sample).toBe(true);
    expect(sample.created_at).toBeInstanceOf(Date);
    const found = await sql<{
      n: string;
    }>`select count(*) as n from products where search_vector @@ to_tsquery('simple', 'deluxe')`.execute(target.db);
    expect(Number(found.rows[0]!.n)).toBe(GENERATED);

    // Every sequence continues past the copied ids: a new row gets a new id.
    const maxProduct = await target.db
      .selectFrom("products")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    const product = await target.db
      .insertInto("products")
      .values({
        slug: "after-the-move",
        name: "After the move",
        brand: "New",
        list_tags: "|brand:new|",
        images: "[]",
        key_features: "[]",
        best_seller: false,
        is_sample: false,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(product.id).toBeGreaterThan(Number(maxProduct.id));
    const maxClick = await target.db
      .selectFrom("clicks")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    const click = await target.db
      .insertInto("clicks")
      .values({ clicked_at: Date.now(), product_id: product.id, source: "home" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(Number(click.id)).toBeGreaterThan(Number(maxClick.id));
    const revision = await target.db
      .insertInto("article_revisions")
      .values({ article_id: 1, saved_at: Date.now(), user_id: null, user_email: "owner@example.com", snapshot: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(revision.id).toBeGreaterThan(rowsOf("article_revisions"));
    // The triggers are back on: the new product got its list tags.
    const tags = await target.db.selectFrom("product_list_tags").select("tag").where("product_id", "=", product.id).execute();
    expect(tags.length).toBeGreaterThan(0);
  }, 300_000);

  it("refuses a database that already holds rows, and leaves it as it was", async () => {
    target = await emptyPostgres();
    const other = createTestDatabase("sqlite");
    const small = await other;
    try {
      await seedSampleContent(small.db);
      await moveToPostgres({ sqliteFile: sqliteFile(small), targetUrl: urlOf(target) });
      const before = await target.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();

      const refusal = await moveToPostgres({ sqliteFile: sqliteFile(grown), targetUrl: urlOf(target) }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(MoveRefused);
      expect((refusal as Error).message).toMatch(
        /^The PostgreSQL database "[^"]+" on .+ is not empty: [\d,]+ rows in \w+ \([\d,]+\), .*; give an empty database$/,
      );
      const after = await target.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    } finally {
      await small.drop();
    }
  }, 120_000);

  it("keeps nothing when a value cannot be copied, and says which table", async () => {
    target = await emptyPostgres();
    const small = await createTestDatabase("sqlite");
    try {
      await seedSampleContent(small.db);
      await sql`update collections set created_at = 'last Tuesday' where id = (select min(id) from collections)`.execute(small.db);
      await expect(moveToPostgres({ sqliteFile: sqliteFile(small), targetUrl: urlOf(target) })).rejects.toThrow(
        /copying collections: "last Tuesday" is not a date/,
      );
      for (const table of ["products", "merchants", "offers", "collections", "articles"] as const) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(target.db);
        expect([table, Number(rows[0]!.n)]).toEqual([table, 0]);
      }
      // The target is migrated and empty: fixed, the move goes through.
      await sql`update collections set created_at = '2026-01-01T00:00:00.000Z' where created_at = 'last Tuesday'`.execute(small.db);
      expect((await moveToPostgres({ sqliteFile: sqliteFile(small), targetUrl: urlOf(target) })).ok).toBe(true);
    } finally {
      await small.drop();
    }
  }, 120_000);

  it("keeps nothing and reports the table when the copy differs from the SQLite site", async () => {
    target = await emptyPostgres();
    const small = await createTestDatabase("sqlite");
    try {
      await seedSampleContent(small.db);
      // A migrated, empty target with a rule that adds a row elsewhere for every author copied:
      // the copy of verification (empty on SQLite) then holds rows the site never had.
      await migrateToLatest(target.db);
      await sql`create rule tamper as on insert to authors do also
        insert into verification (id, identifier, value, "expiresAt", "createdAt", "updatedAt")
        values ('tamper-' || new.id, 'i', 'v', now(), now(), now())`.execute(target.db);

      const report = await moveToPostgres({ sqliteFile: sqliteFile(small), targetUrl: urlOf(target) });
      expect(report.ok).toBe(false);
      const differing = report.tables.filter(
        (table) => table.sourceRows !== table.targetRows || table.sourceChecksum !== table.targetChecksum,
      );
      expect(differing.map((table) => [table.table, table.sourceRows, table.targetRows])).toEqual([["verification", 0, 3]]);
      for (const table of ["products", "authors", "verification"] as const) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(target.db);
        expect([table, Number(rows[0]!.n)]).toEqual([table, 0]);
      }
    } finally {
      await small.drop();
    }
  }, 120_000);

  it("writes the files under DATA_DIR/storage into the database with --files-to-database", async () => {
    target = await emptyPostgres();
    const small = await createTestDatabase("sqlite");
    try {
      await seedSampleContent(small.db);
      const storage = path.join(path.dirname(sqliteFile(small)), "storage");
      const picture = readFileSync(path.join("public/images/samples", "birchline-classic-2-barrel-sauna-1.webp"));
      mkdirSync(path.join(storage, "product-images"), { recursive: true });
      writeFileSync(path.join(storage, "product-images", "upload-1.webp"), picture);
      writeFileSync(path.join(storage, "product-images", "not-a-picture.webp"), "hello");
      // A feed file larger than one chunk, so it is stored in several.
      const feed = Buffer.alloc(600 * 1024, "sku,price\n");
      mkdirSync(path.join(storage, FEED_FILES_BUCKET), { recursive: true });
      writeFileSync(path.join(storage, FEED_FILES_BUCKET, "feed-1.csv"), feed);

      // A site that kept some files in its database already: they come over as rows, and the disk's copy is skipped.
      await new DatabaseStorage(small.db).put("kept-in-sqlite.webp", picture);
      writeFileSync(path.join(storage, "product-images", "kept-in-sqlite.webp"), picture);

      const report: MoveReport = await moveToPostgres({
        sqliteFile: sqliteFile(small),
        targetUrl: urlOf(target),
        filesToDatabase: storage,
      });
      expect(report.ok).toBe(true);
      expect(report.files).toMatchObject({ moved: 2, bytes: picture.byteLength + feed.byteLength, alreadyThere: 1 });
      expect(report.files!.refused).toEqual([expect.objectContaining({ bucket: "product-images", name: "not-a-picture.webp" })]);
      const read = async (bucket: string, name: string) => {
        const file = await new DatabaseStorage(target!.db, bucket).open(name);
        return Buffer.from(await new Response(file!.body).arrayBuffer());
      };
      expect((await read("product-images", "upload-1.webp")).equals(picture)).toBe(true);
      expect((await read(FEED_FILES_BUCKET, "feed-1.csv")).equals(feed)).toBe(true);
      expect((await read("product-images", "kept-in-sqlite.webp")).equals(picture)).toBe(true);
    } finally {
      await small.drop();
    }
  }, 120_000);
});
