/**
 * A first build prints no deprecation and no "Future Flag Warning": they read like errors to
 * someone installing the site. Both checks read files only, so they cost nothing in `npm test`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../react-router.config";

const devDist = path.resolve(import.meta.dirname, "../../node_modules/@react-router/dev/dist");

function scriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scriptFiles(full);
    return entry.name.endsWith(".js") ? [full] : [];
  });
}

describe("a build's warnings", () => {
  it("leaves no React Router future flag to its default (an unset one prints a warning at every build)", () => {
    const source = readFileSync(path.join(devDist, "vite.js"), "utf8");
    const warned = [...source.matchAll(/logFutureFlagWarning\(\s*"(\w+)"/g)].map((match) => match[1]);
    expect(warned.length).toBeGreaterThan(0);
    const future: Record<string, unknown> = config.future ?? {};
    expect(warned.filter((flag) => flag !== undefined && future[flag] === undefined)).toEqual([]);
  });

  it("has @react-router/dev start Vite without the deprecated envFile option (npm install's postinstall)", () => {
    const left = scriptFiles(devDist).filter((file) => /\benvFile: false\b/.test(readFileSync(file, "utf8")));
    expect(left.map((file) => path.relative(devDist, file)), "run `npm install` (or node scripts/install/vite-env-dir.js)").toEqual([]);
  });
});
