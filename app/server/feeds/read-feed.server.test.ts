import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedRow } from "~/lib/feeds/feed-item";
import {
  sampleGtin,
  sampleItem,
  samplePriceMinor,
  sampleTsvRow,
  sampleXmlItem,
  SAMPLE_TSV_HEADER,
  SAMPLE_XML_HEAD,
  SAMPLE_XML_TAIL,
  writeSampleFeed,
} from "../../../scripts/feeds/sample-feed";
import type { AppConfig } from "../config.server";
import type { OutboundPolicy } from "../outbound/outbound-policy.server";
import {
  FeedError,
  feedReadSettingsFrom,
  peekFeed,
  readFeed,
  type FeedErrorCode,
  type FeedSource,
  type ReadFeedOptions,
} from "./read-feed.server";

// Feeds written to a temporary folder and served by local stand-ins for a shop: the shop stands
// on 127.0.0.2, which the policy below allows on purpose; 127.0.0.1 stays inside and must never
// be asked.

const dir = mkdtempSync(path.join(os.tmpdir(), "feed-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function feedFile(content: string | Buffer, name = "feed"): FeedSource {
  const file = path.join(dir, `${++fileCount}-${name}`);
  writeFileSync(file, content);
  return { kind: "file", path: file };
}

async function rowsOf(source: FeedSource, options: ReadFeedOptions = {}): Promise<FeedRow[]> {
  const rows: FeedRow[] = [];
  for await (const row of readFeed(source, options)) rows.push(row);
  return rows;
}

async function feedError(source: FeedSource, options: ReadFeedOptions = {}): Promise<FeedError> {
  const error = await rowsOf(source, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, "the feed was refused").toBeInstanceOf(FeedError);
  return error as FeedError;
}

async function refusedWith(code: FeedErrorCode, source: FeedSource, options: ReadFeedOptions = {}): Promise<string> {
  const error = await feedError(source, options);
  expect(error.code, error.message).toBe(code);
  return error.message;
}

const items = (rows: FeedRow[]) => rows.flatMap((row) => (row.ok ? [row.item] : []));
const xmlFeed = (body: string) => `${SAMPLE_XML_HEAD}${body}${SAMPLE_XML_TAIL}`;

describe("Google XML", () => {
  it("reads an RSS 2.0 feed: g: elements, RSS's own title and link, CDATA, nested shipping", async () => {
    const source = feedFile(
      xmlFeed(
        sampleXmlItem(sampleItem(1)) +
          sampleXmlItem(sampleItem(5)) +
          `<item>
  <g:id>NESTED</g:id>
  <g:title><![CDATA[Tyyni <Deluxe> & Co]]></g:title>
  <title>RSS title loses to g:title</title>
  <g:link>https://shop.example.com/nested</g:link>
  <g:price>2499.00 USD</g:price>
  <g:availability>out of stock</g:availability>
  <g:shipping><g:country>US</g:country><g:service>Freight</g:service><g:price>199.00 USD</g:price></g:shipping>
  <g:shipping><g:country>CA</g:country><g:price>0 USD</g:price></g:shipping>
</item>`,
      ),
    );
    const rows = await rowsOf(source);
    expect(rows.map((row) => row.line)).toEqual([7, 18, 31]);
    const [first, onSale, nested] = items(rows);
    expect(first).toEqual({
      id: "SKU-1",
      title: "Sample Sauna 1 & Stove",
      link: "https://shop.example.com/products/1?ref=feed&size=m",
      priceMinor: samplePriceMinor(1),
      currency: "USD",
      salePriceMinor: null,
      saleStartsAt: null,
      saleEndsAt: null,
      availability: "OutOfStock",
      availableFrom: null,
      brand: "Huum",
      gtin: sampleGtin(1),
      mpn: "MPN-1",
      shipping: "US: $49.00",
    });
    expect(onSale).toMatchObject({ salePriceMinor: Math.round(samplePriceMinor(5) * 0.9), saleEndsAt: "2026-11-30" });
    expect(nested).toMatchObject({
      title: "Tyyni <Deluxe> & Co",
      link: "https://shop.example.com/nested",
      availability: "OutOfStock",
      shipping: "US Freight: $199.00; CA: $0.00",
    });
  });

  it("reads an Atom feed, whatever prefix Google's namespace has, with <link href>", async () => {
    const source = feedFile(`<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:google="http://base.google.com/ns/1.0">
  <title>Shop</title>
  <link rel="self" href="https://shop.example.com/feed.atom"/>
  <entry>
    <id>tag:shop.example.com,2026:1</id>
    <title>Atom sauna</title>
    <link rel="alternate" href="https://shop.example.com/atom-1"/>
    <google:id>A-1</google:id>
    <google:price>EUR 1.299,00</google:price>
    <google:availability>preorder</google:availability>
  </entry>
</feed>`);
    expect(await rowsOf(source)).toEqual([
      expect.objectContaining({
        ok: true,
        line: 5,
        item: expect.objectContaining({
          id: "A-1",
          title: "Atom sauna",
          link: "https://shop.example.com/atom-1",
          priceMinor: 129_900,
          currency: "EUR",
          availability: "PreOrder",
        }),
      }),
    ]);
  });

  it("decodes the encoding the XML declaration names, and UTF-16 by its byte-order mark", async () => {
    const body = `<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>L</g:id><title>Löyly kiuas</title><g:price>10.00 EUR</g:price></item></channel></rss>`;
    const latin1 = feedFile(Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${body}`, "latin1"));
    expect(items(await rowsOf(latin1))).toMatchObject([{ title: "Löyly kiuas" }]);
    const utf16 = feedFile(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`<?xml version="1.0" encoding="UTF-16"?>${body}`, "utf16le")]),
    );
    expect(items(await rowsOf(utf16))).toMatchObject([{ title: "Löyly kiuas" }]);
  });

  it("a g: prefix the feed forgot to declare still means Google's", async () => {
    const source = feedFile(`<rss version="2.0"><channel><item><g:id>X</g:id><g:price>10.00 USD</g:price></item></channel></rss>`);
    expect(items(await rowsOf(source))).toMatchObject([{ id: "X", priceMinor: 1000 }]);
  });

  it("refuses malformed XML, naming the line, after the items before it", async () => {
    const source = feedFile(xmlFeed(`${sampleXmlItem(sampleItem(1))}<item>\n<g:id>2</g:id>\n<g:price>10 USD</g:pric>\n</item>\n`));
    const message = await refusedWith("malformed-xml", source);
    expect(message).toMatch(/^The feed's XML is broken on line 20, column \d+ \(.+\), so it cannot be read and nothing changed\./);
  });

  it("refuses an undefined entity as broken XML, never expanding anything", async () => {
    const source = feedFile(`<rss><channel><item><g:id>1</g:id><title>A&nbsp;B</title></item></channel></rss>`);
    expect(await refusedWith("malformed-xml", source)).toContain("line 1");
  });

  it("refuses a billion-laughs document at once, without expanding it", async () => {
    const levels = Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join("\n");
    const source = feedFile(`<?xml version="1.0"?>
<!DOCTYPE rss [
<!ENTITY lol0 "lol">
${levels}
]>
<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>1</g:id><title>&lol9;</title><g:price>1 USD</g:price></item></channel></rss>`);
    const heapBefore = process.memoryUsage().heapUsed;
    const message = await refusedWith("entities", source);
    expect(message).toMatch(/^This feed declares its own XML entities, which the site does not read for safety/);
    // Expanded, &lol9; is a billion "lol"s: gigabytes. Refused, nothing near that was allocated.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses an external entity and never reads what it points at", async () => {
    const message = await refusedWith(
      "entities",
      feedFile(`<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<rss><channel><item><g:id>1</g:id><title>&x;</title><g:price>1 USD</g:price></item></channel></rss>`),
    );
    expect(message).not.toContain("root:");
  });

  it("refuses an HTML page and an XML file that is not a feed", async () => {
    expect(await refusedWith("not-a-feed", feedFile("<!DOCTYPE html>\n<html><body>Shop</body></html>"))).toContain("web page");
    expect(await refusedWith("not-a-feed", feedFile(`<?xml version="1.0"?><catalog><product/></catalog>`))).toContain("<catalog>");
  });

  it("says an XML feed without items holds none", async () => {
    expect(await refusedWith("empty", feedFile(xmlFeed("")))).toBe("The feed holds no items, so nothing changed.");
  });
});

describe("delimited feeds", () => {
  it("reads a TSV with Google's attribute names; rows numbered as a spreadsheet does", async () => {
    const source = feedFile(`${SAMPLE_TSV_HEADER}\n${sampleTsvRow(sampleItem(1))}\n\n${sampleTsvRow(sampleItem(5))}\n`, "feed.tsv");
    const rows = await rowsOf(source);
    expect(rows.map((row) => row.line)).toEqual([2, 4]);
    expect(items(rows)).toMatchObject([
      { id: "SKU-1", priceMinor: samplePriceMinor(1), gtin: sampleGtin(1), availability: "OutOfStock", shipping: "US: $49.00" },
      { id: "SKU-5", saleStartsAt: "2026-11-01", saleEndsAt: "2026-11-30" },
    ]);
  });

  it("reads a comma-separated file with Google's names: BOM, quotes, a comma and a line break inside a value, CRLF", async () => {
    const csv =
      '\ufeffid,title,price,link,availability\r\n"A-1","Barrel, 6 person",4999.00 USD,https://shop.example.com/a,in_stock\r\nA-2,"Two\r\nlines",1.299,00 EUR,,\r\n';
    const rows = await rowsOf(feedFile(csv, "feed.csv"));
    expect(rows[0]).toMatchObject({ ok: true, line: 2, item: { id: "A-1", title: "Barrel, 6 person", priceMinor: 499_900 } });
    // "1.299,00 EUR" unquoted in a comma file splits in two: the row is refused, not misread.
    expect(rows[1]).toMatchObject({ ok: false, line: 3, itemId: "A-2", reason: expect.stringContaining("6 values but the header has 5") });
  });

  it("reads any CSV through the owner's mapping, and tells the mapping screen what the file holds", async () => {
    const csv = "SKU;Name;Cost;URL;EAN\nS-1;Huum Drop;1299,00;https://shop.example.com/s1;4006381333931\nS-2;Narvi;free;;\n";
    const source = feedFile(csv, "shop.csv");
    expect(await peekFeed(source)).toEqual({
      format: "needs-mapping",
      columns: ["SKU", "Name", "Cost", "URL", "EAN"],
      sample: [
        ["S-1", "Huum Drop", "1299,00", "https://shop.example.com/s1", "4006381333931"],
        ["S-2", "Narvi", "free", "", ""],
      ],
    });
    const message = await refusedWith("needs-mapping", source);
    expect(message).toContain('"SKU", "Name", "Cost", "URL", "EAN"');

    const mapping = { id: "sku", title: "Name", price: "Cost", link: "URL", gtin: "EAN" };
    const rows = await rowsOf(source, { mapping, defaultCurrency: "EUR" });
    expect(rows).toEqual([
      expect.objectContaining({
        ok: true,
        line: 2,
        item: expect.objectContaining({ id: "S-1", title: "Huum Drop", priceMinor: 129_900, currency: "EUR", gtin: "4006381333931" }),
      }),
      { ok: false, line: 3, itemId: "S-2", reason: 'Price "free" is not an amount: write it like 1299.00 EUR.' },
    ]);
    expect(await refusedWith("bad-mapping", source, { format: "csv-mapped", mapping: { ...mapping, price: "Price" } })).toContain(
      'no column "Price" (for price)',
    );
    expect(await refusedWith("needs-mapping", source, { format: "csv-mapped" })).toContain("Pick once");
  });

  it("peeks at a Google TSV and an XML feed", async () => {
    const tsv = feedFile(`${SAMPLE_TSV_HEADER}\n${[1, 2, 3, 4, 5, 6, 7].map((i) => sampleTsvRow(sampleItem(i))).join("\n")}\n`);
    const peek = await peekFeed(tsv);
    expect(peek.format).toBe("google-tsv");
    expect(peek.columns).toEqual(SAMPLE_TSV_HEADER.split("\t"));
    expect(peek.sample).toHaveLength(5);
    expect(await peekFeed(feedFile(xmlFeed(sampleXmlItem(sampleItem(1)))))).toEqual({ format: "google-xml", columns: [], sample: [] });
  });

  it("a peek (in the web request) reads at most the first 4 MB: a first line longer than that is not a header", async () => {
    const endless = feedFile(`id,${"a".repeat(5 * 1024 * 1024)}\n1,2\n`);
    const error = await peekFeed(endless).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedError);
    // The reader stops at the longest row it waits for (1,000,000 characters), before the peek's 4 MB.
    expect((error as FeedError).message).toBe(
      "The file's first line is longer than 1,000,000 characters, so its columns cannot be read: it is not a CSV or TSV with a header row.",
    );
    // Long rows after a short header: the columns and the rows that fit.
    const wide = feedFile(`id,price\n1,${"b".repeat(5 * 1024 * 1024)}\n2,3\n`);
    expect(await peekFeed(wide)).toEqual({ format: "google-tsv", columns: ["id", "price"], sample: [] });
  });

  it("refuses a quote that is never closed, which would swallow the rows after it", async () => {
    const tsv = `${SAMPLE_TSV_HEADER}\n${sampleTsvRow(sampleItem(1))}\n${sampleTsvRow({ ...sampleItem(2), title: '"Unclosed 12' })}\n${sampleTsvRow(sampleItem(3))}\n${sampleTsvRow(sampleItem(4))}\n`;
    expect(await refusedWith("not-a-feed", feedFile(tsv))).toMatch(/^Row 3 has a quoted value that is never closed/);
    // An inch mark inside a value is no quote.
    const inches = `${SAMPLE_TSV_HEADER}\n${sampleTsvRow({ ...sampleItem(1), title: 'Stove 12" wide' })}\n`;
    expect(items(await rowsOf(feedFile(inches)))).toMatchObject([{ title: 'Stove 12" wide' }]);
  });

  it("a format the owner chose must match the file", async () => {
    expect(await refusedWith("not-a-feed", feedFile(xmlFeed("")), { format: "google-tsv" })).toContain("it is XML");
    expect(await refusedWith("not-a-feed", feedFile(`${SAMPLE_TSV_HEADER}\n`), { format: "google-xml" })).toContain("not XML");
  });

  it("an empty file, a header alone, and binary data", async () => {
    expect(await refusedWith("empty", feedFile(""))).toContain("empty");
    expect(await refusedWith("empty", feedFile(" \n\n"))).toContain("empty");
    const padded = await rowsOf(feedFile(`${" ".repeat(100_000)}\n\n${SAMPLE_TSV_HEADER}\n${sampleTsvRow(sampleItem(1))}\n`));
    expect(padded).toMatchObject([{ ok: true, line: 4 }]);
    expect(await refusedWith("empty", feedFile(`${SAMPLE_TSV_HEADER}\n`))).toBe("The feed holds no items, so nothing changed.");
    expect(await refusedWith("not-a-feed", feedFile(Buffer.from([0x41, 0, 0x42, 0, 0x0a])))).toContain("binary");
    expect(await refusedWith("not-a-feed", feedFile(Buffer.from("PK\u0003\u0004rest-of-zip")))).toContain("zip archive");
  });
});

describe("feed-wide rules", () => {
  it("refuses the whole feed when two currencies appear, naming both lines", async () => {
    const euro = { ...sampleItem(3), price: "1299.00 EUR" };
    const message = await refusedWith(
      "mixed-currencies",
      feedFile(`${SAMPLE_TSV_HEADER}\n${sampleTsvRow(sampleItem(1))}\n${sampleTsvRow(sampleItem(2))}\n${sampleTsvRow(euro)}\n`),
    );
    expect(message).toBe(
      "Row 2 is priced in USD and row 4 in EUR. A feed must use one currency throughout, so nothing was read. Ask the shop for one feed per currency (Google Merchant Center makes one per country).",
    );
  });

  it("rejects a row priced 'free' and keeps the others; a rejected row's currency does not count", async () => {
    const rows = await rowsOf(
      feedFile(`${SAMPLE_TSV_HEADER}\n${sampleTsvRow({ ...sampleItem(1), price: "free" })}\n${sampleTsvRow(sampleItem(2))}\n`),
    );
    expect(rows).toEqual([
      { ok: false, line: 2, itemId: "SKU-1", reason: 'Price "free" is not an amount: write it like 1299.00 USD.' },
      expect.objectContaining({ ok: true, line: 3 }),
    ]);
  });

  it("rejects a repeated item id after the first", async () => {
    const rows = await rowsOf(feedFile(xmlFeed(sampleXmlItem(sampleItem(1)) + sampleXmlItem({ ...sampleItem(2), id: "SKU-1" }))));
    expect(rows[0]).toMatchObject({ ok: true });
    expect(rows[1]).toEqual({
      ok: false,
      line: 18,
      itemId: "SKU-1",
      reason: 'Item id "SKU-1" appears again (first on line 7); only the first is read.',
    });
  });
});

describe("size, compression and streaming", () => {
  it("reads a gzip-compressed file, known by its first bytes", async () => {
    const source = feedFile(zlib.gzipSync(xmlFeed(sampleXmlItem(sampleItem(1)) + sampleXmlItem(sampleItem(2)))), "feed.xml.gz");
    expect(items(await rowsOf(source)).map((item) => item.id)).toEqual(["SKU-1", "SKU-2"]);
  });

  it("refuses a feed over the cap, also when it only unpacks to more", async () => {
    const big = xmlFeed(Array.from({ length: 200 }, (_, i) => sampleXmlItem(sampleItem(i + 1))).join(""));
    const message = await refusedWith("too-large", feedFile(big), { maxBytes: 16 * 1024 });
    expect(message).toMatch(/^The feed is larger than 16 KB \(FEED_MAX_MB\), so it was not read and nothing changed\./);
    // Blank lines, so that the bytes run out before any row does (an endless row is the next test).
    for (const filler of [" \n", "\n"]) {
      const bomb = zlib.gzipSync(Buffer.from(filler.repeat(4 * 1024 * 1024)));
      expect(bomb.length).toBeLessThan(64 * 1024);
      await refusedWith("too-large", feedFile(bomb), { maxBytes: 1024 * 1024 });
    }
  });

  it("stops at a row that never ends, having read a little more than the row's limit, whatever the feed's size", async () => {
    // 40 MB of one line (under the default cap of 200 MB), packed: read up to about 1 MB, then refused in words.
    const oneLine = zlib.gzipSync(Buffer.alloc(40 * 1024 * 1024, "a"));
    expect(await refusedWith("row-too-long", feedFile(oneLine))).toBe(
      "The first row runs on for more than 1,000,000 characters: this is not a CSV or TSV feed with one row per line, so nothing was read.",
    );
    // A quote opened on row 3 and never closed, 1.3 MB of rows after it.
    const unclosed = `${SAMPLE_TSV_HEADER}\n${sampleTsvRow(sampleItem(1))}\n"${"more\tcells\n".repeat(120 * 1024)}`;
    expect(await refusedWith("row-too-long", feedFile(unclosed))).toMatch(
      /^Row 3 runs on for more than 1,000,000 characters \(a " without its pair, or lost line breaks\?\), so nothing was read\./,
    );
  });

  it.each(["google-xml", "google-tsv"] as const)("reads 20,000 items of %s", async (format) => {
    const file = path.join(dir, `big.${format}`);
    await writeSampleFeed(file, format, 20_000);
    let count = 0;
    let last: FeedRow | null = null;
    for await (const row of readFeed({ kind: "file", path: file })) {
      if (row.ok) count += 1;
      last = row;
    }
    expect(count).toBe(20_000);
    expect(last).toMatchObject({ ok: true, item: { id: "SKU-20000", gtin: sampleGtin(20_000), priceMinor: samplePriceMinor(20_000) } });
  });

  it("a stopped run ends with the caller's reason, not as a bad feed", async () => {
    const file = path.join(dir, "stopped.tsv");
    await writeSampleFeed(file, "google-tsv", 20_000);
    const stop = new AbortController();
    const reason = new Error("the site is shutting down");
    let seen = 0;
    const run = (async () => {
      for await (const _row of readFeed({ kind: "file", path: file }, { signal: stop.signal })) {
        if (++seen === 10) stop.abort(reason);
      }
    })();
    await expect(run).rejects.toBe(reason);
    expect(seen).toBeLessThan(20_000);
  });

  it("stopping early closes the file", async () => {
    const file = path.join(dir, "early.xml");
    await writeSampleFeed(file, "google-xml", 2_000);
    for await (const row of readFeed({ kind: "file", path: file })) {
      expect(row.ok).toBe(true);
      break;
    }
  });
});

describe("feeds from a shop's address", () => {
  interface Server {
    port: number;
    hits: string[];
    close(): Promise<void>;
  }
  async function start(host: string, handler: http.RequestListener): Promise<Server> {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      handler(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, host, resolve);
    });
    return {
      port: (server.address() as AddressInfo).port,
      hits,
      async close() {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  let inside: Server;
  let shop: Server;
  const feed = xmlFeed(sampleXmlItem(sampleItem(1)) + sampleXmlItem(sampleItem(2)));
  const policy: OutboundPolicy = { allowPrivate: ["127.0.0.2/32"], allowPorts: [[1024, 65535]] };
  const lookup = (() => {
    return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      const address = hostname === "feeds.sauna-merchant.com" ? "127.0.0.2" : null;
      process.nextTick(() => {
        if (address === null) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
        return options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4);
      });
    }) as LookupFunction;
  })();
  const url = (pathname: string) => ({ kind: "url" as const, url: `http://feeds.sauna-merchant.com:${shop.port}${pathname}` });
  const options = (extra: ReadFeedOptions = {}): ReadFeedOptions => ({ outbound: policy, lookup, timeoutMs: 5_000, ...extra });

  beforeAll(async () => {
    inside = await start("127.0.0.1", (_req, res) => res.end("secret"));
    shop = await start("127.0.0.2", (req, res) => {
      switch (req.url) {
        case "/feed.xml":
          res.writeHead(200, { "Content-Type": "application/xml" });
          return res.end(feed);
        case "/feed.xml.gz-encoded":
          res.writeHead(200, { "Content-Type": "application/xml", "Content-Encoding": "gzip" });
          return res.end(zlib.gzipSync(feed));
        case "/moved":
          res.writeHead(301, { Location: "/feed.xml" });
          return res.end();
        case "/to-inside":
          res.writeHead(302, { Location: `http://127.0.0.1:${inside.port}/admin` });
          return res.end();
        case "/silent":
          return; // never answers
        case "/trickle":
          res.writeHead(200, { "Content-Type": "application/xml" });
          res.write(SAMPLE_XML_HEAD);
          return; // and nothing more
        case "/big":
          res.writeHead(200, { "Content-Type": "application/xml" });
          return res.end(xmlFeed(sampleXmlItem(sampleItem(1)).repeat(100)));
        case "/entities": {
          // An external entity pointing back at the shop: the request must never come.
          res.writeHead(200, { "Content-Type": "application/xml" });
          return res.end(
            `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "http://feeds.sauna-merchant.com:${shop.port}/stolen">]><rss><channel><item><g:id>1</g:id><title>&x;</title></item></channel></rss>`,
          );
        }
        default:
          res.writeHead(404);
          return res.end();
      }
    });
  });
  afterAll(async () => {
    await Promise.all([inside?.close(), shop?.close()]);
  });

  it("reads a feed after a redirect, and one sent gzip-encoded", async () => {
    expect(items(await rowsOf(url("/moved"), options())).map((item) => item.id)).toEqual(["SKU-1", "SKU-2"]);
    expect(items(await rowsOf(url("/feed.xml.gz-encoded"), options()))).toHaveLength(2);
  });

  it("refuses a feed redirecting to 127.0.0.1; the inside server hears nothing", async () => {
    const message = await refusedWith("fetch-refused", url("/to-inside"), options());
    expect(message).toBe(
      `The feed's address redirects to 127.0.0.1:${inside.port}, an internal network address, which the site does not fetch. An operator can allow a range inside the network with OUTBOUND_ALLOW_PRIVATE.`,
    );
    expect(inside.hits).toEqual([]);
  });

  it("refuses an internal address given directly, with the site's own policy", async () => {
    const message = await refusedWith("fetch-refused", { kind: "url", url: "http://127.0.0.1/feed.xml" });
    expect(message).toMatch(/^The feed's address leads to an internal network address \(127\.0\.0\.1\), which the site does not fetch\./);
    expect(inside.hits).toEqual([]);
  });

  it("a shop that never answers, or stops sending, times out", async () => {
    expect(await refusedWith("timeout", url("/silent"), options({ timeoutMs: 300 }))).toMatch(/^The shop did not answer within 300 ms/);
    // Long enough for the headers to arrive on a loaded machine, so it is the body that times out.
    expect(await refusedWith("timeout", url("/trickle"), options({ timeoutMs: 2_000 }))).toMatch(
      /^The feed did not finish downloading within 2 seconds/,
    );
  });

  it("over the cap, a missing feed, an unknown host", async () => {
    await refusedWith("too-large", url("/big"), options({ maxBytes: 8 * 1024 }));
    expect(await refusedWith("fetch-failed", url("/gone"), options())).toContain("404");
    expect(await refusedWith("fetch-failed", { kind: "url", url: "http://nowhere.sauna-merchant.com/feed.xml" }, options())).toContain(
      "could not be found",
    );
  });

  it("an external entity in a downloaded feed is refused and never fetched", async () => {
    await refusedWith("entities", url("/entities"), options());
    expect(shop.hits).not.toContain("GET /stolen");
  });

  it("peeks at a feed from an address", async () => {
    expect((await peekFeed(url("/feed.xml"), options())).format).toBe("google-xml");
  });
});

describe("feedReadSettingsFrom", () => {
  it("takes the cap and the outbound policy from the site's settings, never its currency (a feed's prices keep theirs)", () => {
    const outbound: OutboundPolicy = { allowPrivate: ["10.0.0.0/8"], allowPorts: [] };
    const config = { feedMaxBytes: 5 * 1024 * 1024, outbound, prices: { currency: "EUR" }, baseUrl: "https://saunas.example.com" };
    expect(feedReadSettingsFrom(config as AppConfig)).toEqual({
      maxBytes: 5 * 1024 * 1024,
      outbound,
      userAgent: expect.stringMatching(/^Mozilla\/5\.0 \(compatible; .+ feed reader; \+https:\/\/saunas\.example\.com\)$/),
    });
  });
});
