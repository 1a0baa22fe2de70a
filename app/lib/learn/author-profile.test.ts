import { describe, expect, it } from "vitest";
import {
  authorInitials,
  knowsAboutTopics,
  MAX_PROFILE_LINKS,
  MAX_TOPICS,
  profileLinkLabel,
  profileLinksFromJson,
  readProfileLinks,
} from "./author-profile";

describe("readProfileLinks", () => {
  it("keeps https addresses one a line, dropping blank lines and repeats", () => {
    expect(readProfileLinks(" https://www.linkedin.com/in/maija \n\nhttps://example.org/me\r\nhttps://example.org/me\n")).toEqual({
      ok: true,
      links: ["https://www.linkedin.com/in/maija", "https://example.org/me"],
    });
    expect(readProfileLinks("")).toEqual({ ok: true, links: [] });
  });

  it("refuses an address that is not https, naming it", () => {
    expect(readProfileLinks("https://example.org\nhttp://example.org/me")).toEqual({
      ok: false,
      message: '"http://example.org/me" is not a full https:// address.',
    });
    expect(readProfileLinks("javascript:alert(1)")).toMatchObject({ ok: false });
    expect(readProfileLinks("linkedin.com/in/maija")).toMatchObject({ ok: false });
    expect(readProfileLinks("https://localhost/me")).toMatchObject({ ok: false });
  });

  it("refuses more than the most a page lists", () => {
    const many = Array.from({ length: MAX_PROFILE_LINKS + 1 }, (_, i) => `https://example${i}.org`).join("\n");
    expect(readProfileLinks(many)).toEqual({ ok: false, message: `Give at most ${MAX_PROFILE_LINKS} profile addresses.` });
  });
});

describe("profileLinksFromJson", () => {
  it("reads the stored list and drops anything but https addresses", () => {
    expect(profileLinksFromJson('["https://a.example/x", "http://b.example", 3, "javascript:x"]')).toEqual(["https://a.example/x"]);
    expect(profileLinksFromJson("not json")).toEqual([]);
    expect(profileLinksFromJson(null)).toEqual([]);
  });
});

describe("profileLinkLabel", () => {
  it("names the site without www.", () => {
    expect(profileLinkLabel("https://www.linkedin.com/in/maija")).toBe("linkedin.com");
    expect(profileLinkLabel("https://saunaguild.example/members/tom")).toBe("saunaguild.example");
  });
});

describe("authorInitials", () => {
  it("takes the first and last names' first letters", () => {
    expect(authorInitials("Maija Lehtonen")).toBe("ML");
    expect(authorInitials("Tom J. Gallagher")).toBe("TG");
    expect(authorInitials("Cher")).toBe("C");
    expect(authorInitials("Aino Virtanen (sample reviewer)")).toBe("AV");
    expect(authorInitials("Émile Ødegaard")).toBe("ÉØ");
  });
});

describe("knowsAboutTopics", () => {
  it("puts the most used article tags first, then the kinds of sauna tested, each once", () => {
    expect(
      knowsAboutTopics(
        [
          ["Infrared", "Buying Advice"],
          ["Barrel Saunas", "Buying Advice"],
        ],
        ["Barrel saunas", "Cube saunas"],
      ),
    ).toEqual(["Buying Advice", "Infrared", "Barrel Saunas", "Cube saunas"]);
  });

  it("names at most MAX_TOPICS", () => {
    const tags = Array.from({ length: MAX_TOPICS + 3 }, (_, i) => `Topic ${i}`);
    expect(knowsAboutTopics([tags], ["Barrel saunas"])).toHaveLength(MAX_TOPICS);
    expect(knowsAboutTopics([], [])).toEqual([]);
  });
});
