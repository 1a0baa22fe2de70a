import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { overriddenClasses, THEME_TOKENS } from "./class-conflicts";

describe("overriddenClasses", () => {
  it("names the earlier of two classes that set one property", () => {
    expect(overriddenClasses("px-2 py-1 px-4")).toEqual(["px-2"]);
    expect(overriddenClasses("inline-flex h-11 px-4 text-sm h-9 px-3 text-xs")).toEqual(["h-11", "px-4", "text-sm"]);
    expect(overriddenClasses("px-3 p-6")).toEqual(["px-3"]);
    expect(overriddenClasses("flex hidden")).toEqual(["flex"]);
  });

  it("counts a font size as setting the line height too (Tailwind 4), but not the other way round", () => {
    expect(overriddenClasses("leading-tight text-sm")).toEqual(["leading-tight"]);
    expect(overriddenClasses("text-sm leading-tight")).toEqual([]);
  });

  it("passes classes that set different properties, or the same one in different variants", () => {
    expect(overriddenClasses("p-6 px-3")).toEqual([]);
    expect(overriddenClasses("text-sm md:text-lg hover:text-brand")).toEqual([]);
    expect(overriddenClasses("rating-stars card card-raised")).toEqual([]);
  });

  it("reads the theme's tokens by their kind", () => {
    expect(overriddenClasses("text-sm text-ink-muted")).toEqual([]);
    expect(overriddenClasses("text-ink text-ink-muted")).toEqual(["text-ink"]);
    expect(overriddenClasses("bg-sand bg-brand-soft")).toEqual(["bg-sand"]);
    expect(overriddenClasses("border-line border-2")).toEqual([]);
    expect(overriddenClasses("rounded-lg rounded-card")).toEqual(["rounded-lg"]);
    expect(overriddenClasses("shadow-card shadow-ink")).toEqual([]);
    expect(overriddenClasses("font-serif font-semibold")).toEqual([]);
    expect(overriddenClasses("font-sans font-serif")).toEqual(["font-sans"]);
  });
});

describe("THEME_TOKENS", () => {
  it("lists exactly the colour, font, radius and shadow tokens of the style sheet's @theme block", () => {
    const css = readFileSync(path.resolve(import.meta.dirname, "../../app.css"), "utf8");
    const theme = /@theme\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
    const tokens = (kind: string) => [...theme.matchAll(new RegExp(`--${kind}-([a-z0-9-]+):`, "g"))].map((match) => match[1]);
    expect(tokens("color")).toEqual(THEME_TOKENS.color);
    expect(tokens("font")).toEqual(THEME_TOKENS.font);
    expect(tokens("radius")).toEqual(THEME_TOKENS.radius);
    expect(tokens("shadow")).toEqual(THEME_TOKENS.shadow);
  });
});
