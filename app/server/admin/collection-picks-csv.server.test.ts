import { afterEach, describe, expect, it } from "vitest";
import { csvLine } from "~/lib/csv/csv-writer";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { readPickEntries } from "../catalog/collection-picks.server";
import { seedSampleContent } from "../seed/seed.server";
import { collectionCsvLines } from "./catalog-export.server";
import { importCollectionCsv, previewCollectionCsv } from "./csv-import.server";

/** The collections CSV carries the picks (docs/decisions/0108): export, edit, import back. */
describe.each(testDialects)("picks in the collections CSV on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function seeded() {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    return test.db;
  }

  async function exported(db: TestDatabase["db"]): Promise<string> {
    let text = "";
    for await (const line of collectionCsvLines(db)) text += line;
    return text;
  }

  async function picksOf(slug: string) {
    const row = await test.db.selectFrom("collections").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    return (await readPickEntries(test.db, Number(row.id))).map((entry) => [entry.role, entry.label, entry.productSlug, entry.reason]);
  }

  it("exports each collection's picks a line each, and an untouched export imports as 0 changed", async () => {
    const db = await seeded();
    const text = await exported(db);
    expect(text.split(/\r?\n/)[0]).toBe('"slug","title","description","image_url","featured","product_ids","picks"');
    expect(text).toContain("Best overall | birchline-panorama-4-barrel-sauna | Room for four");
    expect(text).toContain("Best for steam lovers | emberfold-hybrid-3-sauna | Infrared panels");
    expect(text).toContain("Also tested | fernhollow-custom-barrel-sauna | Beautiful joinery");
    const preview = await previewCollectionCsv(db, text);
    expect(preview.ok && preview.preview.counts).toMatchObject({ new: 0, changed: 0 });
    const before = await picksOf("barrel-saunas");
    const imported = await importCollectionCsv(db, text);
    expect(imported.ok && imported.saved).toBe(0);
    expect(await picksOf("barrel-saunas")).toEqual(before);
  });

  it("a changed picks cell is shown as a change and saved; its roles by name or key, its own labels kept", async () => {
    const db = await seeded();
    const file =
      csvLine(["slug", "title", "picks"]) +
      csvLine([
        "barrel-saunas",
        "Best Barrel Saunas",
        [
          "best-overall | Northstave-Barrel-6-Electric-Sauna | Six seats, and the price of a four.",
          "",
          "Best for families | birchline-grand-8-barrel-sauna | Room for everyone | and the dog.",
          "also tested | birchline-panorama-4-barrel-sauna | Lovely, but dearer.",
        ].join("\n"),
      ]);
    const preview = await previewCollectionCsv(db, file);
    if (!preview.ok) throw new Error(preview.toast.description);
    expect(preview.preview.counts).toMatchObject({ changed: 1 });
    expect(preview.preview.rows[0]!.changes.map((change) => change.field)).toEqual(["picks"]);
    const imported = await importCollectionCsv(db, file, { expectedFingerprint: preview.preview.fingerprint });
    expect(imported.ok && imported.saved).toBe(1);
    expect(await picksOf("barrel-saunas")).toEqual([
      ["best-overall", null, "northstave-barrel-6-electric-sauna", "Six seats, and the price of a four."],
      ["custom", "Best for families", "birchline-grand-8-barrel-sauna", "Room for everyone | and the dog."],
      ["also-tested", null, "birchline-panorama-4-barrel-sauna", "Lovely, but dearer."],
    ]);
    // A file without the picks column leaves them as they are.
    await importCollectionCsv(db, csvLine(["slug", "title", "description"]) + csvLine(["barrel-saunas", "Barrels", "Round ones."]));
    expect(await picksOf("barrel-saunas")).toHaveLength(3);
  });

  it("picks that break a rule, or a line that is not 'role | product | why', refuse the file and save nothing", async () => {
    const db = await seeded();
    const before = await picksOf("barrel-saunas");
    const twoBest =
      csvLine(["slug", "title", "picks"]) +
      csvLine([
        "barrel-saunas",
        "Best Barrel Saunas",
        "Best overall | northstave-barrel-4-sauna | Cheap.\nBest overall | birchline-grand-8-barrel-sauna | Big.",
      ]);
    const refused = await importCollectionCsv(db, twoBest);
    expect(refused).toMatchObject({
      ok: false,
      status: 422,
      toast: { description: 'Row 1 (slug "barrel-saunas"): picks entry 2: Row 1 is already Best overall; a collection has one.' },
    });
    const previewed = await previewCollectionCsv(db, twoBest);
    expect(previewed).toMatchObject({ ok: false, status: 422 });
    const malformed = csvLine(["slug", "title", "picks"]) + csvLine(["barrel-saunas", "Best Barrel Saunas", "Best overall: the Panorama"]);
    const unreadable = await importCollectionCsv(db, malformed);
    expect(unreadable.ok).toBe(false);
    expect(!unreadable.ok && unreadable.toast.description).toMatch(/^Row 1 \(barrel-saunas\): picks line 1 .*"role \| product \| why"/);
    expect(await picksOf("barrel-saunas")).toEqual(before);
  });
});
