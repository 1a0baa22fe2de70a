import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES, SITE_SYMBOLS } from "./icon-names";
import * as icons from "./icons";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);

describe("the icon sprite", () => {
  it("holds exactly one symbol per listed icon and site drawing (run `npm run icons` after editing either)", () => {
    expect(symbolIds.toSorted()).toEqual([...ICON_NAMES, ...Object.keys(SITE_SYMBOLS)].toSorted());
  });

  it("draws every icon with lucide's 24-unit grid and no colour of its own", () => {
    const siteSymbols = new Set<string>(Object.keys(SITE_SYMBOLS));
    const iconSymbols = (sprite.match(/<symbol[\s\S]*?<\/symbol>/g) ?? []).filter(
      (symbol) => !siteSymbols.has(/id="([^"]+)"/.exec(symbol)![1]!),
    );
    expect(iconSymbols).toHaveLength(ICON_NAMES.length);
    for (const symbol of iconSymbols) {
      expect(symbol).toContain('viewBox="0 0 24 24"');
      expect(symbol).not.toMatch(/stroke="|fill="/);
    }
  });

  it("keeps each site drawing as drawn, with its own viewBox", () => {
    for (const [name, file] of Object.entries(SITE_SYMBOLS)) {
      const drawing = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8").trim();
      const viewBox = /viewBox="([^"]+)"/.exec(drawing)![1];
      const inner = drawing.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
      expect(sprite).toContain(`<symbol id="${name}" viewBox="${viewBox}">${inner}</symbol>`);
    }
  });

  it("exports a component for every listed icon", () => {
    for (const name of ICON_NAMES) expect(icons).toHaveProperty(name);
  });
});
