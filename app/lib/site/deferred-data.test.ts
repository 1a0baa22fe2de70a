import { describe, expect, it } from "vitest";
import { streamsDeferredData } from "./deferred-data";

const headers = (init: Record<string, string>) => new Headers(init);

describe("streamsDeferredData", () => {
  it("streams for the app's own data fetch (client navigation)", () => {
    expect(streamsDeferredData(headers({ "Sec-Fetch-Dest": "empty" }))).toBe(true);
    expect(streamsDeferredData(headers({ "sec-fetch-dest": "Empty " }))).toBe(true);
  });

  it("sends complete HTML for a document load, an iframe, or a client without the header", () => {
    expect(streamsDeferredData(headers({ "Sec-Fetch-Dest": "document" }))).toBe(false);
    expect(streamsDeferredData(headers({ "Sec-Fetch-Dest": "iframe" }))).toBe(false);
    expect(streamsDeferredData(headers({ "User-Agent": "Googlebot/2.1" }))).toBe(false);
  });
});
