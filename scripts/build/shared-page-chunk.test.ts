import { describe, expect, it } from "vitest";
import { sharedPageChunk } from "./shared-page-chunk";

const CLIENT_ROUTE = "?__react-router-build-client-route";

/** Runs the plugin's buildEnd on a module graph: id → the ids it imports. */
function sharedModules(graph: Record<string, string[]>, minPages: number, environment = "client") {
  const { plugin, test } = sharedPageChunk(minPages);
  const context = {
    environment: { name: environment },
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => ({ importedIds: graph[id] ?? [] }),
  };
  (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  return Object.keys(graph).filter((id) => test(id));
}

const graph: Record<string, string[]> = {
  [`/s/app/routes/home.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/home.tsx"],
  "/s/app/routes/home.tsx": ["/s/app/components/ui/button.tsx", "/s/app/components/home/hero.tsx"],
  [`/s/app/routes/product.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/product.tsx"],
  "/s/app/routes/product.tsx": ["/s/app/components/ui/button.tsx", "/s/app/lib/money.ts"],
  [`/s/app/routes/compare.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/compare.tsx"],
  "/s/app/routes/compare.tsx": ["/s/app/components/ui/button.tsx", "/s/app/lib/money.ts"],
  [`/s/app/routes/admin/products.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/admin/products.tsx"],
  "/s/app/routes/admin/products.tsx": ["/s/app/components/admin/table.tsx", "/s/app/lib/money.ts"],
  [`/s/app/routes/admin/links.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/admin/links.tsx"],
  "/s/app/routes/admin/links.tsx": ["/s/app/components/admin/table.tsx"],
  [`/s/app/routes/auth.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/auth.tsx"],
  "/s/app/routes/auth.tsx": ["/s/app/components/admin/table.tsx"],
  "/s/app/components/ui/button.tsx": ["/s/app/components/ui/cn.ts"],
  "/s/app/components/ui/cn.ts": [],
  "/s/app/components/home/hero.tsx": [],
  "/s/app/lib/money.ts": [],
  "/s/app/components/admin/table.tsx": [],
};

describe("sharedPageChunk", () => {
  it("takes the modules enough public pages import, and what they import", () => {
    expect(sharedModules(graph, 3)).toEqual(["/s/app/components/ui/button.tsx", "/s/app/components/ui/cn.ts"]);
    expect(sharedModules(graph, 2)).toEqual(["/s/app/components/ui/button.tsx", "/s/app/components/ui/cn.ts", "/s/app/lib/money.ts"]);
  });

  it("never counts admin or sign-in routes, nor takes a route module itself", () => {
    const shared = sharedModules(graph, 1);
    expect(shared).not.toContain("/s/app/components/admin/table.tsx");
    expect(shared.some((id) => id.includes("/routes/"))).toBe(false);
  });

  it("counts the routes of one folder as one section", () => {
    const learn: Record<string, string[]> = {
      [`/s/app/routes/learn/index.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/learn/index.tsx"],
      "/s/app/routes/learn/index.tsx": ["/s/app/components/learn/article-card.tsx", "/s/app/lib/dates.ts"],
      [`/s/app/routes/learn/tag.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/learn/tag.tsx"],
      "/s/app/routes/learn/tag.tsx": ["/s/app/components/learn/article-card.tsx"],
      [`/s/app/routes/learn/article.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/learn/article.tsx"],
      "/s/app/routes/learn/article.tsx": ["/s/app/components/learn/article-card.tsx", "/s/app/lib/dates.ts"],
      [`/s/app/routes/product.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/product.tsx"],
      "/s/app/routes/product.tsx": ["/s/app/lib/dates.ts"],
      [`/s/app/routes/collection.tsx${CLIENT_ROUTE}`]: ["/s/app/routes/collection.tsx"],
      "/s/app/routes/collection.tsx": ["/s/app/lib/dates.ts"],
      "/s/app/components/learn/article-card.tsx": [],
      "/s/app/lib/dates.ts": [],
    };
    // Three Knowledge Center pages are one section; dates.ts is used by three sections.
    expect(sharedModules(learn, 3)).toEqual(["/s/app/lib/dates.ts"]);
  });

  it("takes everything the root route imports: every page loads it anyway", () => {
    const withRoot: Record<string, string[]> = {
      ...graph,
      [`/s/app/root.tsx${CLIENT_ROUTE}`]: ["/s/app/root.tsx"],
      "/s/app/root.tsx": ["/s/app/components/site/site-header.tsx"],
      "/s/app/components/site/site-header.tsx": [],
    };
    expect(sharedModules(withRoot, 3)).toContain("/s/app/components/site/site-header.tsx");
    expect(sharedModules(withRoot, 3)).not.toContain("/s/app/root.tsx");
  });

  it("leaves the server build alone", () => {
    expect(sharedModules(graph, 1, "ssr")).toEqual([]);
  });
});
