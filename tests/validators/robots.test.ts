import { execFileSync } from "node:child_process";
import robotsParser from "robots-parser";
import { describe, expect, it } from "vitest";
import { robotsTxt } from "~/lib/seo/sitemap";

/**
 * robots.txt read by two parsers nobody on this project wrote, one of each kind: `robots-parser`
 * (longest match wins, as Google and RFC 9309 read it) and Python's urllib.robotparser (the first
 * matching line wins, as many older crawlers read it). Both must keep crawlers out of the private
 * areas and let them into the public pages.
 */

const ORIGIN = "https://saunas.example";
const text = robotsTxt(ORIGIN);

const PRIVATE = ["/admin", "/admin/products", "/auth", "/auth/forgot", "/api/auth/get-session", "/go/some-sauna", "/reviews?q=barrel"];
const PUBLIC = ["/", "/reviews", "/reviews/outdoor-saunas", "/reviews/product/some-sauna", "/learn", "/compare", "/sitemap.xml"];

function pythonAllows(paths: readonly string[]): boolean[] | null {
  const script = [
    "import json, sys, urllib.robotparser",
    "data = json.load(sys.stdin)",
    "parser = urllib.robotparser.RobotFileParser()",
    "parser.parse(data['text'].splitlines())",
    "print(json.dumps([parser.can_fetch('AnyBot', data['origin'] + path) for path in data['paths']]))",
  ].join("\n");
  try {
    return JSON.parse(execFileSync("python3", ["-c", script], { input: JSON.stringify({ text, origin: ORIGIN, paths }) }).toString());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && process.env.CI !== "true") return null;
    throw error;
  }
}

describe("robots.txt under independent parsers", () => {
  it("a longest-match parser keeps crawlers out of private areas and lets them into public pages", () => {
    const robots = robotsParser(`${ORIGIN}/robots.txt`, text);
    for (const path of PRIVATE) expect(robots.isAllowed(`${ORIGIN}${path}`, "AnyBot"), path).toBe(false);
    for (const path of PUBLIC) expect(robots.isAllowed(`${ORIGIN}${path}`, "AnyBot"), path).toBe(true);
    expect(robots.getSitemaps()).toEqual([`${ORIGIN}/sitemap.xml`]);
  });

  it("a first-match parser (Python's urllib.robotparser) reads it the same", (context) => {
    const allowed = pythonAllows([...PRIVATE, ...PUBLIC]);
    if (allowed === null) {
      console.warn("Skipping the first-match robots.txt check: python3 is not installed");
      context.skip();
      return;
    }
    expect(allowed).toEqual([...PRIVATE.map(() => false), ...PUBLIC.map(() => true)]);
  });
});
