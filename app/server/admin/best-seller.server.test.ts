import { afterEach, describe, expect, it } from "vitest";
import type { CollectionPageContent } from "~/lib/collection/collection-page";
import { readCsvRecords } from "~/lib/csv/csv-table";
import { productFormValues, readProductForm } from "~/lib/admin/product-form";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import type { DB } from "../db/connection.server";
import { seedSampleContent } from "../seed/seed.server";
import { loadCollectionPage } from "../pages/collection.server";
import { findProductForEdit } from "./admin-queries.server";
import { productCsvLines } from "./catalog-export.server";
import { importProductCsv, previewProductCsv } from "./csv-import.server";
import { saveOneProduct } from "./product-save.server";

/**
 * "Best seller" is the owner's claim, never the site's: a product carries it only where the owner
 * marked it (the product CSV's best_seller, the form's box); a high rating says "Top rated".
 */

function barrelPage(db: DB): Promise<CollectionPageContent> {
  return loadCollectionPage(db, "barrel-saunas");
}

async function tagOf(db: DB, slug: string) {
  return (await barrelPage(db)).saunas.find((sauna) => sauna.slug === slug)!.tag;
}

async function exported(db: DB): Promise<string> {
  let csv = "";
  for await (const chunk of productCsvLines(db)) csv += chunk;
  return csv;
}

describe.each(testDialects)("the owner's best seller mark on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function seeded() {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    return test.db;
  }

  it("shows 'Top rated' from 4.7 stars, and 'Best seller' only once the owner marks it in a CSV", async () => {
    const db = await seeded();
    const saunas = (await barrelPage(db)).saunas;
    // The samples' high ratings no longer make sales claims.
    expect(saunas.map((sauna) => sauna.tag)).not.toContain("Best seller");
    for (const sauna of saunas) expect(sauna.tag).toBe(sauna.rating !== null && sauna.rating >= 4.7 ? "Top rated" : null);

    const low = saunas.at(-1)!;
    const row = (value: string | null) =>
      value === null
        ? `name,brand,slug,tagline\n${low.name},${low.brand},${low.slug},Edited`
        : `name,brand,slug,best_seller\n${low.name},${low.brand},${low.slug},${value}`;
    expect(await importProductCsv(db, row("yes"))).toMatchObject({ ok: true, saved: 1 });
    expect(await tagOf(db, low.slug)).toBe("Best seller");
    // A file without the column says nothing of it: the mark stays.
    expect(await importProductCsv(db, row(null))).toMatchObject({ ok: true, saved: 1 });
    expect(await tagOf(db, low.slug)).toBe("Best seller");
    expect(await importProductCsv(db, row("FALSE"))).toMatchObject({ ok: true, saved: 1 });
    expect(await tagOf(db, low.slug)).not.toBe("Best seller");
  });

  it("round-trips the mark through export → import as no change", async () => {
    const db = await seeded();
    const [first] = (await barrelPage(db)).saunas;
    await importProductCsv(db, `name,brand,slug,best_seller\n${first!.name},${first!.brand},${first!.slug},1`);
    const csv = await exported(db);
    const [header] = readCsvRecords(csv);
    expect(header).toContain("best_seller");
    const preview = await previewProductCsv(db, csv);
    if (!preview.ok) throw new Error(preview.toast.description);
    expect(preview.preview.counts).toMatchObject({ new: 0, changed: 0 });
    expect(await tagOf(db, first!.slug)).toBe("Best seller");
  });

  it("refuses a whole file whose best_seller says neither yes nor no, in the owner's words, saving nothing", async () => {
    const db = await seeded();
    const [first, second] = (await barrelPage(db)).saunas;
    const csv = [
      "name,brand,slug,tagline,best_seller",
      `${first!.name},${first!.brand},${first!.slug},Changed,yes`,
      `${second!.name},${second!.brand},${second!.slug},Changed,probably`,
    ].join("\n");
    const result = await importProductCsv(db, csv);
    expect(result).toMatchObject({ ok: false, status: 422 });
    expect(result.ok ? "" : result.toast.description).toBe(
      'best_seller must say yes or no, but row 2 has "probably". Write yes or no (true/false and 1/0 work too), or leave it empty for no; nothing is saved until then.',
    );
    expect(await tagOf(db, first!.slug)).not.toBe("Best seller");
    const taglines = await db.selectFrom("products").select("tagline").where("slug", "in", [first!.slug, second!.slug]).execute();
    expect(taglines.map((row) => row.tagline)).not.toContain("Changed");
  });

  it("the product form's box marks and clears it", async () => {
    const db = await seeded();
    const [first] = (await barrelPage(db)).saunas;
    const id = first!.id;
    // The edit form as the admin opens it, with the box ticked or cleared.
    const editing = (await findProductForEdit(db, id))!;
    const form = (bestSeller: string) => {
      const outcome = readProductForm({ ...productFormValues(editing.product, editing.collectionSlugs), best_seller: bestSeller });
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
      return outcome.product;
    };
    await saveOneProduct(db, form("true"), id);
    expect(await tagOf(db, first!.slug)).toBe("Best seller");
    await saveOneProduct(db, form(""), id);
    expect(await tagOf(db, first!.slug)).toBe(first!.rating !== null && first!.rating >= 4.7 ? "Top rated" : null);
  });
});
