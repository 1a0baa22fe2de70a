import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { importProductCsv } from "./csv-import.server";

const gtinOf = (test: TestDatabase, slug: string) =>
  test.db.selectFrom("products").select(["gtin", "mpn"]).where("slug", "=", slug).executeTakeFirstOrThrow();

describe.each(testDialects)("products' GTIN and MPN in the product CSV on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test.drop());

  it("reads them when the file has them, and keeps them when it has not", async () => {
    const first = await importProductCsv(
      test.db,
      "name,brand,slug,gtin,mpn\nTyyni,Nordic,tyyni,4006381333931,NC-TB6\nValo,Lumo,valo,4006381333932,\n",
    );
    expect(first.ok).toBe(true);
    if (first.ok) expect(first.warnings.join(" ")).toMatch(/gtin "4006381333932" is not a GTIN/);
    expect(await gtinOf(test, "tyyni")).toEqual({ gtin: "4006381333931", mpn: "NC-TB6" });
    expect(await gtinOf(test, "valo")).toEqual({ gtin: null, mpn: null });

    const without = await importProductCsv(test.db, "name,brand,slug,tagline\nTyyni,Nordic,tyyni,New words\n");
    expect(without.ok).toBe(true);
    expect(await gtinOf(test, "tyyni")).toEqual({ gtin: "4006381333931", mpn: "NC-TB6" });
  });

  it("refuses a second product with the same GTIN, saving nothing", async () => {
    const result = await importProductCsv(test.db, "name,brand,slug,gtin\nCopy,Nordic,copy,4006381333931\n");
    expect(result.ok).toBe(false);
    expect(await test.db.selectFrom("products").select("id").where("slug", "=", "copy").executeTakeFirst()).toBeUndefined();
  });
});
