import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderArticleBody } from "./article-markdown.server";

/**
 * Whatever an editor writes, the sanitized body is well-formed: every tag it opens is one the
 * allow-list keeps and is closed by its own name, in order, so nothing in an article can leave
 * a link or a list open over what follows it. The bodies are built from what bends the
 * sanitizer: links it keeps and links it refuses (written in Markdown and as raw HTML), nested
 * inside emphasis, code, lists, quotes and headings.
 */

const ALLOWED = new Set(
  "h2 h3 h4 h5 h6 p br hr ul ol li strong em b i del s sup sub a code pre blockquote table caption thead tbody tfoot tr th td div section".split(
    " ",
  ),
);
const VOID = new Set(["br", "hr"]);

/** The first problem with the HTML's tag structure, or null when it is well-formed. */
function malformation(html: string): string | null {
  const open: string[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>/g;
  let textStart = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (html.slice(textStart, match.index).includes("<")) return `a stray "<" before offset ${match.index}`;
    textStart = tag.lastIndex;
    const [, closing, rawName] = match;
    const name = rawName!.toLowerCase();
    if (!ALLOWED.has(name)) return `<${closing}${name}> is not on the allow-list`;
    if (VOID.has(name)) continue;
    if (!closing) open.push(name);
    else if (open.pop() !== name) return `</${name}> closes something else`;
  }
  if (html.slice(textStart).includes("<")) return 'a stray "<" at the end';
  return open.length ? `<${open.join("><")}> never closed` : null;
}

const safeHref = fc.constantFrom("https://ok.example", "https://ok.example/a?b=c#d", "/reviews/x", "#section", "/learn");
const unsafeHref = fc.constantFrom(
  "javascript:x",
  "JaVaScRiPt:alert(1)",
  "data:text/html,x",
  "//evil.example",
  "/\\evil.example",
  "mailto:a@b.c",
  "vbscript:x",
  "ftp://x.example",
  "",
);
const href = fc.oneof(safeHref, unsafeHref);
const word = fc.constantFrom("mid", "end", "a", "b", "sauna", "heat & steam", "x < y", "1 > 0");

const inline: fc.Arbitrary<string> = fc.letrec<{ inline: string }>((tie) => ({
  inline: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    word,
    fc.tuple(word, href).map(([text, to]) => `[${text}](${to})`),
    fc.tuple(word, href).map(([text, to]) => `<a href="${to}">${text}</a>`),
    word.map((text) => `\`${text}\``),
    tie("inline").map((inner) => `*${inner}*`),
    tie("inline").map((inner) => `**${inner}**`),
    tie("inline").map((inner) => `~~${inner}~~`),
    fc.tuple(tie("inline"), href).map(([inner, to]) => `[${inner}](${to})`),
    fc.array(tie("inline"), { minLength: 2, maxLength: 4 }).map((parts) => parts.join(" ")),
  ),
})).inline;

const line = fc.array(inline, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(" "));

const block = fc.oneof(
  line,
  line.map((text) => `# ${text}`),
  line.map((text) => `### ${text}`),
  line.map((text) => `> ${text}`),
  fc.array(line, { minLength: 1, maxLength: 4 }).map((items) => items.map((item) => `- ${item}`).join("\n")),
  fc.array(line, { minLength: 1, maxLength: 4 }).map((items) => items.map((item, index) => `${index + 1}. ${item}`).join("\n")),
  fc.array(line, { minLength: 1, maxLength: 3 }).map((items) => items.map((item) => `- ${item}\n  - nested`).join("\n")),
  word.map((text) => "```\n" + `<a href="javascript:x">${text}</a>` + "\n```"),
);

const body = fc.array(block, { minLength: 1, maxLength: 6 }).map((blocks) => blocks.join("\n\n"));

describe("the sanitized article body", () => {
  it("closes every tag it opens, by its own name and in order", () => {
    fc.assert(
      fc.property(body, (markdown) => {
        expect(malformation(renderArticleBody(markdown))).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps a good link whole after a refused one", () => {
    expect(renderArticleBody("[b](javascript:x) mid [a](https://ok.example) end")).toBe(
      '<p>b mid <a href="https://ok.example" target="_blank" rel="noopener">a</a> end</p>',
    );
  });

  it("the checker finds the tag a refused link left open", () => {
    expect(malformation('<p>b mid <a href="https://ok.example">a</span> end</p>')).toBe("</span> is not on the allow-list");
    expect(malformation("<p><em>a</p></em>")).toBe("</p> closes something else");
    expect(malformation("<ul><li>a</li>")).toBe("<ul> never closed");
  });
});
