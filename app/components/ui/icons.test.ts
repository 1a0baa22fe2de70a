import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "./icon-names";
import * as icons from "./icons";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);

describe("the icon sprite", () => {
  it("holds exactly one symbol per listed icon (run `npm run icons` after editing the list)", () => {
    expect(symbolIds.toSorted()).toEqual([...ICON_NAMES].toSorted());
  });

  it("draws every symbol with lucide's 24-unit grid and no colour of its own", () => {
    for (const symbol of sprite.match(/<symbol[\s\S]*?<\/symbol>/g) ?? []) {
      expect(symbol).toContain('viewBox="0 0 24 24"');
      expect(symbol).not.toMatch(/stroke="|fill="/);
    }
  });

  it("exports a component for every listed icon", () => {
    for (const name of ICON_NAMES) expect(icons).toHaveProperty(name);
  });
});
