import { describe, expect, it } from "vitest";
import {
  describeCounts,
  displayMoney,
  displayText,
  listChange,
  planCollectionRow,
  planProductRow,
  previewOf,
  PREVIEW_ROWS_PER_STATUS,
  readCollectionChoice,
  ruleListWarning,
  type PlannedRow,
  type StoredProduct,
} from "./import-plan";
import { parseProductCsv, prepareProductForSave, type ProductImport } from "./product-csv";

const stored: StoredProduct = {
  slug: "valo",
  name: "Valo",
  brand: "North",
  categoryId: "barrel",
  tagline: "Warm",
  description: null,
  fullDescription: null,
  priceCents: 765_000,
  salePriceCents: 729_900,
  saleEndsAt: "2099-12-31",
  images: ["a.jpg", "b.jpg"],
  capacity: 4,
  dimensions: null,
  weightLbs: 980.5,
  heaterType: "Electric",
  heaterSpec: null,
  keyFeatures: ["Cedar", "Glass"],
  website: null,
  affiliateLink: null,
  rating: 4.5,
  reviewsNumber: 12,
  reviewCount: null,
  shippingInfo: null,
  collectionIds: ["barrel-saunas", "electric-saunas"],
  bestSeller: false,
};

/** A CSV row as the save will write it. */
function row(csv: string): { product: ProductImport; columns: Parameters<typeof planProductRow>[2] } {
  const parsed = parseProductCsv(csv, { today: "2026-01-01" });
  if (!parsed.ok) throw new Error(parsed.error);
  return { product: prepareProductForSave(parsed.products[0]!), columns: parsed.columns };
}

describe("the per-row plan for products", () => {
  it("a slug not stored is new", () => {
    const { product, columns } = row("name,brand,slug\nValo,North,valo");
    expect(planProductRow(undefined, product, columns)).toEqual({ rowNumber: 1, slug: "valo", name: "Valo", status: "new", changes: [] });
  });

  it("compares only the columns the file has (the save keeps the others)", () => {
    const { product, columns } = row("name,brand,slug,price\nValo,North,valo,7650");
    expect(planProductRow(stored, product, columns).status).toBe("unchanged");
  });

  it("compares after the save's normalisation: trimmed text, $ and commas, rating rounded and clamped", () => {
    const { product, columns } = row('name,brand,slug,price,rating,weight,capacity\n  Valo ,North,valo,"$7,650.00",4.46,980.501,4 people');
    expect(planProductRow(stored, product, columns).status).toBe("unchanged");
  });

  it("shows money as dollars, empty as (empty), numbers and text old → new", () => {
    const { product, columns } = row("name,brand,slug,price,sale_price,sale_ends,rating,tagline\nValo 2,North,valo,7299,,,7.3,Warm");
    expect(planProductRow(stored, product, columns)).toMatchObject({
      status: "changed",
      changes: [
        { field: "name", kind: "value", from: "Valo", to: "Valo 2" },
        { field: "price", kind: "value", from: "$7,650", to: "$7,299" },
        { field: "sale_price", kind: "value", from: "$7,299", to: "(empty)" },
        { field: "sale_ends", kind: "value", from: "2099-12-31", to: "(empty)" },
        { field: "rating", kind: "value", from: "4.5", to: "5" },
      ],
    });
  });

  it("lists: features and images added, removed or reordered; collections as a set", () => {
    const { product, columns } = row(
      'name,brand,slug,key_features,images,collection_ids\nValo,North,valo,"[Cedar, Porch]","[b.jpg, a.jpg]","[electric-saunas, barrel, wood-fired]"',
    );
    expect(planProductRow(stored, product, columns).changes).toEqual([
      { field: "images", kind: "list", added: [], removed: [], reordered: true, from: ["a.jpg", "b.jpg"], to: ["b.jpg", "a.jpg"] },
      { field: "key_features", kind: "list", added: ["Porch"], removed: ["Glass"], reordered: false },
      { field: "collection_ids", kind: "list", added: ["wood-fired-saunas"], removed: [], reordered: false },
    ]);
  });

  it("best_seller: no → yes is a change; empty is no, so it is not", () => {
    const marked = row("name,brand,slug,best_seller\nValo,North,valo,yes");
    expect(planProductRow(stored, marked.product, marked.columns).changes).toEqual([
      { field: "best_seller", kind: "value", from: "no", to: "yes" },
    ]);
    const empty = row("name,brand,slug,best_seller\nValo,North,valo,");
    expect(planProductRow(stored, empty.product, empty.columns).status).toBe("unchanged");
  });

  it("a product's collections in another order are not a change", () => {
    const { product, columns } = row('name,brand,slug,collection_ids\nValo,North,valo,"[electric-saunas, barrel-saunas]"');
    expect(planProductRow(stored, product, columns).status).toBe("unchanged");
  });
});

describe("the words of a rule-listed collection's question", () => {
  const change = { slug: "barrel-saunas", title: "Best Barrel Saunas", ruleCount: 7, listedCount: 1, listed: ["a"] };

  it("says what saving as it is would do, in numbers", () => {
    expect(ruleListWarning(change)).toBe("barrel-saunas will show only the products you list: 1 instead of 7.");
    expect(ruleListWarning({ ...change, ruleCount: 0, listedCount: 2, listed: ["a", "b"] })).toBe(
      "barrel-saunas will show only the products you list (2) instead of filling itself by its rule, which matches no sauna yet.",
    );
  });

  it("sends the page the first 20 slugs of a long list, with the whole count", () => {
    const listed = Array.from({ length: 2000 }, (_, index) => `p-${index}`);
    const [sent] = previewOf([], "f", [{ ...change, listedCount: listed.length, listed }]).ruleLists!;
    expect(sent!.listed).toEqual(listed.slice(0, 20));
    expect(ruleListWarning(sent!)).toBe("barrel-saunas will show only the products you list: 2,000 instead of 7.");
  });

  it("reads only 'add' and 'replace' as an answer", () => {
    expect(readCollectionChoice("add")).toBe("add");
    expect(readCollectionChoice("replace")).toBe("replace");
    for (const raw of [null, "", "Add", "keep", undefined]) expect(readCollectionChoice(raw)).toBeNull();
  });
});

