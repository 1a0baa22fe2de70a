import { describe, expect, it } from "vitest";
import type { ArticleFields } from "./article-fields";
import { articleReadyProblems } from "./article-form";

const READY: ArticleFields = {
  title: "Infrared vs Traditional",
  slug: "infrared-vs-traditional",
  excerpt: "Which suits you.",
  metaTitle: "",
  metaDescription: "",
  categorySlug: "comparisons",
  tags: ["Infrared"],
  authorId: null,
  testerId: null,
  image: "/images/articles/infrared-vs-traditional.webp",
  imageAlt: "Two saunas",
  featured: false,
  body: "## Side-by-side comparison\n\n| Feature | Traditional | Infrared |\n|---|---|---|\n| Heat | 180°F | 130°F |\n",
  readTimeMinutes: null,
};

describe("articleReadyProblems", () => {
  it("lets a complete article go live", () => {
    expect(articleReadyProblems(READY)).toEqual({});
  });

  it("refuses to publish a table with an empty header cell, naming the table", () => {
    const body = READY.body.replace("| Feature |", "| |");
    expect(articleReadyProblems({ ...READY, body })).toEqual({
      body: "Table 1 (under “Side-by-side comparison”) has an empty header in column 1: name every column (e.g. “Feature”), so screen readers can announce it.",
    });
  });
});
