import { describe, expect, it } from "vitest";
import type { AppConfig } from "../config.server";
import { fitNotes, readFlash, redirectWithFlash, setFlash } from "./flash.server";

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

  it("keeps every note that fits and counts the rest, so the cookie stays under the browsers' 4 KB", async () => {
    const few = ['Row 1: collection "x" does not exist (not linked)', "sale_ends 2020-01-01 has passed (no sale is shown)"];
    expect(fitNotes(few)).toEqual(few);

    const ten = Array.from({ length: 10 }, (_, i) => `note ${i + 1}`);
    expect(fitNotes(ten)).toEqual(ten);
    const eleven = [...ten, "note 11"];
    expect(fitNotes(eleven)).toEqual([...ten.slice(0, 9), "…and 2 more notes not shown here."]);

    const long = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(400, "x"));
    const fitted = fitNotes(long);
    expect(fitted.slice(0, -1).every((note) => note.length === 300)).toBe(true);
    expect(fitted.at(-1)).toBe(`…and ${10 - (fitted.length - 1)} more notes not shown here.`);

    const headers = await setFlash(requestWith(null), config, { toast: { kind: "success", title: "Product saved" }, notes: long });
    const setCookie = headers.get("set-cookie")!;
    expect(setCookie.length).toBeLessThan(4096);
    expect((await readFlash(requestWith(setCookie), config)).flash?.notes).toEqual(fitted);

    // Two bytes a letter: counted in bytes, not letters.
    const accented = Array.from({ length: 10 }, () => "é".repeat(300));
    const accentedCookie = (await setFlash(requestWith(null), config, { notes: accented })).get("set-cookie")!;
    expect(accentedCookie.length).toBeLessThan(4096);
  });
});
