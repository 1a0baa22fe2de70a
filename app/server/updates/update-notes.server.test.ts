import { afterEach, describe, expect, it } from "vitest";
import { articleStructuredData } from "~/lib/seo/structured-data";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { ArticleRefused, findArticleForEdit, saveArticle } from "../articles/article-admin.server";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import { articlePage } from "../pages/learn.server";
import { productPage } from "../pages/product.server";
import { seedSampleContent } from "../seed/seed.server";
import { addUpdateNote, listUpdateNotes, listUpdateNotesForEditor } from "./update-notes.server";

const ORIGIN = "https://saunas.example";
const editor = { id: "u1", email: "editor@example.com" };

describe.each(testDialects)("update notes ('What changed') on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function seeded() {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    return test.db;
  }

  it("a review lists its notes newest first, and its dateModified follows the newest real change", async () => {
    const db = await seeded();
    const slug = "birchline-panorama-4-barrel-sauna";
    // The record itself last changed before the notes; a real product (a sample publishes no Review).
    await db.updateTable("products").set({ updated_at: "2026-10-01T08:00:00.000Z", is_sample: false }).where("slug", "=", slug).execute();
    const review = async () => {
      const screen = await productPage(db, { idOrSlug: slug, baseUrl: ORIGIN });
      return { notes: screen.updateNotes, ld: screen.productLd as unknown as { review: { datePublished: string; dateModified?: string } } };
    };
    const seededPage = await review();
    expect(seededPage.notes.map((note) => note.date)).toEqual(["2026-11-18", "2026-10-20"]);
    expect(seededPage.notes[0]!.text).toMatch(/^Price dropped at two shops/);
    expect(seededPage.ld.review.dateModified).toBe("2026-11-18");

    const product = await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    let changes = 0;
    const stop = onCatalogChange(db, () => (changes += 1));
    await db.transaction().execute((trx) =>
      addUpdateNote(
        trx,
        { type: "review", id: Number(product.id) },
        {
          text: "Retested after the door seal fix.",
          author: "editor@example.com",
          now: Date.parse("2026-11-25T09:00:00Z"),
        },
      ),
    );
    stop();
    // The save's own invalidateCatalog drops the cached pages; the note only announces the change to other instances.
    expect(changes).toBe(0);
    const later = await review();
    expect(later.notes.map((note) => note.date)).toEqual(["2026-11-25", "2026-11-18", "2026-10-20"]);
    expect(later.ld.review.dateModified).toBe("2026-11-25");

    // A content change newer than every note dates it instead.
    await db.updateTable("products").set({ updated_at: "2026-11-27T10:00:00.000Z" }).where("slug", "=", slug).execute();
    expect((await review()).ld.review.dateModified).toBe("2026-11-27");
  });

  it("two notes of one day: the later first", async () => {
    const db = await seeded();
    const subject = { type: "review" as const, id: 424242 };
    const day = Date.parse("2026-11-20T08:00:00Z");
    await addUpdateNote(db, subject, { text: "Morning.", author: "a@example.com", now: day });
    await addUpdateNote(db, subject, { text: "Evening.", author: "a@example.com", now: day + 10 * 3_600_000 });
    expect(await listUpdateNotes(db, subject)).toEqual([
      { date: "2026-11-20", text: "Evening." },
      { date: "2026-11-20", text: "Morning." },
    ]);
  });

  it("an article lists its notes under 'What changed'; its updated date and dateModified follow the newest", async () => {
    const db = await seeded();
    const request = new Request(`${ORIGIN}/learn/best-barrel-saunas`);
    const seededPage = await articlePage(db, ORIGIN, "best-barrel-saunas", request);
    expect(seededPage.updateNotes.map((note) => note.date)).toEqual(["2025-04-10", "2025-03-05"]);
    expect(articleStructuredData(seededPage.article, ORIGIN)).toMatchObject({ datePublished: "2025-02-12", dateModified: "2025-04-10" });
    // A note newer than the stored updated date (written by anything but the editor, which dates both) still dates the page.
    const article = await db.selectFrom("articles").select("id").where("slug", "=", "best-barrel-saunas").executeTakeFirstOrThrow();
    await addUpdateNote(
      db,
      { type: "article", id: Number(article.id) },
      { text: "Linked our barrel picks.", author: "a@example.com", now: Date.parse("2026-11-20T09:00:00Z") },
    );
    const page = await articlePage(db, ORIGIN, "best-barrel-saunas", request);
    expect(page.updateNotes.map((note) => note.date)).toEqual(["2026-11-20", "2025-04-10", "2025-03-05"]);
    expect(page.article.lastUpdated).toBe("2026-11-20");
    expect(articleStructuredData(page.article, ORIGIN)).toMatchObject({ datePublished: "2025-02-12", dateModified: "2026-11-20" });

    // An article without notes keeps its own date.
    const plain = await articlePage(db, ORIGIN, "health-benefits-of-sauna", new Request(`${ORIGIN}/learn/health-benefits-of-sauna`));
    expect(plain.updateNotes).toEqual([]);
    expect(articleStructuredData(plain.article, ORIGIN)).toMatchObject({ dateModified: "2025-01-29" });
  });

  it("saving a live article with a note dates it today and shows it first; a draft refuses a note and saves nothing", async () => {
    const db = await seeded();
    const live = await db.selectFrom("articles").select("id").where("slug", "=", "sauna-maintenance").executeTakeFirstOrThrow();
    const id = Number(live.id);
    const current = (await findArticleForEdit(db, id))!;
    const now = Date.parse("2026-11-28T15:00:00Z");
    await saveArticle(db, id, current.fields, { editor, publication: { kind: "keep" }, updateNote: "Added a spring checklist.", now });
    const page = await articlePage(db, ORIGIN, "sauna-maintenance", new Request(`${ORIGIN}/learn/sauna-maintenance`));
    expect(page.updateNotes[0]).toEqual({ date: "2026-11-28", text: "Added a spring checklist." });
    expect(articleStructuredData(page.article, ORIGIN)).toMatchObject({ dateModified: "2026-11-28" });
    const stored = await db.selectFrom("update_notes").select("author").where("text", "=", "Added a spring checklist.").execute();
    expect(stored).toEqual([{ author: "editor@example.com" }]);

    // Ticked "Remove from the page": the note goes with the save.
    const added = (await listUpdateNotesForEditor(db, { type: "article", id }))[0]!;
    expect(added.text).toBe("Added a spring checklist.");
    await saveArticle(db, id, current.fields, { editor, publication: { kind: "keep" }, removeNotes: [added.id], now });
    const after = await articlePage(db, ORIGIN, "sauna-maintenance", new Request(`${ORIGIN}/learn/sauna-maintenance`));
    expect(after.updateNotes).toEqual([{ date: "2025-03-28", text: "Added a winter checklist for wood-fired heaters and chimney caps." }]);
    // The removing save does not re-date it; the day the note was added stays its last update.
    expect(after.article.lastUpdated).toBe("2026-11-28");

    // Unpublished in the same save: refused, and neither the article nor its notes change.
    const before = await listUpdateNotes(db, { type: "article", id });
    const refused = saveArticle(
      db,
      id,
      { ...current.fields, title: "Changed" },
      {
        editor,
        publication: { kind: "unpublish" },
        updateNote: "Should not appear.",
      },
    );
    await expect(refused).rejects.toBeInstanceOf(ArticleRefused);
    await expect(refused).rejects.toMatchObject({ field: "update_note" });
    expect(await listUpdateNotes(db, { type: "article", id })).toEqual(before);
    expect((await findArticleForEdit(db, id))!).toMatchObject({ status: "published", fields: { title: current.fields.title } });
  });
});
