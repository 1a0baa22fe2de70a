import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductCsv, type ProductImport } from "~/lib/csv/product-csv";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import { saveOneProduct } from "../../admin/product-save.server";
import type { DB } from "../connection.server";

function one(csv: string): ProductImport {
  const outcome = parseProductCsv(csv);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.products[0]!;
}

const HEADER = "name,brand,slug,price,sale_price,sale_ends,website,affiliate_link";

async function historyOf(db: DB, productId: number) {
  const rows = await db
    .selectFrom("offer_price_history")
    .select(["price_minor", "sale_price_minor", "availability", "recorded_at"])
    .where("product_id", "=", productId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    price: row.price_minor === null ? null : Number(row.price_minor),
    sale: row.sale_price_minor === null ? null : Number(row.sale_price_minor),
    availability: row.availability,
  }));
}

describe.each(testDialects)("offer price history on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test?.drop());

  it("keeps every change of what an offer costs or whether it sells, whichever path wrote it, and nothing else", async () => {
    const { id } = await saveOneProduct(test.db, one(`${HEADER}\nHist,Maker,hist,1000,,,,https://shop.example/hist`), null);
    expect(await historyOf(test.db, id)).toEqual([{ price: 100_000, sale: null, availability: "unknown" }]);

    // The same values saved again (a confirmation) is not a change.
    await saveOneProduct(test.db, one(`${HEADER}\nHist,Maker,hist,1000,,,,https://shop.example/hist`), id);
    expect(await historyOf(test.db, id)).toHaveLength(1);

    await saveOneProduct(test.db, one(`${HEADER}\nHist,Maker,hist,1000,900,2099-12-31,,https://shop.example/hist`), id);
    // A plain update, as a feed or the offer form writes it.
    await test.db.updateTable("offers").set({ availability: "OutOfStock" }).where("product_id", "=", id).execute();
    await test.db.updateTable("offers").set({ shipping_note: "Free" }).where("product_id", "=", id).execute();
    expect(await historyOf(test.db, id)).toEqual([
      { price: 100_000, sale: null, availability: "unknown" },
      { price: 100_000, sale: 90_000, availability: "unknown" },
      { price: 100_000, sale: 90_000, availability: "OutOfStock" },
    ]);

    // A removed offer keeps its past, closed by a row no reader can buy at; the product's removal takes it all.
    await test.db.deleteFrom("offers").where("product_id", "=", id).execute();
    expect(await historyOf(test.db, id)).toHaveLength(4);
    expect((await historyOf(test.db, id)).at(-1)).toEqual({ price: null, sale: null, availability: "Discontinued" });
    await test.db.deleteFrom("products").where("id", "=", id).execute();
    expect(await historyOf(test.db, id)).toEqual([]);
  });
});
