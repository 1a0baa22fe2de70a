import { afterEach, describe, expect, it } from "vitest";
import { collectionItemList } from "~/lib/seo/structured-data";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { seedSampleContent } from "../seed/seed.server";
import { loadCollectionPage } from "../pages/collection.server";
import { onCatalogChange } from "./catalog-cache.server";
import { readPickEntries, savePickEntries } from "./collection-picks.server";

const ORIGIN = "https://saunas.example";

describe.each(testDialects)("a collection's picks on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function seeded() {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    return test.db;
  }

  async function collectionId(slug: string) {
    const row = await test.db.selectFrom("collections").select(["id", "updated_at"]).where("slug", "=", slug).executeTakeFirstOrThrow();
    return { id: Number(row.id), updatedAt: String(row.updated_at) };
  }

  it("the sample barrel page heads with its picks, closes with 'Also tested', and names the roles in its ItemList", async () => {
    const db = await seeded();
    const page = await loadCollectionPage(db, "barrel-saunas");
    expect(page.picks.map((pick) => [pick.role, pick.sauna.slug])).toEqual([
      ["Best overall", "birchline-panorama-4-barrel-sauna"],
      ["Runner-up", "northstave-barrel-6-electric-sauna"],
      ["Budget pick", "northstave-barrel-4-sauna"],
      ["Upgrade pick", "birchline-grand-8-barrel-sauna"],
    ]);
    const best = page.picks[0]!;
    expect(best.reason).toMatch(/^Room for four/);
    expect(best.sauna).toMatchObject({ name: "Panorama 4 Barrel Sauna", href: "/reviews/product/birchline-panorama-4-barrel-sauna" });
    expect(best.sauna.priceText).toMatch(/\$/);
    expect(best.sauna.image).toBeTruthy();
    expect(page.alsoTested.map((entry) => entry.slug)).toEqual(["birchline-classic-2-barrel-sauna", "fernhollow-custom-barrel-sauna"]);
    expect(page.alsoTested[0]!.reason).toMatch(/two seats/);

    const ld = collectionItemList(page.saunas, page.roles, ORIGIN)!;
    const items = ld.itemListElement as { position: number; url: string; name: string; description?: string }[];
    expect(items.every((item) => typeof item.name === "string" && item.name.length > 0)).toBe(true);
    expect(items.find((item) => item.url.endsWith("/birchline-panorama-4-barrel-sauna"))).toMatchObject({
      "@type": "ListItem",
      name: "Panorama 4 Barrel Sauna",
      description: expect.stringMatching(/^Best overall: Room for four/),
    });
    // A product listed under "Also tested" holds no role.
    expect(items.find((item) => item.url.endsWith("/birchline-classic-2-barrel-sauna"))?.description).toBeUndefined();
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
  });

  it("the owner's own role is saved, shown and listed; the page's 'Last updated' moves and the cached pages are dropped", async () => {
    const db = await seeded();
    const { id, updatedAt } = await collectionId("outdoor-saunas");
    expect((await loadCollectionPage(db, "outdoor-saunas")).picks).toEqual([]);
    let changes = 0;
    const stop = onCatalogChange(db, () => (changes += 1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = await savePickEntries(db, id, [
      { product: "Cinderbay-Hearth-4-Traditional-Sauna", role: "best-overall", label: "", reason: "The softest löyly we measured." },
      { product: "", role: "", label: "", reason: "" },
      { product: "emberfold-solo-infrared-pod", role: "custom", label: "Best for small yards", reason: "Fits where nothing else does." },
      { product: "northstave-barrel-4-sauna", role: "also-tested", label: "", reason: "Good, but the Hearth is better." },
    ]);
    stop();
    expect(saved.ok).toBe(true);
    expect(changes).toBe(1);
    expect((await collectionId("outdoor-saunas")).updatedAt > updatedAt).toBe(true);
    expect((await readPickEntries(db, id)).map((entry) => [entry.productSlug, entry.role, entry.label])).toEqual([
      ["cinderbay-hearth-4-traditional-sauna", "best-overall", null],
      ["emberfold-solo-infrared-pod", "custom", "Best for small yards"],
      ["northstave-barrel-4-sauna", "also-tested", null],
    ]);
    const page = await loadCollectionPage(db, "outdoor-saunas");
    expect(page.picks.map((pick) => [pick.roleKey, pick.role])).toEqual([
      ["best-overall", "Best overall"],
      ["custom", "Best for small yards"],
    ]);
    expect(page.alsoTested.map((entry) => entry.reason)).toEqual(["Good, but the Hearth is better."]);
    const hearth = page.saunas.find((sauna) => sauna.slug === "cinderbay-hearth-4-traditional-sauna")!;
    expect(page.roles[hearth.id]).toEqual({ role: "Best overall", reason: "The softest löyly we measured." });
  });

  it("a refused save changes nothing and says why in the owner's words", async () => {
    const db = await seeded();
    const { id } = await collectionId("barrel-saunas");
    const before = await readPickEntries(db, id);
    const refused = await savePickEntries(db, id, [
      { product: "birchline-grand-8-barrel-sauna", role: "best-overall", label: "", reason: "Big." },
      { product: "northstave-barrel-4-sauna", role: "best-overall", label: "", reason: "Cheap." },
      { product: "birchline-classic-2-barrel-sauna", role: "runner-up", label: "", reason: "" },
      { product: "cube-9", role: "budget", label: "", reason: "x".repeat(201) },
    ]);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(Object.fromEntries(refused.rows)).toEqual({
      1: { role: "Row 1 is already Best overall; a collection has one." },
      2: { reason: "Write one line on why." },
      3: { product: 'There is no product "cube-9". Use its slug or number.', reason: "Keep it to one line: 201 characters, at most 200." },
    });
    expect(await readPickEntries(db, id)).toEqual(before);
  });

  it("the database holds one Best overall per collection too, and picks go with their product", async () => {
    const db = await seeded();
    const { id } = await collectionId("barrel-saunas");
    const other = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "birchline-ember-6-barrel-sauna")
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("collection_picks")
        .values({ collection_id: id, product_id: Number(other.id), role: "best-overall", label: null, reason: "Also best.", position: 9 })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom("products").where("slug", "=", "birchline-panorama-4-barrel-sauna").execute();
    const page = await loadCollectionPage(db, "barrel-saunas");
    expect(page.picks.map((pick) => pick.roleKey)).toEqual(["runner-up", "budget", "upgrade"]);
  });

  it("a later page keeps its saunas' roles for the ItemList but shows no picks block", async () => {
    const db = await seeded();
    const { id } = await collectionId("outdoor-saunas");
    const first = await loadCollectionPage(db, "outdoor-saunas", { pageSize: 3 });
    const onPageTwo = (await loadCollectionPage(db, "outdoor-saunas", { pageSize: 3, page: 2 })).saunas[0]!;
    await savePickEntries(db, id, [
      { product: first.saunas[0]!.slug, role: "best-overall", label: "", reason: "Top of the list." },
      { product: onPageTwo.slug, role: "budget", label: "", reason: "Costs less." },
    ]);
    const second = await loadCollectionPage(db, "outdoor-saunas", { pageSize: 3, page: 2 });
    expect(second.picks).toEqual([]);
    expect(second.alsoTested).toEqual([]);
    expect(second.roles).toEqual({ [onPageTwo.id]: { role: "Budget pick", reason: "Costs less." } });
    const ld = collectionItemList(second.saunas, second.roles, ORIGIN)!;
    expect((ld.itemListElement as { position: number; description?: string }[])[0]).toMatchObject({
      position: 4,
      description: "Budget pick: Costs less.",
    });
  });
});
