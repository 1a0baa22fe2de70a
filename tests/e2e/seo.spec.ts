import { expect, test, type APIRequestContext } from "./fixtures";

/**
 * What search engines and feed readers see, read from the server HTML (no JavaScript): the JSON-LD
 * of every page kind against the fields Google requires per type, the social cards, the sitemap
 * (crawled both ways: every listed URL is a 200 canonical page, every canonical page reached by
 * links is listed), robots.txt and the Knowledge Center feed.
 */

type Block = Record<string, unknown> & { "@type"?: string };

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function jsonLdBlocks(html: string): Block[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Block);
}

function metaContent(html: string, key: string): string | undefined {
  const tag = [...html.matchAll(/<meta [^>]*>/g)]
    .map((m) => m[0])
    .find((t) => t.includes(`property="${key}"`) || t.includes(`name="${key}"`));
  const content = tag?.match(/content="([^"]*)"/)?.[1];
  return content === undefined ? undefined : decodeEntities(content);
}

function canonicalOf(html: string): string | undefined {
  const href = html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
  return href === undefined ? undefined : decodeEntities(href);
}

const isAbsolute = (value: unknown) => typeof value === "string" && /^https?:\/\//.test(value);

/** The fields Google's documentation requires (or that this site promises) for each type. */
function problems(block: Block): string[] {
  const found: string[] = [];
  const need = (ok: unknown, what: string) => {
    if (!ok) found.push(`${block["@type"]}: ${what}`);
  };
  need(block["@context"] === "https://schema.org", "@context is https://schema.org");
  const list = block.itemListElement as Block[] | undefined;
  switch (block["@type"]) {
    case "Product": {
      need(typeof block.name === "string" && block.name, "name");
      need(block.offers || block.review || block.aggregateRating, "offers, review or aggregateRating");
      // One shop: an Offer with its price. Several: an AggregateOffer, whose required fields are
      // the lowest price and the currency (offerCount and highPrice are what a range needs).
      const offer = block.offers as Block | undefined;
      if (offer?.["@type"] === "AggregateOffer") {
        need(
          offer.lowPrice && offer.highPrice && Number(offer.offerCount) >= 2 && offer.priceCurrency === "USD",
          "offers.lowPrice, highPrice, offerCount and priceCurrency",
        );
      } else if (offer) {
        need(offer["@type"] === "Offer" && offer.price && offer.priceCurrency === "USD", "offers.price and priceCurrency");
      }
      const rating = block.aggregateRating as Block | undefined;
      if (rating) need(rating.ratingValue && (rating.reviewCount || rating.ratingCount), "aggregateRating value and count");
      break;
    }
    case "BreadcrumbList":
      need(Array.isArray(list) && list.length >= 2, "at least two steps");
      list?.forEach((item, index) => {
        need(item["@type"] === "ListItem" && item.position === index + 1 && item.name, `step ${index + 1} position and name`);
        need(index === list.length - 1 || isAbsolute(item.item), `step ${index + 1} absolute item URL`);
      });
      break;
    case "ItemList":
      need(Array.isArray(list) && list.length > 0, "items");
      list?.forEach((item, index) => {
        need(item["@type"] === "ListItem" && Number.isInteger(item.position) && isAbsolute(item.url), `item ${index} position and url`);
        if (index > 0) need(item.position === (list[index - 1]!.position as number) + 1, "consecutive positions");
      });
      break;
    case "Article":
      need(block.headline, "headline");
      need(Array.isArray(block.image) && (block.image as unknown[]).every(isAbsolute), "absolute image");
      need(/^\d{4}-\d\d-\d\d/.test(String(block.datePublished)) && /^\d{4}-\d\d-\d\d/.test(String(block.dateModified)), "dates");
      need(Array.isArray(block.author) && (block.author as Block[]).every((a) => a.name), "author name");
      need(
        (block.author as Block[]).every((a) => a.url === undefined || isAbsolute(a.url)),
        "absolute author url",
      );
      break;
    case "ProfilePage": {
      const person = block.mainEntity as Block | undefined;
      need(isAbsolute(block.url) && person?.["@type"] === "Person" && person.name && isAbsolute(person.url), "person with name and url");
      break;
    }
    case "WebSite": {
      need(block.name && isAbsolute(block.url), "name and url");
      const action = block.potentialAction as Block | undefined;
      const target = action?.target as Block | undefined;
      need(String(target?.urlTemplate).includes("/reviews?q={search_term_string}"), "search target");
      need(action?.["query-input"] === "required name=search_term_string", "query-input");
      break;
    }
    case "Organization":
      need(block.name && isAbsolute(block.url), "name and url");
      break;
    case "CollectionPage":
      need(block.name && isAbsolute(block.url), "name and url");
      need(/^\d{4}-\d\d-\d\dT/.test(String(block.dateModified)), "dateModified");
      break;
    default:
      found.push(`unexpected type ${block["@type"]}`);
  }
  return found;
}

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

