import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { writeMeasuredValues } from "../admin/measured-values-screen.server";
import { importProductCsv } from "../admin/csv-import.server";
import { productCsvLines } from "../admin/catalog-export.server";
import { StaleVersion, versionOf } from "../forms/edit-conflict.server";
import { productPage } from "../pages/product.server";
import { seedSampleContent } from "../seed/seed.server";
import { valueFields } from "~/lib/measurements/measurement-forms";
import {
  comparableValuesInCategory,
  listMeasurementDefinitions,
  measurementValuesFor,
  updateMeasurementDefinition,
} from "./measurements.server";

const ORIGIN = "https://saunas.example";

describe.each(testDialects)("measurements on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function seeded() {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    return test.db;
  }
  const idOf = async (slug: string) =>
    Number((await test.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);

  it("saves a product's values at its version and refuses a save over a newer one", async () => {
    const db = await seeded();
    const heatUp = (await listMeasurementDefinitions(db))[0]!;
    const id = await idOf("birchline-classic-2-barrel-sauna");
    const version = (await versionOf(db, "products", id))!;
    const fields = valueFields(heatUp.id);
    const form = new FormData();
    form.set(fields.value, "27.5");
    form.set(fields.measuredOn, "2026-11-20");
    form.set(fields.methodVersion, "2");
    const written = await writeMeasuredValues(db, id, [heatUp], form, version, "2026-11-29");
    expect(written).toEqual({ ok: true, changed: 1 });
    const [value] = (await measurementValuesFor(db, [id])).filter((entry) => entry.measurementId === heatUp.id);
    expect(value).toEqual({ productId: id, measurementId: heatUp.id, value: 27.5, measuredOn: "2026-11-20", methodVersion: 2 });
    // The same form again, at the version it was loaded at: someone (this save) has saved since.
    await expect(writeMeasuredValues(db, id, [heatUp], form, version, "2026-11-29")).rejects.toBeInstanceOf(StaleVersion);
    // A value needs its day; a later method than the one now is refused.
    form.set(fields.measuredOn, "");
    form.set(fields.methodVersion, "3");
    const refused = await writeMeasuredValues(db, id, [heatUp], form, (await versionOf(db, "products", id))!, "2026-11-29");
    expect(refused).toMatchObject({
      ok: false,
      failure: {
        fieldErrors: { [fields.measuredOn]: "Give the day it was measured.", [fields.methodVersion]: expect.stringContaining("version 2") },
      },
    });
  });

  it("keeps old values on a new method version but never compares them", async () => {
    const db = await seeded();
    const heatUp = (await listMeasurementDefinitions(db))[0]!;
    const barrels = await comparableValuesInCategory(db, "barrel");
    const heatUpBarrels = barrels.filter((value) => value.measurementId === heatUp.id);
    // The seed measured one barrel under method 1: it is not among the comparable values.
    expect(heatUpBarrels.every((value) => value.methodVersion === 2)).toBe(true);
    expect(heatUpBarrels.length).toBe(5);

    const page = await productPage(db, { idOrSlug: "birchline-classic-2-barrel-sauna", baseUrl: ORIGIN });
    const result = page.testResults!.results.find((entry) => entry.slug === "heat-up-time")!;
    expect(result.standing!.text).toBe("best of 5 tested");
    const older = await productPage(db, { idOrSlug: "northstave-barrel-6-electric-sauna", baseUrl: ORIGIN });
    const olderResult = older.testResults!.results.find((entry) => entry.slug === "heat-up-time")!;
    expect(olderResult).toMatchObject({ standing: null, olderMethod: { taken: 1, now: 2 } });

    // Method version 3: every value is kept, none is compared until measured again.
    const before = (await measurementValuesFor(db, [await idOf("birchline-classic-2-barrel-sauna")])).length;
    await updateMeasurementDefinition(db, heatUp.id, { ...heatUp, methodVersion: 3 }, heatUp.version);
    expect((await measurementValuesFor(db, [await idOf("birchline-classic-2-barrel-sauna")])).length).toBe(before);
    expect((await comparableValuesInCategory(db, "barrel")).some((value) => value.measurementId === heatUp.id)).toBe(false);
    await expect(updateMeasurementDefinition(db, heatUp.id, { ...heatUp, methodVersion: 4 }, heatUp.version)).rejects.toBeInstanceOf(
      StaleVersion,
    );
  });

  it("exports measure:<slug> columns and an import of that file changes no value", async () => {
    const db = await seeded();
    let text = "";
    for await (const piece of productCsvLines(db)) text += piece;
    expect(text.split("\r\n")[0]).toContain('"measure:heat-up-time"');
    const ids = (await db.selectFrom("products").select("id").execute()).map((row) => Number(row.id));
    const before = await measurementValuesFor(db, ids);
    const imported = await importProductCsv(db, text);
    expect(imported.ok).toBe(true);
    expect(await measurementValuesFor(db, ids)).toEqual(before);

    // An emptied cell removes the value; a changed one replaces it, at the method now.
    const edited = text.replace(/"31; 2026-08-30; v2"/, '"30"');
    expect(edited).not.toBe(text);
    await importProductCsv(db, edited);
    const classic = await measurementValuesFor(db, [await idOf("birchline-classic-2-barrel-sauna")]);
    expect(classic[0]).toMatchObject({ value: 30, measuredOn: null, methodVersion: 2 });
  });
});
