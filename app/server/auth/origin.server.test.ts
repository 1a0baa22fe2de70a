import { describe, expect, it } from "vitest";
import { allowedOrigins, assertSameSite, isSameSiteRequest } from "./origin.server";

const post = (headers: Record<string, string>) => new Request("http://whatever.host/auth", { method: "POST", headers });

describe("same-site POST check", () => {
  it("accepts the BASE_URL origin, from Origin or else Referer", () => {
    expect(isSameSiteRequest(post({ origin: "https://saunas.example" }), "https://saunas.example")).toBe(true);
    expect(isSameSiteRequest(post({ referer: "https://saunas.example/auth?x=1" }), "https://saunas.example")).toBe(true);
  });

  it("refuses other origins, a missing origin and the opaque 'null' origin", () => {
    const base = "https://saunas.example";
    expect(isSameSiteRequest(post({ origin: "https://evil.example" }), base)).toBe(false);
    expect(isSameSiteRequest(post({ origin: "http://saunas.example" }), base)).toBe(false);
    expect(isSameSiteRequest(post({ origin: "https://saunas.example.evil.example" }), base)).toBe(false);
    expect(isSameSiteRequest(post({}), base)).toBe(false);
    expect(isSameSiteRequest(post({ origin: "null" }), base)).toBe(false);
    // Origin wins over a same-site Referer.
    expect(isSameSiteRequest(post({ origin: "https://evil.example", referer: "https://saunas.example/" }), base)).toBe(false);
  });

  it("does not trust the Host header (request.url)", () => {
    const request = new Request("https://evil.example/auth", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(isSameSiteRequest(request, "https://saunas.example")).toBe(false);
  });

  it("treats the loopback spellings as one site when BASE_URL is loopback", () => {
    expect(allowedOrigins("http://127.0.0.1:3000")).toEqual(["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"]);
    expect(isSameSiteRequest(post({ origin: "http://localhost:3000" }), "http://127.0.0.1:3000")).toBe(true);
    expect(isSameSiteRequest(post({ origin: "http://localhost:3001" }), "http://127.0.0.1:3000")).toBe(false);
    expect(allowedOrigins("https://saunas.example")).toEqual(["https://saunas.example"]);
  });

  it("throws a 403 for a cross-site POST", () => {
    try {
      assertSameSite(post({ origin: "https://evil.example" }), "https://saunas.example");
      expect.unreachable();
    } catch (error) {
      expect((error as { init?: ResponseInit }).init?.status).toBe(403);
    }
  });
});
