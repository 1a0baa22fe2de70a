import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/** The full tailwind-merge, told about the `@theme` tokens of app/app.css: what `cn` must agree with. */
const reference = extendTailwindMerge({
  extend: {
    theme: {
      color: [
        "canvas",
        "surface",
        "sand",
        "sand-strong",
        "line",
        "ink",
        "ink-muted",
        "brand",
        "brand-strong",
        "brand-soft",
        "forest",
        "forest-soft",
        "night",
        "rating-excellent",
        "rating-good",
        "rating-average",
        "rating-below",
        "rating-poor",
      ],
      font: ["sans", "serif"],
      radius: ["card"],
      shadow: ["card", "raised"],
    },
  },
});

const appDirectory = path.resolve(import.meta.dirname, "../..");

/** Every word of every string literal in app/ that could be a class name (a superset: prose words are harmless). */
function classNamesInSource(): string[] {
  const names = new Set<string>();
  const files = readdirSync(appDirectory, { recursive: true, encoding: "utf8" }).filter(
    // cn.ts itself is left out: its strings are class-name fragments, not classes.
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && path.basename(file) !== "cn.ts",
  );
  for (const file of files) {
    const source = readFileSync(path.join(appDirectory, file), "utf8");
    for (const match of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g)) {
      const text = match[1] ?? match[2] ?? match[3] ?? "";
      for (const word of text.split(/\s+|\$\{[^}]*\}/)) {
        if (/^!?-?[a-z0-9[][a-z0-9:\-[\]/.#%_()&>*@=,!]*$/i.test(word) && !word.endsWith("-")) names.add(word);
      }
    }
  }
  return [...names].sort();
}

describe("cn against the full tailwind-merge", () => {
  it("merges every pair of class names written in app/ as the full configuration does", () => {
    const names = classNamesInSource();
    // Only classes either side recognises can ever be merged away; the rest are always kept.
    const recognised = names.filter((name) => reference(`${name} ${name}`) === name || cn(name, name) === name);
    expect(recognised.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of recognised) {
      for (const second of recognised) {
        const expected = reference(`${first} ${second}`);
        if (cn(first, second) !== expected)
          differences.push(`"${first} ${second}": cn gives "${cn(first, second)}", tailwind-merge "${expected}"`);
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
  });
});
