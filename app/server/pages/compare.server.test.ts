import { describe, expect, it } from "vitest";
import { TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testDialects } from "../../../tests/support/test-databases";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { loadComparePage } from "./compare.server";

describe.each(testDialects)("the compare page on %s", (dialect) => {
  const { ctx } = testContextForBlock(dialect, { seed: true });

  const load = (query: string) => loadComparePage(ctx.context, new URL(`${TEST_BASE_URL}/compare${query}`));

  it("puts the named saunas side by side in the URL's order and lists the slugs that name none", async () => {
    const view = await load("?products=Lumo-Works-Valo-2-Cube-Sauna,no-such-sauna,lumo-works-tyyni-4-cube-sauna");
    expect(view.products.map((product) => product.slug)).toEqual(["lumo-works-valo-2-cube-sauna", "lumo-works-tyyni-4-cube-sauna"]);
    expect(view.unknownSlugs).toEqual(["no-such-sauna"]);
    expect(view.rows.every((row) => row.values.length === 2)).toBe(true);
  });

  it("is empty, not missing, without ?products=", async () => {
    const view = await load("");
    expect(view.products).toEqual([]);
    expect(view.truncated).toBe(false);
  });
});
