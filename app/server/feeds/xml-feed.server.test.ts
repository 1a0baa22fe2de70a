import { describe, expect, it } from "vitest";
import { FeedError } from "~/lib/feeds/feed-error";
import { MAX_DEPTH, xmlFeedRecords, type RawFeedRecord } from "./xml-feed.server";

// The XML reader's bounds (docs/decisions/0099): nesting capped, namespaces resolved without
// walking the open elements, a long text node never gathered whole. The counts here say how much
// of a document was read; how long it takes belongs to the benchmarks.

const HEAD = '<?xml version="1.0"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n';
const TAIL = "</channel></rss>\n";
const CHUNK = 64 * 1024;

/** The document in chunks as a file would stream, counting how many the reader asked for. */
function chunked(document: string) {
  const seen = { chunks: 0, total: Math.ceil(document.length / CHUNK) };
  async function* chunks() {
    for (let at = 0; at < document.length; at += CHUNK) {
      seen.chunks += 1;
      yield document.slice(at, at + CHUNK);
    }
  }
  return { chunks: chunks(), seen };
}

async function read(document: string) {
  const { chunks, seen } = chunked(document);
  const records: RawFeedRecord[] = [];
  try {
    for await (const record of xmlFeedRecords(chunks)) records.push(record);
    return { records, seen, error: null };
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return { records, seen, error };
  }
}

/** `count` elements nested inside one item, one per line (the line of the 65th open tag is known). */
const nested = (count: number) => `${"<x>\n".repeat(count)}${"</x>".repeat(count)}`;
const item = (id: number, inside = "") => `<item><g:id>${id}</g:id><g:price>10 USD</g:price>${inside}</item>\n`;

describe("the XML feed reader's bounds", () => {
  it(`reads elements nested ${MAX_DEPTH} deep, and refuses one more with the line it is on`, async () => {
    // rss, channel and item are three levels: the item's contents may nest 61 more.
    const deepest = await read(`${HEAD}${item(1, nested(MAX_DEPTH - 3))}${TAIL}`);
    expect(deepest.error).toBeNull();
    expect(deepest.records).toHaveLength(1);

    const tooDeep = await read(`${HEAD}${item(1, nested(MAX_DEPTH - 2))}${TAIL}`);
    expect(tooDeep.error?.code).toBe("too-deep");
    // HEAD's rss and channel open on line 2, the item on line 3, then one <x> per line.
    expect(tooDeep.error?.message).toBe(
      `The feed nests elements more than 64 levels deep (line ${3 + MAX_DEPTH - 3}); a product feed never needs that many.`,
    );
  });

  it.each([10_000, 20_000, 40_000, 200_000])(
    "%i elements nested in one another: refused within the first chunk, however long the document",
    async (depth) => {
      const { error, seen } = await read(`${HEAD}${"<x>".repeat(depth)}${"</x>".repeat(depth)}${TAIL}`);
      expect(error?.code).toBe("too-deep");
      expect(error?.message).toMatch(/^The feed nests elements more than 64 levels deep \(line 3\)/);
      expect(seen.chunks).toBe(1);
      if (depth === 200_000) expect(seen.total).toBeGreaterThanOrEqual(20); // 1.4 MB
    },
  );

  it.each([10_000, 20_000, 40_000])(
    "%i elements nested just under the cap, over and over: all read, namespaces declared at every level",
    async (elements) => {
      // Each block declares a namespace at every level: the prefixes in force change all the way down.
      const depth = MAX_DEPTH - 3;
      const block =
        Array.from({ length: depth }, (_, level) => `<n${level}:x xmlns:n${level}="urn:level:${level}">`).join("") +
        Array.from({ length: depth }, (_, level) => `</n${depth - 1 - level}:x>`).join("");
      const items = Math.ceil(elements / depth);
      const { records, error, seen } = await read(`${HEAD}${Array.from({ length: items }, (_, i) => item(i + 1, block)).join("")}${TAIL}`);
      expect(error).toBeNull();
      expect(records).toHaveLength(items);
      expect(seen.chunks).toBe(seen.total);
    },
  );

  it("resolves each prefix by the declarations in force where it is used", async () => {
    const document = `<?xml version="1.0"?>
<rss xmlns:g="urn:not-google"><channel>
<item xmlns:g="http://base.google.com/ns/1.0"><g:id>A</g:id><g:price>10 USD</g:price></item>
<item><g:id>B</g:id><g:price>10 USD</g:price></item>
<item xmlns:shop="http://base.google.com/ns/1.0"><shop:id>C</shop:id><shop:price xmlns:shop="urn:other">10 USD</shop:price></item>
</channel></rss>`;
    const { records, error } = await read(document);
    expect(error).toBeNull();
    expect(records.map((record) => record.fields)).toEqual([{ id: "A", price: "10 USD" }, {}, { id: "C" }]);

    const unbound = await read(`${HEAD}<item><shop:id>A</shop:id></item>${TAIL}`);
    expect(unbound.error?.code).toBe("malformed-xml");
    expect(unbound.error?.message).toMatch(/unbound namespace prefix: "shop"/);
  });

  it("a text node of 20 MB is read chunk by chunk, and the field keeps its first 10,000 characters", async () => {
    const long = "lorem ipsum ".repeat((20 * 1024 * 1024) / 12);
    const cdata = `<![CDATA[${"x]y ".repeat(1_000_000)}]]>`;
    const { records, error } = await read(
      `${HEAD}<item><g:id>A</g:id><g:price>10 USD</g:price><g:link>${long}</g:link><g:title>${cdata}</g:title></item>${TAIL}`,
    );
    expect(error).toBeNull();
    expect(records[0]!.fields.link).toHaveLength(10_000);
    expect(records[0]!.fields.link!.startsWith("lorem ipsum lorem")).toBe(true);
    expect(records[0]!.fields.title).toHaveLength(10_000);
    expect(records[0]!.fields.title!.startsWith("x]y x]y")).toBe(true);
  });
});
