import type { Readable } from "node:stream";

/**
 * A feed's bytes as text, decoded as it streams: UTF-8 (Google's rule), UTF-16 when a byte-order
 * mark says so, or the encoding an XML declaration names (ISO-8859-1 and windows-1252 still come
 * from older shop systems). The opening is read ahead so the format can be told from it.
 */

export interface FeedText {
  /** The first part of the text (at least its first line when there is one), BOM removed. */
  head: string;
  /** The whole text, head included, chunk by chunk. */
  chunks: AsyncIterable<string>;
}

/** What is read before deciding the format: enough for a header line or an XML prolog. */
const HEAD_CHARS = 64 * 1024;

function decoderFor(first: Buffer): TextDecoder {
  if (first[0] === 0xff && first[1] === 0xfe) return new TextDecoder("utf-16le");
  if (first[0] === 0xfe && first[1] === 0xff) return new TextDecoder("utf-16be");
  const declared = /^(?:\ufeff)?\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(first.subarray(0, 200).toString("latin1"));
  if (declared) {
    try {
      return new TextDecoder(declared[1]!.toLowerCase());
    } catch {
      // An encoding Node does not know: read it as UTF-8, which the parser then judges.
    }
  }
  return new TextDecoder("utf-8");
}

async function* decode(bytes: Readable): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const chunk of bytes as AsyncIterable<Buffer>) {
    decoder ??= decoderFor(chunk);
    const text = decoder.decode(chunk, { stream: true });
    if (text !== "") yield text;
  }
  const rest = decoder?.decode() ?? "";
  if (rest !== "") yield rest;
}

/**
 * Whether the text holds a line with something on it, ended by a line break. The same as
 * /\S[^\n]*\n/.test(text), which backtracks from every non-blank character of a text without a
 * line break: quadratic, 38 s for 64 KB of letters.
 */
function hasFirstLine(text: string): boolean {
  const first = text.search(/\S/);
  return first !== -1 && text.indexOf("\n", first) !== -1;
}

export async function feedText(bytes: Readable): Promise<FeedText> {
  const text = decode(bytes);
  let head = "";
  // Up to the first line with something on it, whatever blank space comes before: a head that
  // is only blank so far keeps just its line breaks, so the lines keep their numbers.
  while (!hasFirstLine(head) && (head.length < HEAD_CHARS || head.trim() === "")) {
    const next = await text.next();
    if (next.done) break;
    head += next.value;
    if (head.length >= HEAD_CHARS && head.trim() === "") head = head.replace(/[^\n]/g, "");
  }
  // TextDecoder drops a UTF-8 BOM itself; one that survives (a doubled BOM, UTF-16) goes here.
  head = head.replace(/^\ufeff/, "");
  async function* chunks(): AsyncGenerator<string> {
    if (head !== "") yield head;
    yield* text;
  }
  return { head, chunks: chunks() };
}
