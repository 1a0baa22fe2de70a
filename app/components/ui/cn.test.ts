import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins class names and skips falsy ones", () => {
    expect(cn("a", false, null, undefined, "", "b")).toBe("a b");
    expect(cn("p-2", { hidden: false, block: true })).toBe("p-2 block");
    expect(cn(["flex", ["gap-2", null, "items-center"]])).toBe("flex gap-2 items-center");
  });

  it("keeps the order it was given, merging nothing", () => {
    expect(cn("text-sm text-ink-muted", "font-semibold")).toBe("text-sm text-ink-muted font-semibold");
    expect(cn("p-6", "px-3")).toBe("p-6 px-3");
  });

  it("refuses, in development and tests, two classes that set the same property", () => {
    expect(() => cn("px-2 py-1", "px-4")).toThrow(/"px-2 py-1 px-4": px-2 set a property/);
    expect(() => cn("text-ink", "text-ink-muted")).toThrow(/text-ink set a property/);
    expect(() => cn("mt-2 font-semibold leading-snug", "text-xl")).toThrow(/leading-snug/);
    expect(() => cn("btn h-11", "h-9")).toThrow(/h-11/);
  });
});
