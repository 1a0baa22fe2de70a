import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { gtinCheckDigit } from "../../app/lib/feeds/gtin";

/**
 * Deterministic Google Merchant Center feeds of any size, for the feed reader's tests and the
 * feed benchmarks: item i always has the same id, GTIN and price, so a bench can create the
 * matching products (sampleGtin) before it reads the feed.
 */

export type SampleFeedFormat = "google-xml" | "google-tsv";

export interface SampleFeedOptions {
  /** GS1 prefix of the GTINs; "20"-"29" are for in-store use, so they never collide with a real product. */
  gtinPrefix?: string;
  currency?: string;
}

/** A valid GTIN-13 for item i: the prefix, i padded with zeros, and the check digit. */
export function sampleGtin(i: number, prefix = "20"): string {
  const bodyLength = 12;
  const number = String(i);
  if (!/^\d+$/.test(prefix) || prefix.length + number.length > bodyLength) {
    throw new RangeError(`Item ${i} with GTIN prefix ${prefix} does not fit in a GTIN-13`);
  }
  const body = `${prefix}${number.padStart(bodyLength - prefix.length, "0")}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** Item i's price in cents: from 1000.00 to 9999.99, spread so neighbours differ. */
export function samplePriceMinor(i: number): number {
  return 100_000 + ((i * 7919) % 900_000);
}

export interface SampleItem {
  id: string;
  title: string;
  link: string;
  price: string;
  salePrice: string;
  saleDates: string;
  availability: string;
  brand: string;
  gtin: string;
  mpn: string;
  shipping: string;
}

const AVAILABILITY = ["in_stock", "out_of_stock", "preorder", "backorder"];
const BRANDS = ["Harvia", "Huum", "Saunum", "Narvi"];

export function sampleItem(i: number, options: SampleFeedOptions = {}): SampleItem {
  const currency = options.currency ?? "USD";
  const price = samplePriceMinor(i);
  const onSale = i % 5 === 0;
  return {
    id: `SKU-${i}`,
    title: `Sample Sauna ${i} & Stove`,
    link: `https://shop.example.com/products/${i}?ref=feed&size=m`,
    price: `${(price / 100).toFixed(2)} ${currency}`,
    salePrice: onSale ? `${(Math.round(price * 0.9) / 100).toFixed(2)} ${currency}` : "",
    saleDates: onSale ? "2026-11-01T00:00-0800/2026-11-30T23:59-0800" : "",
    availability: AVAILABILITY[i % AVAILABILITY.length]!,
    brand: BRANDS[i % BRANDS.length]!,
    gtin: sampleGtin(i, options.gtinPrefix),
    mpn: `MPN-${i}`,
    shipping: `US:::${i % 2 === 0 ? "0.00" : "49.00"} ${currency}`,
  };
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const SAMPLE_XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel>
<title>Sample sauna shop</title>
<link>https://shop.example.com/</link>
<description>Generated feed</description>
`;
export const SAMPLE_XML_TAIL = "</channel>\n</rss>\n";

export function sampleXmlItem(item: SampleItem): string {
  const element = (name: string, value: string) => (value === "" ? "" : `<g:${name}>${escapeXml(value)}</g:${name}>\n`);
  return (
    "<item>\n" +
    element("id", item.id) +
    `<title>${escapeXml(item.title)}</title>\n<link>${escapeXml(item.link)}</link>\n` +
    element("price", item.price) +
    element("sale_price", item.salePrice) +
    element("sale_price_effective_date", item.saleDates) +
    element("availability", item.availability) +
    element("brand", item.brand) +
    element("gtin", item.gtin) +
    element("mpn", item.mpn) +
    element("shipping", item.shipping) +
    "</item>\n"
  );
}

export const SAMPLE_TSV_HEADER = [
  "id",
  "title",
  "link",
  "price",
  "sale_price",
  "sale_price_effective_date",
  "availability",
  "brand",
  "gtin",
  "mpn",
  "shipping",
].join("\t");

export function sampleTsvRow(item: SampleItem): string {
  return [
    item.id,
    item.title,
    item.link,
    item.price,
    item.salePrice,
    item.saleDates,
    item.availability,
    item.brand,
    item.gtin,
    item.mpn,
    item.shipping,
  ].join("\t");
}

/** Writes a feed of `items` items (1…items) to `out`, streaming, so a feed of any size takes little memory. */
export async function writeSampleFeed(
  out: string,
  format: SampleFeedFormat,
  items: number,
  options: SampleFeedOptions = {},
): Promise<void> {
  const file = createWriteStream(out);
  const write = async (text: string) => {
    if (!file.write(text)) await once(file, "drain");
  };
  await write(format === "google-xml" ? SAMPLE_XML_HEAD : `${SAMPLE_TSV_HEADER}\n`);
  for (let i = 1; i <= items; i++) {
    const item = sampleItem(i, options);
    await write(format === "google-xml" ? sampleXmlItem(item) : `${sampleTsvRow(item)}\n`);
  }
  if (format === "google-xml") await write(SAMPLE_XML_TAIL);
  file.end();
  await once(file, "finish");
}
