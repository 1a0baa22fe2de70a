import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { START_ENVIRONMENT, START_NODE_ARGS } from "./site-process";

describe("the benchmarks' server process", () => {
  it("starts with the same glibc settings and node flags as `npm start`", () => {
    const start: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
    const words = start.split(/\s+/);
    const assignments = Object.fromEntries(
      words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
    );
    expect(assignments).toEqual(START_ENVIRONMENT);
    const node = words.indexOf("node");
    expect(words.slice(node + 1, words.indexOf("server.js"))).toEqual([...START_NODE_ARGS]);
  });

  it("matches the systemd unit in deploy/, which starts node itself", () => {
    const unit = readFileSync("deploy/sauna-reviews@.service", "utf8");
    const execStart = /^ExecStart=\S+ (.*) server\.js$/m.exec(unit);
    expect(execStart?.[1]?.split(/\s+/)).toEqual([...START_NODE_ARGS]);
    for (const [name, value] of Object.entries(START_ENVIRONMENT))
      expect(unit).toMatch(new RegExp(`^Environment=.*\\b${name}=${value}\\b`, "m"));
  });
});