describe("the per-row plan for collections", () => {
  const current = { title: "Picks", description: "Ours", imageUrl: null, featured: false, members: ["a", "b", "c"] };
  const incoming = (patch: Partial<typeof current>) => ({ ...current, rowNumber: 2, slug: "picks", ...patch });

  it("membership order is a change, shown as the whole list before and after", () => {
    expect(planCollectionRow(current, incoming({ members: ["c", "a", "b"] }), ["product_ids"]).changes).toEqual([
      { field: "product_ids", kind: "list", added: [], removed: [], reordered: true, from: ["a", "b", "c"], to: ["c", "a", "b"] },
    ]);
  });

  it("members added and removed; absent columns are not compared", () => {
    const planned = planCollectionRow(current, incoming({ members: ["a", "d"], description: "Other", featured: true }), ["product_ids"]);
    expect(planned.changes).toEqual([{ field: "product_ids", kind: "list", added: ["d"], removed: ["b", "c"], reordered: false }]);
    expect(planCollectionRow(current, incoming({ featured: true }), ["featured"]).changes).toEqual([
      { field: "featured", kind: "value", from: "no", to: "yes" },
    ]);
    expect(planCollectionRow(current, incoming({}), ["description", "featured", "product_ids"]).status).toBe("unchanged");
  });
});

describe("the preview's summary", () => {
  it("counts every row and sends the first rows of each status, in file order", () => {
    const rows: PlannedRow[] = Array.from({ length: PREVIEW_ROWS_PER_STATUS + 5 }, (_, index) => ({
      rowNumber: index + 1,
      slug: `s${index}`,
      name: `S${index}`,
      status: index === 3 ? "changed" : index === PREVIEW_ROWS_PER_STATUS + 4 ? "new" : "unchanged",
      changes: [],
    }));
    const preview = previewOf(rows, "f");
    expect(preview.counts).toEqual({ new: 1, changed: 1, unchanged: PREVIEW_ROWS_PER_STATUS + 3 });
    expect(preview.rows).toHaveLength(PREVIEW_ROWS_PER_STATUS + 2);
    expect(preview.rows.at(-1)!.status).toBe("new");
    expect(describeCounts(preview.counts)).toBe("1 new, 1 changed, 1,003 unchanged");
  });

  it("formats values for reading", () => {
    expect(displayMoney(765_000)).toBe("$7,650");
    expect(displayMoney(765_050)).toBe("$7,650.50");
    expect(displayMoney(0)).toBe("$0");
    expect(displayMoney(null)).toBe("(empty)");
    expect(displayText("a\n  b")).toBe("a b");
    expect(displayText("x".repeat(100))).toHaveLength(80);
    expect(listChange("f", ["a", "a"], ["a"], { ordered: true })).toEqual({
      field: "f",
      kind: "list",
      added: [],
      removed: [],
      reordered: false,
      from: ["a", "a"],
      to: ["a"],
    });
    expect(listChange("f", ["a"], ["a"], { ordered: true })).toBeNull();
  });
});

describe("the per-row plan for a product's review", () => {
  it("shows the verdict, the pros and cons, the scores and the rating they move; a stored product without a review reads as empty", () => {
    const { product, columns } = row(
      'name,brand,slug,verdict,pros,cons,score_build_quality,score_value,reviewer,alternatives\nValo,North,valo,Warm fast.,"[Heats fast, Thick staves]",[Door sticks],9,7,Aino,[birch-6]',
    );
    // (9 + 7) / 2 = 8 of 10: the rating the scores give is 4.0 where 4.5 was stored.
    expect(planProductRow(stored, product, columns)).toMatchObject({
      status: "changed",
      changes: [
        { field: "rating", kind: "value", from: "4.5", to: "4" },
        { field: "verdict", kind: "value", from: "(empty)", to: "Warm fast." },
        { field: "pros", kind: "list", added: ["Heats fast", "Thick staves"], removed: [] },
        { field: "cons", kind: "list", added: ["Door sticks"], removed: [] },
        { field: "score_build_quality", kind: "value", from: "(empty)", to: "9" },
        { field: "score_value", kind: "value", from: "(empty)", to: "7" },
        { field: "alternatives", kind: "list", added: ["birch-6"], removed: [] },
        { field: "reviewer", kind: "value", from: "(empty)", to: "Aino" },
      ],
    });
  });

  it("a review exported and read back is unchanged", () => {
    const reviewed: StoredProduct = {
      ...stored,
      rating: 4,
      verdict: "Warm fast.",
      pros: ["Heats fast"],
      cons: [],
      scoreBuildQuality: 9,
      scoreValue: 7,
    };
    const { product, columns } = row(
      'name,brand,slug,verdict,pros,cons,score_build_quality,score_value\nValo,North,valo,Warm fast.,"[""Heats fast""]",,9,7',
    );
    expect(planProductRow(reviewed, product, columns).status).toBe("unchanged");
  });
});
