import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { loadHomePage } from "./home.server";

describe.each(testDialects)("the home page on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect, { seed: true });

  it("shows the catalog's picks, top-rated cards and comparison rows", async () => {
    const page = await loadHomePage(ctx.context, { streamComparison: false });
    expect(page.topRated.source).toBe("catalog");
    expect(page.bestPicks).toHaveLength(3);
    expect(page.comparison).not.toBeInstanceOf(Promise);
    expect((await page.comparison)?.rows.length).toBeGreaterThan(0);
  });

  it("names in its titles the year of the saunas it shows (the seed's), not a fixed one", async () => {
    const page = await loadHomePage(ctx.context, { streamComparison: false });
    const seededYear = new Date().getUTCFullYear();
    expect(page.years).toEqual({ hero: seededYear, bestPicks: seededYear });
  });

  it("streams the comparison rows on a client navigation", async () => {
    const page = await loadHomePage(ctx.context, { streamComparison: true });
    expect(page.comparison).toBeInstanceOf(Promise);
    expect((await page.comparison)?.rows.length).toBeGreaterThan(0);
  });

  it("never fails: with no database every section falls back (built-in cards, no comparison)", async () => {
    const closed = test.openAnother();
    // Kysely only really closes a handle that has been used.
    await sql`select 1`.execute(closed);
    await closed.destroy();
    const page = await loadHomePage({ ...ctx.context, db: closed }, { streamComparison: false });
    expect(page.categories).toEqual([]);
    expect(page.bestPicks.map((card) => card.product)).toEqual([null, null, null]);
    expect(page.topRated.source).toBe("built-in");
    expect(page.comparison).toBeNull();
    // Nothing dates the fallbacks: no year is named.
    expect(page.years).toEqual({ hero: null, bestPicks: null });
  });
});
