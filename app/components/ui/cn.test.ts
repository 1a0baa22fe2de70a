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

  it("lets a caller's className override a component's defaults", () => {
    expect(cn("inline-flex h-11 px-4 text-sm font-semibold", "h-9 px-3 text-xs")).toBe("inline-flex font-semibold h-9 px-3 text-xs");
    expect(cn("p-6", "px-3")).toBe("p-6 px-3");
    expect(cn("px-3", "p-6")).toBe("p-6");
    expect(cn("size-5", "w-8")).toBe("size-5 w-8");
    expect(cn("w-8 h-8", "size-5")).toBe("size-5");
    expect(cn("mt-4", "mt-0")).toBe("mt-0");
    expect(cn("flex", "hidden")).toBe("hidden");
    expect(cn("gap-x-2", "gap-4")).toBe("gap-4");
    expect(cn("items-start justify-start", "items-center justify-between")).toBe("items-center justify-between");
    expect(cn("rounded-card", "rounded-full")).toBe("rounded-full");
  });

  it("sets theme colour tokens against each other and against Tailwind's palette", () => {
    expect(cn("bg-sand", "bg-brand")).toBe("bg-brand");
    expect(cn("bg-brand", "bg-red-700")).toBe("bg-red-700");
    expect(cn("text-ink", "text-white")).toBe("text-white");
    expect(cn("bg-canvas/95", "bg-surface")).toBe("bg-surface");
    expect(cn("ring-line", "ring-brand/30")).toBe("ring-brand/30");
    expect(cn("ring-2 ring-brand")).toBe("ring-2 ring-brand");
  });

  it("merges within one variant and one importance only", () => {
    expect(cn("text-sm md:text-base", "md:text-lg")).toBe("text-sm md:text-lg");
    expect(cn("md:px-2", "px-4")).toBe("md:px-2 px-4");
    expect(cn("hover:bg-sand", "hover:bg-brand-soft")).toBe("hover:bg-brand-soft");
    expect(cn("text-sm", "md:text-sm!", "text-xs")).toBe("md:text-sm! text-xs");
    expect(cn("md:text-sm!", "md:text-xs!")).toBe("md:text-xs!");
    expect(cn("!px-2", "px-4")).toBe("!px-2 px-4");
  });

  it("lets a font size (which sets a line height too in Tailwind 4) replace an earlier line height", () => {
    expect(cn("leading-tight", "text-sm")).toBe("text-sm");
    expect(cn("leading-tight", "text-sm/6")).toBe("text-sm/6");
    expect(cn("text-sm", "leading-tight")).toBe("text-sm leading-tight");
  });

  it("keeps classes it does not know rather than guessing", () => {
    expect(cn("card", "card-raised")).toBe("card card-raised");
    expect(cn("group peer", "group")).toBe("group peer group");
  });
});
