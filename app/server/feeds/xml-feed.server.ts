import { SaxesParser, type SaxesTagNS } from "saxes";
import { FeedError } from "~/lib/feeds/feed-error";
import { FEED_FIELDS, type FeedField, type RawFeedFields } from "~/lib/feeds/feed-item";

/**
 * Google Merchant Center XML, streamed: RSS 2.0 (`<rss><channel><item>`) or Atom
 * (`<feed><entry>`), the product attributes in Google's namespace whatever prefix the feed
 * gives it. One item at a time is held, so memory does not grow with the feed.
 *
 * The parser never expands an entity beyond XML's five and never reads a DTD, so a billion-laughs
 * document or an external entity pointing at a file on the server cannot do anything; a
 * document that declares entities at all is refused, since its text would not be what it says.
 */

export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

export interface RawFeedRecord {
  line: number;
  fields: RawFeedFields;
}

/** Longer values are cut: no single element can make an item take much memory. */
const MAX_FIELD_CHARS = 10_000;

const SHIPPING_PARTS = ["country", "region", "service", "price"] as const;
type ShippingPart = (typeof SHIPPING_PARTS)[number];

interface ItemState {
  line: number;
  depth: number;
  google: Partial<Record<FeedField, string>>;
  plain: { title?: string; link?: string };
  /** The field being read (a direct child of the item) and its text so far. */
  field: { key: FeedField | "plain-title" | "plain-link"; depth: number; text: string } | null;
  shipping: Partial<Record<ShippingPart, string>> | null;
  shippingPart: { part: ShippingPart; text: string } | null;
}

function entitiesRefused(): FeedError {
  return new FeedError(
    "entities",
    "This feed declares its own XML entities, which the site does not read for safety (a few lines of them can expand to gigabytes, or read files from the server). Nothing was read. Ask the shop for a feed without a DOCTYPE.",
  );
}

function malformed(message: string): FeedError {
  const match = /(?:^|:)(\d+):(\d+): (.*)$/.exec(message);
  const where = match ? ` on line ${match[1]}, column ${match[2]}` : "";
  const what = (match ? match[3]! : message).replace(/\.$/, "");
  return new FeedError(
    "malformed-xml",
    `The feed's XML is broken${where} (${what}), so it cannot be read and nothing changed. The shop needs to fix its feed.`,
  );
}

function notAFeed(root: SaxesTagNS): FeedError {
  if (root.local.toLowerCase() === "html") {
    return new FeedError("not-a-feed", "The address answered with a web page, not a product feed. Check the feed's address with the shop.");
  }
  return new FeedError(
    "not-a-feed",
    `The XML file is not an RSS or Atom product feed (it starts with <${root.name}>, not <rss> or <feed>).`,
  );
}

function fieldOf(tag: SaxesTagNS): FeedField | "plain-title" | "plain-link" | null {
  if (tag.uri === GOOGLE_NAMESPACE) return (FEED_FIELDS as readonly string[]).includes(tag.local) ? (tag.local as FeedField) : null;
  if (tag.local === "title") return "plain-title";
  if (tag.local === "link") return "plain-link";
  return null;
}

function append(text: string, more: string): string {
  return text.length >= MAX_FIELD_CHARS ? text : (text + more).slice(0, MAX_FIELD_CHARS);
}

/** The item's fields: Google's elements first, RSS's or Atom's own title and link when Google's are absent. */
function recordOf(item: ItemState): RawFeedRecord {
  const fields: RawFeedFields = { ...item.google };
  if ((fields.title ?? "").trim() === "" && item.plain.title !== undefined) fields.title = item.plain.title;
  if ((fields.link ?? "").trim() === "" && item.plain.link !== undefined) fields.link = item.plain.link;
  return { line: item.line, fields };
}

/** Text chunks in, one record per item out; throws FeedError for a broken, hostile or foreign document. */
export async function* xmlFeedRecords(chunks: AsyncIterable<string>): AsyncGenerator<RawFeedRecord> {
  const parser = new SaxesParser({
    xmlns: true,
    position: true,
    // Some shops write g: elements without declaring the namespace; the prefix means Google's anyway.
    resolvePrefix: (prefix: string) => (prefix === "g" ? GOOGLE_NAMESPACE : undefined),
  });
  const ready: RawFeedRecord[] = [];
  let depth = 0;
  let rootSeen = false;
  let item: ItemState | null = null;

  parser.on("error", (error) => {
    throw malformed(error.message);
  });
  parser.on("doctype", (doctype) => {
    if (/<!ENTITY/i.test(doctype)) throw entitiesRefused();
  });
  parser.on("opentag", (tag) => {
    depth += 1;
    if (!rootSeen) {
      rootSeen = true;
      if (tag.local !== "rss" && tag.local !== "feed") throw notAFeed(tag);
      return;
    }
    if (item === null) {
      if (tag.uri !== GOOGLE_NAMESPACE && (tag.local === "item" || tag.local === "entry")) {
        item = { line: parser.line, depth, google: {}, plain: {}, field: null, shipping: null, shippingPart: null };
      }
      return;
    }
    if (depth === item.depth + 1) {
      const key = fieldOf(tag);
      if (key === null) return;
      item.field = { key, depth, text: "" };
      if (key === "shipping") item.shipping = {};
      // Atom's link is an attribute: <link rel="alternate" href="…"/>.
      const href = tag.attributes.href?.value;
      const rel = tag.attributes.rel?.value ?? "alternate";
      if (key === "plain-link" && href !== undefined && rel === "alternate" && item.plain.link === undefined) item.plain.link = href;
      return;
    }
    if (item.shipping !== null && depth === item.depth + 2 && tag.uri === GOOGLE_NAMESPACE) {
      const part = SHIPPING_PARTS.find((name) => name === tag.local);
      if (part) item.shippingPart = { part, text: "" };
    }
  });
  const onText = (text: string) => {
    if (item?.shippingPart) item.shippingPart.text = append(item.shippingPart.text, text);
    else if (item?.field) item.field.text = append(item.field.text, text);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    const closing = depth;
    depth -= 1;
    if (item === null) return;
    if (item.shippingPart && closing === item.depth + 2) {
      item.shipping![item.shippingPart.part] = item.shippingPart.text.trim();
      item.shippingPart = null;
      return;
    }
    if (item.field && closing === item.field.depth) {
      const { key, text } = item.field;
      item.field = null;
      if (key === "plain-title") item.plain.title ??= text;
      else if (key === "plain-link") {
        if (text.trim() !== "") item.plain.link ??= text;
      } else if (key === "shipping") {
        // Google's nested form is the same four parts as its text form; several shipping elements are several entries.
        const parts = item.shipping!;
        const entry = Object.keys(parts).length > 0 ? SHIPPING_PARTS.map((part) => parts[part] ?? "").join(":") : text.trim();
        item.google.shipping = item.google.shipping ? `${item.google.shipping}, ${entry}` : entry;
        item.shipping = null;
      } else item.google[key] ??= text;
      return;
    }
    if (closing === item.depth) {
      ready.push(recordOf(item));
      item = null;
    }
  });

  for await (const chunk of chunks) {
    parser.write(chunk);
    while (ready.length > 0) yield ready.shift()!;
  }
  parser.close();
  while (ready.length > 0) yield ready.shift()!;
  if (!rootSeen) throw new FeedError("not-a-feed", "The file holds no XML elements, so it is not a product feed.");
}
