import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleLinkList } from "./article-link-list";

describe("the editor's list of an article's links to other sites", () => {
  it("says which are tracked, to which shop and product, and which earn nothing", () => {
    const html = renderToStaticMarkup(
      <ArticleLinkList
        links={[
          { url: "https://nordic.example/saunas/barrel-6", kind: "offer", merchantName: "Nordic Bath", productName: "Barrel 6" },
          { url: "https://nordic.example/heaters", kind: "merchant", merchantName: "Nordic Bath" },
          { url: "https://www.amazon.com/dp/B000", kind: "none", shopLike: true },
          { url: "https://en.wikipedia.org/wiki/Sauna", kind: "none", shopLike: false },
        ]}
      />,
    );
    const text = html.replace(/<[^>]+>/g, "").replace(/&#x27;|&apos;/g, "'");
    expect(text).toContain("2 of 4 tracked; the others earn nothing.");
    expect(text).toContain("Tracked: Barrel 6 at Nordic Bath: https://nordic.example/saunas/barrel-6");
    expect(text).toContain("Tracked: Nordic Bath (its affiliate parameters added): https://nordic.example/heaters");
    expect(text).toContain("Earns nothing: looks like a shop no merchant matches: https://www.amazon.com/dp/B000");
    expect(text).toContain("Earns nothing: another site: https://en.wikipedia.org/wiki/Sauna");
    // Addresses are shown as text: the editor is not a place to follow them from.
    expect(html).not.toContain("<a ");
  });

  it("says how a link comes to earn when the body has none", () => {
    const text = renderToStaticMarkup(<ArticleLinkList links={[]} />).replace(/<[^>]+>/g, "");
    expect(text).toContain("None yet. A link to a shop listed under Merchants goes through the site");
  });
});
