import { describe, expect, it } from "vitest";
import type { AppConfig } from "../config.server";
import { readFlash, redirectWithFlash, setFlash } from "./flash.server";

const config = { baseUrl: "http://localhost:3000", authSecret: "x".repeat(40) } as AppConfig;
const httpsConfig = { baseUrl: "https://saunas.example.com", authSecret: "x".repeat(40) } as AppConfig;

function requestWith(setCookie: string | null): Request {
  const cookie = setCookie?.split(";")[0];
  return new Request("http://localhost:3000/admin/products", { headers: cookie ? { cookie } : {} });
}

describe("flash cookie", () => {
  it("carries a message to the next page once, then clears it", async () => {
    const headers = await setFlash(requestWith(null), config, {
      toast: { kind: "success", title: "Product saved" },
      notes: ["Rating 7 is above 5; kept as 5."],
    });
    const setCookie = headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^flash=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);

    const read = await readFlash(requestWith(setCookie), config);
    expect(read.flash).toEqual({ toast: { kind: "success", title: "Product saved" }, notes: ["Rating 7 is above 5; kept as 5."] });
    // Cleared: an expired cookie of the same name.
    expect(read.headers.get("set-cookie")).toMatch(/^flash=;.*Expires=Thu, 01 Jan 1970/i);
  });

  it("sets no cookie on a page without a flash", async () => {
    const read = await readFlash(requestWith(null), config);
    expect(read).toEqual({ flash: null, headers: new Headers() });
    expect((await readFlash(requestWith("other=1"), config)).headers.has("set-cookie")).toBe(false);
  });

  it("ignores a cookie not signed with the site's secret", async () => {
    const headers = await setFlash(requestWith(null), { ...config, authSecret: "y".repeat(40) } as AppConfig, {
      notice: { title: "Deleted", text: "x" },
    });
    const read = await readFlash(requestWith(headers.get("set-cookie")), config);
    expect(read.flash).toBeNull();
  });

  it("is Secure on an https site", async () => {
    const headers = await setFlash(requestWith(null), httpsConfig, { notice: { title: "Deleted", text: "Deleted 1 product." } });
    expect(headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("redirects with the cookie set", async () => {
    const response = await redirectWithFlash(requestWith(null), config, "/admin/products?edit=3#product-form", {
      toast: { kind: "success", title: "Saved" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/products?edit=3#product-form");
    const read = await readFlash(requestWith(response.headers.get("set-cookie")), config);
    expect(read.flash).toEqual({ toast: { kind: "success", title: "Saved" } });
  });
});
