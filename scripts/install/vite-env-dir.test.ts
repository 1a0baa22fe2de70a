import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { patchInstalledReactRouterDev, withEnvDirOption } from "./vite-env-dir.js";

describe("withEnvDirOption", () => {
  it("writes React Router's envFile: false as envDir: false, each time it occurs", () => {
    const source = "createServer({\n  configFile: false,\n  envFile: false,\n  plugins: []\n});\nserver({ envFile: false })";
    const { text, count } = withEnvDirOption(source);
    expect(count).toBe(2);
    expect(text).not.toContain("envFile");
    expect(text).toContain("  envDir: false,\n");
  });

  it("changes nothing the second time, nor in code that never had the option", () => {
    const once = withEnvDirOption("a({ envFile: false })").text;
    expect(withEnvDirOption(once)).toEqual({ text: once, count: 0 });
    expect(withEnvDirOption("myEnvFile: false; envFile: true")).toEqual({ text: "myEnvFile: false; envFile: true", count: 0 });
  });
});

describe("patchInstalledReactRouterDev", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("rewrites the .js files of an installed @react-router/dev, and does nothing without one", () => {
    root = mkdtempSync(path.join(tmpdir(), "vite-env-dir-"));
    expect(patchInstalledReactRouterDev(root)).toBe(0);
    const dist = path.join(root, "node_modules", "@react-router", "dev", "dist");
    mkdirSync(path.join(dist, "cli"), { recursive: true });
    writeFileSync(path.join(dist, "vite.js"), "x({ envFile: false }); y({ envFile: false });");
    writeFileSync(path.join(dist, "cli", "index.js"), "z({ envFile: false });");
    writeFileSync(path.join(dist, "vite.d.ts"), "envFile: false");
    expect(patchInstalledReactRouterDev(root)).toBe(3);
    expect(readFileSync(path.join(dist, "cli", "index.js"), "utf8")).toBe("z({ envDir: false });");
    expect(readFileSync(path.join(dist, "vite.d.ts"), "utf8")).toBe("envFile: false");
    expect(patchInstalledReactRouterDev(root)).toBe(0);
  });
});
