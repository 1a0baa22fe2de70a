import { describe, expect, it } from "vitest";
import { budgetHostOf, withinDailyBudget } from "./daily-budget";

const target = (url: string, lastCheckedAt: number | null) => ({ url, lastCheckedAt });

describe("withinDailyBudget", () => {
  it("takes never-checked links first, then the longest unchecked, up to a shop's budget for the day", () => {
    const targets = [
      target("https://shop.example/a", 300),
      target("https://shop.example/b", null),
      target("https://shop.example/c", 100),
      target("https://other.example/x", 200),
    ];
    const { run, deferred } = withinDailyBudget(targets, new Map(), 2);
    expect(run.map((entry) => entry.url)).toEqual(["https://shop.example/b", "https://shop.example/c", "https://other.example/x"]);
    expect(deferred).toBe(1);
  });

  it("counts what runs earlier today checked at the shop", () => {
    const targets = [target("https://shop.example/a", null), target("https://shop.example/b", null)];
    expect(withinDailyBudget(targets, new Map([["shop.example", 1]]), 2)).toMatchObject({ deferred: 1 });
    expect(withinDailyBudget(targets, new Map([["shop.example", 5]]), 2)).toMatchObject({ run: [], deferred: 2 });
  });

  it("counts a host with its port, as the pace does, and an unreadable address under no host", () => {
    expect(budgetHostOf("http://127.0.0.1:4310/p")).toBe("127.0.0.1:4310");
    expect(budgetHostOf("HTTPS://Shop.Example/p")).toBe("shop.example");
    expect(budgetHostOf("not a url")).toBe("");
  });
});