async function firstHref(request: APIRequestContext, path: string, pattern: RegExp): Promise<string> {
  const page = await html(request, path);
  const href = [...page.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]!)).find((h) => pattern.test(h));
  expect(href, `a link matching ${pattern} on ${path}`).toBeTruthy();
  return href!;
}

test.describe("Server HTML is the same at every width", { tag: "@desktop-only" }, () => {
  test("every page kind carries valid JSON-LD and a 1200x630 social card", async ({ request }) => {
    // Eight pages and eight 1200x630 resizes: allow for a busy machine.
    test.setTimeout(120_000);
    const article = await firstHref(request, "/learn", /^\/learn\/(?!category\/|tag\/|feed)[a-z0-9-]+$/);
    const tag = await firstHref(request, article, /^\/learn\/tag\//);
    const pages: Record<string, string[]> = {
      "/": ["WebSite", "Organization"],
      "/reviews": ["BreadcrumbList", "ItemList"],
      "/reviews/barrel-saunas": ["CollectionPage", "BreadcrumbList", "ItemList"],
      "/reviews/product/lumo-works-valo-2-cube-sauna": ["Product", "BreadcrumbList"],
      "/learn": ["BreadcrumbList"],
      "/learn/category/buying-guides": ["BreadcrumbList"],
      [tag]: ["BreadcrumbList"],
      [article]: ["BreadcrumbList", "Article"],
      "/learn/author/maija-lehtonen": ["BreadcrumbList", "ProfilePage"],
    };
    for (const [path, types] of Object.entries(pages)) {
      const page = await html(request, path);
      const blocks = jsonLdBlocks(page);
      expect(blocks.map((block) => block["@type"]).sort(), path).toEqual([...types].sort());
      expect(blocks.flatMap(problems), path).toEqual([]);

      const image = metaContent(page, "og:image");
      expect(image, path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/img\/1200x630\/(?:images|storage\/product-images)\/[^?&]+$/);
      expect(metaContent(page, "twitter:image"), path).toBe(image);
      expect(metaContent(page, "twitter:card"), path).toBe("summary_large_image");
      expect(metaContent(page, "og:url"), path).toBe(canonicalOf(page));
      expect(page, path).toContain(
        '<link rel="alternate" type="application/atom+xml" title="Sauna Knowledge Center" href="/learn/feed.xml"/>',
      );
      const picture = await request.get(image!);
      expect(picture.status(), image).toBe(200);
      expect(picture.headers()["content-type"], image).toMatch(/^image\//);
    }
  });

  test("a sample product publishes its offers but never its invented rating", async ({ request }) => {
    const page = await html(request, "/reviews/product/lumo-works-valo-2-cube-sauna");
    expect(page).toContain("Sample listing");
    const product = jsonLdBlocks(page).find((block) => block["@type"] === "Product")!;
    // Three sample shops list it and two can take an order: the structured data gives the range of
    // those two, as the where-to-buy table shows it ($10,000 to $10,400; the third row is out of stock).
    expect(page.match(/<tr data-testid="offer-row" class="align-top">/g)).toHaveLength(2);
    expect(page.match(/<tr data-testid="offer-row" class="align-top text-ink-muted">/g)).toHaveLength(1);
    expect(product.offers).toEqual({
      "@type": "AggregateOffer",
      lowPrice: "10000.00",
      highPrice: "10400.00",
      offerCount: 2,
      priceCurrency: "USD",
    });
    expect(product).not.toHaveProperty("aggregateRating");
    expect(product).not.toHaveProperty("review");
  });

  const PRIVATE = /^\/(admin|auth|api|go|img|storage|compare)\b|\?q=|\.(xml|txt|svg|png|jpe?g|webp|css|js)(\?|$)/;

  test("the sitemap lists exactly the canonical public pages, each answering 200", async ({ request, baseURL }) => {
    // A hundred-odd page loads, twice: allow for a busy machine.
    test.setTimeout(180_000);
    // /sitemap.xml is the index; the URLs are in the files it names.
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toContain("application/xml");
    expect(index.headers()["cache-control"]).toMatch(/^public/);
    const indexText = await index.text();
    expect(indexText).toContain("<sitemapindex ");
    const files = [...indexText.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toEqual([`${baseURL}/sitemap-pages-1.xml`, `${baseURL}/sitemap-products-1.xml`]);
    const listed: string[] = [];
    for (const file of files) {
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      expect(response.headers()["content-type"], file).toContain("application/xml");
      expect(response.headers()["cache-control"], file).toMatch(/^public/);
      listed.push(...[...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    expect((await request.get("/sitemap-products-2.xml")).status()).toBe(404);
    expect(new Set(listed).size).toBe(listed.length);
    // 29 sample products, 17 collections, home, reviews and the Knowledge Center at least.
    expect(listed.length).toBeGreaterThan(50);

    for (const url of listed) {
      expect(url.startsWith(`${baseURL}/`), url).toBe(true);
      const page = await request.get(url, { maxRedirects: 0 });
      expect(page.status(), url).toBe(200);
      const body = await page.text();
      expect(canonicalOf(body), url).toBe(url);
      expect(metaContent(body, "robots") ?? "index", url).not.toContain("noindex");
    }

    // Crawl the site by its links: every indexable page's canonical URL is in the sitemap.
    const seen = new Set<string>(["/"]);
    const queue = ["/"];
    const canonicals = new Set<string>();
    while (queue.length > 0 && seen.size < 600) {
      const path = queue.shift()!;
      const page = await request.get(path, { maxRedirects: 0 });
      if (page.status() !== 200 || !page.headers()["content-type"]?.includes("text/html")) continue;
      const body = await page.text();
      const canonical = canonicalOf(body);
      if (canonical && !(metaContent(body, "robots") ?? "").includes("noindex")) canonicals.add(canonical);
      for (const match of body.matchAll(/<a [^>]*href="([^"#]+)/g)) {
        const href = decodeEntities(match[1]!);
        if (!href.startsWith("/") || href.startsWith("//") || PRIVATE.test(href) || seen.has(href)) continue;
        seen.add(href);
        queue.push(href);
      }
    }
    const missing = [...canonicals].filter((url) => !listed.includes(url));
    expect(missing).toEqual([]);
    expect(canonicals.size).toBeGreaterThan(40);
  });

  test("robots.txt opens the site, closes private areas and search results, and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    for (const line of [
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /auth",
      "Disallow: /go/",
      "Disallow: /reviews?q=",
      `Sitemap: ${baseURL}/sitemap.xml`,
    ]) {
      expect(text).toContain(line);
    }
  });

  test("the Knowledge Center feed lists every article with absolute links", async ({ request, baseURL }) => {
    const response = await request.get("/learn/feed.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/atom+xml");
    const xml = await response.text();
    const entries = [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1]!);
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) {
      const link = entry.match(/<link rel="alternate" type="text\/html" href="([^"]+)"/)?.[1];
      expect(link?.startsWith(`${baseURL}/learn/`)).toBe(true);
      expect(entry).toMatch(/<title>[^<]+<\/title>/);
      expect(entry).toMatch(/<summary>[^<]+<\/summary>/);
      expect(entry).toMatch(/<published>\d{4}-\d\d-\d\dT00:00:00Z<\/published>/);
      expect((await request.get(link!)).status()).toBe(200);
    }
  });

  test("the sitemap, robots.txt and the feed carry an ETag and answer a revalidation with 304 and no body", async ({ request }) => {
    for (const path of ["/sitemap.xml", "/robots.txt", "/learn/feed.xml"]) {
      const first = await request.get(path);
      expect(first.status(), path).toBe(200);
      const etag = first.headers()["etag"];
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await request.get(path, { headers: { "If-None-Match": etag! } });
      expect(again.status(), path).toBe(304);
      expect((await again.body()).length, path).toBe(0);
    }
  });

  test("every public page has one address: capitals and trailing slashes answer 301 to it, the query kept", async ({ request }) => {
    for (const [asked, canonical] of [
      ["/reviews/Outdoor-Saunas", "/reviews/outdoor-saunas"],
      ["/reviews/product/Fernhollow-Custom-Cabin-Sauna", "/reviews/product/fernhollow-custom-cabin-sauna"],
      ["/learn/Best-Barrel-Saunas", "/learn/best-barrel-saunas"],
      ["/learn/tag/DIY", "/learn/tag/diy"],
      ["/learn/category/DIY", "/learn/category/diy"],
      ["/reviews/", "/reviews"],
      ["/learn/best-barrel-saunas/", "/learn/best-barrel-saunas"],
      ["/REVIEWS?q=barrel", "/reviews?q=barrel"],
      ["/sitemap.xml/", "/sitemap.xml"],
      ["/learn/feed.xml/", "/learn/feed.xml"],
    ]) {
      const response = await request.get(asked!, { maxRedirects: 0 });
      expect(response.status(), asked).toBe(301);
      expect(response.headers()["location"], asked).toBe(canonical);
      expect((await request.get(canonical!, { maxRedirects: 0 })).status(), canonical).toBe(200);
    }
  });
});
