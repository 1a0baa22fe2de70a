import { describe, expect, it } from "vitest";
import { isCountedClick } from "./counted-click";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const visit = { method: "GET", userAgent: browser, purpose: [] };

describe("isCountedClick", () => {
  it("counts a browser following the link", () => {
    expect(isCountedClick(visit)).toBe(true);
    expect(isCountedClick({ ...visit, purpose: [undefined, undefined] })).toBe(true);
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "curl/8.5.0",
    "python-requests/2.32",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
  ])("does not count the bot %s", (userAgent) => {
    expect(isCountedClick({ ...visit, userAgent })).toBe(false);
  });

  it.each([["prefetch"], ["prefetch;prerender"], ["Prefetch"]])("does not count Sec-Purpose: %s", (value) => {
    expect(isCountedClick({ ...visit, purpose: [value] })).toBe(false);
  });

  it("does not count the older Purpose and X-Moz prefetch headers", () => {
    expect(isCountedClick({ ...visit, purpose: [undefined, "prefetch"] })).toBe(false);
    expect(isCountedClick({ ...visit, purpose: [undefined, undefined, "prefetch"] })).toBe(false);
  });

  it("does not count HEAD or any method but GET", () => {
    expect(isCountedClick({ ...visit, method: "HEAD" })).toBe(false);
    expect(isCountedClick({ ...visit, method: "POST" })).toBe(false);
    expect(isCountedClick({ ...visit, method: undefined })).toBe(false);
  });

  it("does not count a request without a User-Agent: every browser sends one, a script replaying the link need not", () => {
    expect(isCountedClick({ ...visit, userAgent: undefined })).toBe(false);
    expect(isCountedClick({ ...visit, userAgent: "" })).toBe(false);
    expect(isCountedClick({ ...visit, userAgent: "   " })).toBe(false);
  });
});
