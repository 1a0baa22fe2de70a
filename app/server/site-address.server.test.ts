import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordedSiteAddress, recordSiteAddress, signInAddress } from "./site-address.server";

let dataDir = "";
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "site-address-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("signInAddress", () => {
  const defaults = () => ({ baseUrl: "http://127.0.0.1:3000", dataDir });

  it("is the default address when no server has started on this DATA_DIR", () => {
    expect(recordedSiteAddress(dataDir)).toBeNull();
    expect(signInAddress(defaults(), {})).toEqual({ url: "http://127.0.0.1:3000/auth", from: "default" });
  });

  it("is the address the site last started with, for a shell without its PORT, HOST or BASE_URL", () => {
    recordSiteAddress(dataDir, "http://127.0.0.1:4599");
    expect(signInAddress(defaults(), {})).toEqual({ url: "http://127.0.0.1:4599/auth", from: "recorded" });
  });

  it("follows this process's own settings first", () => {
    recordSiteAddress(dataDir, "http://127.0.0.1:4599");
    const config = { baseUrl: "https://saunas.example.com", dataDir };
    expect(signInAddress(config, { BASE_URL: "https://saunas.example.com" })).toEqual({
      url: "https://saunas.example.com/auth",
      from: "settings",
    });
    expect(signInAddress({ baseUrl: "http://127.0.0.1:8080", dataDir }, { PORT: "8080" }).url).toBe("http://127.0.0.1:8080/auth");
  });

  it("ignores a recorded file that is not an address", () => {
    writeFileSync(path.join(dataDir, "site-address"), "not an address\n");
    expect(signInAddress(defaults(), {}).from).toBe("default");
  });
});
