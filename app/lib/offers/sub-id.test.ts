import { describe, expect, it } from "vitest";
import { isSubId, SUB_ID_PRESETS, subIdFrom, subIdParameter, withSubId } from "./sub-id";

describe("withSubId", () => {
  it("adds the sub-ID in each network's format, leaving the rest of the link as it was", () => {
    const link = "https://www.amazon.example/dp/B0X?tag=mysite-20&th=1";
    expect(withSubId(link, "ascsubtag={id}", "k3j9x2m7qp")).toBe(
      "https://www.amazon.example/dp/B0X?tag=mysite-20&th=1&ascsubtag=k3j9x2m7qp",
    );
    expect(
      withSubId("https://www.awin1.example/cread.php?awinmid=1&awinaffid=2&p=https%3A%2F%2Fshop.example%2Fa%20b", "clickref={id}", "abc"),
    ).toBe("https://www.awin1.example/cread.php?awinmid=1&awinaffid=2&p=https%3A%2F%2Fshop.example%2Fa%20b&clickref=abc");
    expect(withSubId("https://shop.example/x", "sid={id}", "abc")).toBe("https://shop.example/x?sid=abc");
    expect(withSubId("https://shop.example/x?a=1#top", "subId1={id}", "abc")).toBe("https://shop.example/x?a=1&subId1=abc#top");
  });

  it("replaces a value the link already carries for that parameter", () => {
    expect(withSubId("https://shop.example/x?afftrack=old&b=2", "afftrack={id}", "new")).toBe("https://shop.example/x?afftrack=new&b=2");
  });

  it("leaves a link alone without a valid template", () => {
    expect(withSubId("https://shop.example/x", null, "abc")).toBe("https://shop.example/x");
    expect(withSubId("https://shop.example/x", "clickref", "abc")).toBe("https://shop.example/x");
    expect(withSubId("https://shop.example/x", "a b={id}", "abc")).toBe("https://shop.example/x");
  });
});

describe("templates and IDs", () => {
  it("accepts every preset and a custom name={id}", () => {
    for (const preset of SUB_ID_PRESETS) expect(subIdParameter(preset.template)).not.toBeNull();
    expect(subIdParameter("u1={id}")).toBe("u1");
    expect(subIdParameter("name=x")).toBeNull();
  });

  it("makes IDs of 10 unambiguous letters and digits", () => {
    const id = subIdFrom(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 31, 255]));
    expect(id).toBe("abcdefgh99");
    expect(isSubId(id)).toBe(true);
    expect(isSubId("abc")).toBe(false);
    expect(isSubId("abcdefghi0")).toBe(false);
  });
});
