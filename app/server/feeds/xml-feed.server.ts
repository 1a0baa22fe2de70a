import { SaxesParser, type SaxesTagPlain } from "saxes";
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
 *
 * The cost is linear in the input (docs/decisions/0099). Elements nest at most MAX_DEPTH deep
 * (a product feed needs four or five levels). Namespaces are resolved here, not by the parser,
 * whose own resolution walks every open element for each tag (quadratic in the depth): each open
 * element keeps the map of prefixes in force, shared with its parent unless it declares one. A
 * long text node is handed over a chunk at a time, never gathered whole by the parser.
 */

export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

export interface RawFeedRecord {
  line: number;
  fields: RawFeedFields;
}

/** Longer values are cut: no single element can make an item take much memory. */
const MAX_FIELD_CHARS = 10_000;

/** How deep elements may nest: far beyond any product feed, and it keeps each tag's work small. */
export const MAX_DEPTH = 64;

/** The element names XML reserves, and the prefix every feed may use without declaring it. */
const BUILT_IN_PREFIXES: ReadonlyMap<string, string> = new Map([
  ["", ""],
  ["xml", "http://www.w3.org/XML/1998/namespace"],
  ["xmlns", "http://www.w3.org/2000/xmlns/"],
  // Some shops write g: elements without declaring the namespace; the prefix means Google's anyway.
  ["g", GOOGLE_NAMESPACE],
]);

/** An open element's name, split and resolved. */
interface OpenTag {
  name: string;
  local: string;
  uri: string;
  attributes: Record<string, string>;
}

/**
 * saxes gathers a text node (or a CDATA section) in its `text` field until the node ends, however
 * long; between two chunks the part gathered so far is handed to the reader instead. The states
 * are saxes's own (6.x): text, an entity inside text, CDATA.
 */
const S_TEXT = 13;
const S_ENTITY = 14;
const S_CDATA = 20;

interface SaxesInternals {
  state: number;
  text: string;
  entityReturnState?: number;
  tags: unknown[];
}

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

function tooDeep(line: number): FeedError {
  return new FeedError(
    "too-deep",
    `The feed nests elements more than ${MAX_DEPTH} levels deep (line ${line}); a product feed never needs that many.`,
  );
}

function notAFeed(root: OpenTag): FeedError {
  if (root.local.toLowerCase() === "html") {
    return new FeedError("not-a-feed", "The address answered with a web page, not a product feed. Check the feed's address with the shop.");
  }
  return new FeedError(
    "not-a-feed",
    `The XML file is not an RSS or Atom product feed (it starts with <${root.name}>, not <rss> or <feed>).`,
  );
}

function fieldOf(tag: OpenTag): FeedField | "plain-title" | "plain-link" | null {
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
  const parser = new SaxesParser({ xmlns: false, position: true });
  const internals = parser as unknown as SaxesInternals;
  const ready: RawFeedRecord[] = [];
  let depth = 0;
  /** The prefixes in force at each open element: scopes[depth - 1]. */
  const scopes: ReadonlyMap<string, string>[] = [];

  /** The tag's prefix resolved through the prefixes in force; a map is copied only by an element that declares one. */
  const resolve = (tag: SaxesTagPlain): OpenTag => {
    const parent = scopes.at(-1) ?? BUILT_IN_PREFIXES;
    let scope: Map<string, string> | null = null;
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (name !== "xmlns" && !name.startsWith("xmlns:")) continue;
      scope ??= new Map(parent);
      scope.set(name === "xmlns" ? "" : name.slice(6), value);
    }
    scopes.push(scope ?? parent);
    const colon = tag.name.indexOf(":");
    const prefix = colon === -1 ? "" : tag.name.slice(0, colon);
    const uri = (scope ?? parent).get(prefix);
    if (uri === undefined) throw malformed(`${parser.line}:${parser.column}: unbound namespace prefix: "${prefix}".`);
    return { name: tag.name, local: colon === -1 ? tag.name : tag.name.slice(colon + 1), uri, attributes: tag.attributes };
  };
  let rootSeen = false;
  let item: ItemState | null = null;

  parser.on("error", (error) => {
    throw malformed(error.message);
  });
  parser.on("doctype", (doctype) => {
    if (/<!ENTITY/i.test(doctype)) throw entitiesRefused();
  });
  parser.on("opentag", (plain) => {
    depth += 1;
    if (depth > MAX_DEPTH) throw tooDeep(parser.line);
    const tag = resolve(plain);
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
      const href = tag.attributes.href;
      const rel = tag.attributes.rel ?? "alternate";
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
    scopes.pop();
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

  /** Hands over the text saxes has gathered so far, so a long text node is never held whole. */
  const handOverText = () => {
    const { state, text } = internals;
    if (typeof text !== "string" || text.length === 0 || internals.tags.length === 0) return;
    const inText = state === S_TEXT || (state === S_ENTITY && internals.entityReturnState === S_TEXT);
    if (!inText && state !== S_CDATA) return;
    internals.text = "";
    onText(text);
  };

  for await (const chunk of chunks) {
    parser.write(chunk);
    handOverText();
    while (ready.length > 0) yield ready.shift()!;
  }
  parser.close();
  while (ready.length > 0) yield ready.shift()!;
  if (!rootSeen) throw new FeedError("not-a-feed", "The file holds no XML elements, so it is not a product feed.");
}
