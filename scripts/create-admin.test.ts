import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** The script as an operator runs it: its own process, a fresh SQLite DATA_DIR, no terminal. */

const dataDir = mkdtempSync(path.join(tmpdir(), "sauna-create-admin-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function createAdmin(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BASE_URL: "https://saunas.example.com",
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: "",
      ...env,
    },
    encoding: "utf8",
    stdio: ["pipe", "pipe", "pipe"],
    timeout: 60_000,
  });
}

describe("create-admin", () => {
  it("takes the password from ADMIN_PASSWORD and prints the sign-in link on BASE_URL", () => {
    const run = createAdmin(["--email", "owner@example.com"], { ADMIN_PASSWORD: "a long password" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Created admin owner@example.com");
    expect(run.stdout).toContain("Sign in at https://saunas.example.com/auth");
    expect(run.stdout).not.toContain("a long password");
  });

  it("prints the address the site started with when this shell has none of its PORT, HOST or BASE_URL", () => {
    // What createSite records at start-up: a site on port 4599, this shell on the defaults.
    writeFileSync(path.join(dataDir, "site-address"), "http://127.0.0.1:4599\n");
    const run = createAdmin(["--email", "owner@example.com"], { ADMIN_PASSWORD: "a long password", BASE_URL: "", PORT: "", HOST: "" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Sign in at http://127.0.0.1:4599/auth");
    expect(run.stdout).toContain("(The address the site last started with on this DATA_DIR.)");
    expect(run.stdout).not.toContain("3000");
  });

  it("refuses a password on the command line, and asks for ADMIN_PASSWORD when there is no terminal to prompt on", () => {
    const onCommandLine = createAdmin(["--email", "owner@example.com", "--password", "a long password"]);
    expect(onCommandLine.status).toBe(2);
    expect(onCommandLine.stderr).toMatch(/--password is not accepted: it would stay in your shell history/);
    const noTerminal = createAdmin(["--email", "owner@example.com"]);
    expect(noTerminal.status).toBe(2);
    expect(noTerminal.stderr).toMatch(/set ADMIN_PASSWORD/);
  });
});
