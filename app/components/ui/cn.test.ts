import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins class names and skips falsy ones", () => {
    expect(cn("a", false, null, undefined, "", "b")).toBe("a b");
    expect(cn("p-2", { hidden: false, block: true })).toBe("p-2 block");
  });

  it("lets the later of two conflicting Tailwind classes win", () => {
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    expect(cn("text-sm", "text-lg")).toBe("text-lg");
  });

  it("keeps a theme colour and a font size together: they set different properties", () => {
    expect(cn("text-sm text-ink-muted")).toBe("text-sm text-ink-muted");
    expect(cn("text-ink-muted", "text-lg")).toBe("text-ink-muted text-lg");
    expect(cn("text-rating-excellent text-xs")).toBe("text-rating-excellent text-xs");
  });

  it("resolves theme colours against each other", () => {
    expect(cn("text-ink", "text-ink-muted")).toBe("text-ink-muted");
    expect(cn("bg-sand", "bg-brand-soft")).toBe("bg-brand-soft");
    expect(cn("border-line", "border-brand")).toBe("border-brand");
    expect(cn("border-line border-2")).toBe("border-line border-2");
  });

  it("knows the theme's radius and shadows", () => {
    expect(cn("rounded-lg", "rounded-card")).toBe("rounded-card");
    expect(cn("rounded-card", "rounded-full")).toBe("rounded-full");
    expect(cn("shadow-card", "shadow-raised")).toBe("shadow-raised");
    expect(cn("shadow-card", "shadow-sm")).toBe("shadow-sm");
    expect(cn("shadow-card shadow-ink")).toBe("shadow-card shadow-ink");
  });

  it("keeps the theme's font families apart from font weights", () => {
    expect(cn("font-serif font-semibold")).toBe("font-serif font-semibold");
    expect(cn("font-sans", "font-serif")).toBe("font-serif");
  });
});
