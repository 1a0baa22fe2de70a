import { describe, expect, it } from "vitest";
import { isReservedUnresolvableHost, nextRedirect, requestableUrl } from "./redirects";

describe("following redirects by hand", () => {
  const at = "https://shop.example.org/saunas/barrel?ref=1";
  const visited = new Set([at]);

  it("follows 301, 302, 303, 307 and 308, resolving a relative Location against the address that answered", () => {
    expect(nextRedirect(at, 302, "classic", visited, 0)).toEqual({ kind: "follow", url: "https://shop.example.org/saunas/classic" });
    expect(nextRedirect(at, 301, "/new/barrel", visited, 0)).toEqual({ kind: "follow", url: "https://shop.example.org/new/barrel" });
    expect(nextRedirect(at, 307, "//cdn.example.org/x", visited, 0)).toEqual({ kind: "follow", url: "https://cdn.example.org/x" });
    expect(nextRedirect(at, 308, "http://other.example.org/y#top", visited, 0)).toEqual({
      kind: "follow",
      url: "http://other.example.org/y",
    });
    expect(nextRedirect(at, 303, "?page=2", visited, 0)).toEqual({ kind: "follow", url: "https://shop.example.org/saunas/barrel?page=2" });
  });

  it("takes an answer that is not a redirect, or a 3xx without Location, as final", () => {
    expect(nextRedirect(at, 200, null, visited, 0)).toEqual({ kind: "final" });
    expect(nextRedirect(at, 404, "/elsewhere", visited, 0)).toEqual({ kind: "final" });
    expect(nextRedirect(at, 302, null, visited, 0)).toEqual({ kind: "final" });
    expect(nextRedirect(at, 302, "  ", visited, 0)).toEqual({ kind: "final" });
    expect(nextRedirect(at, 304, "/x", visited, 0)).toEqual({ kind: "final" });
  });

  it("notices a loop the first time an address comes round again", () => {
    const seen = new Set(["http://a.test/1", "http://a.test/2"]);
    expect(nextRedirect("http://a.test/2", 302, "/1", seen, 1)).toEqual({ kind: "loop", url: "http://a.test/1" });
    // Redirecting to itself is a loop too.
    expect(nextRedirect(at, 301, at, visited, 0)).toEqual({ kind: "loop", url: at });
  });

  it("stops after the hop limit", () => {
    expect(nextRedirect(at, 302, "/next", visited, 9, 10)).toEqual({ kind: "follow", url: "https://shop.example.org/next" });
    expect(nextRedirect(at, 302, "/next", visited, 10, 10)).toEqual({ kind: "too-many", url: "https://shop.example.org/next" });
  });

  it("refuses a Location that is not a web address", () => {
    expect(nextRedirect(at, 302, "mailto:sales@example.org", visited, 0)).toEqual({
      kind: "invalid",
      location: "mailto:sales@example.org",
    });
    expect(nextRedirect(at, 302, "http://", visited, 0)).toEqual({ kind: "invalid", location: "http://" });
  });

  it("requests only absolute http(s) addresses, without their fragment", () => {
    expect(requestableUrl(" https://shop.example.org/a#reviews ")).toBe("https://shop.example.org/a");
    expect(requestableUrl("HTTP://Shop.Example.org")).toBe("http://shop.example.org/");
    expect(requestableUrl("ftp://files.example.org/a.pdf")).toBeNull();
    expect(requestableUrl("javascript:alert(1)")).toBeNull();
    expect(requestableUrl("shop.example.org/a")).toBeNull();
  });

  it("knows the reserved names that never resolve", () => {
    for (const host of ["birchline.example", "shop.invalid", "x.test", "EXAMPLE", "a.example."])
      expect(isReservedUnresolvableHost(host), host).toBe(true);
    for (const host of ["example.com", "shop.examples", "testshop.com", "127.0.0.1"])
      expect(isReservedUnresolvableHost(host), host).toBe(false);
  });
});
