import { Marked, Renderer } from "marked";
import sanitizeHtml from "sanitize-html";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import {
  ARTICLE_CATEGORY_SLUGS,
  findCategory,
  readTimeLabel,
  readTimeText,
  tagSlug,
  type Article,
  type ArticleCategory,
  type ArticleTag,
} from "~/lib/learn/articles";
import { SEARCH_DESCRIPTION_MAX, SEARCH_TITLE_MAX } from "~/lib/seo/search-snippet";

/**
 * Articles as Markdown: the file format (YAML front matter, then the body) that the sample
 * articles ship in and that the admin imports and exports, and the one renderer that turns a
 * body into sanitized HTML for the public page and the editor's preview alike. The articles
 * themselves live in the database (app/server/articles/, docs/decisions/0078).
 */

/** A broken article file. The message is one line: the operator sees exactly what to fix. */
export class ArticleContentError extends Error {
  override name = "ArticleContentError";
  constructor(file: string, problem: string) {
    super(`Invalid article ${file}: ${problem}`.replace(/\s*\n\s*/g, " "));
  }
}

// ---------------------------------------------------------------------------------------------
// Front matter

const DATE_FORMAT = "must be a date (YYYY-MM-DD)";
const EARLIEST_DATE = "2000-01-01";
const LATEST_DATE = "2099-12-31";

function requiredText(kind = "text") {
  return z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : `must be ${kind}`) })
    .trim()
    .min(1, "must not be empty");
}

/** Site-relative only: no page depends on another site's images, and "//host" would leave the site. */
const sitePath = requiredText("a path").regex(/^\/(?![/\\])\S*$/, "must be a site path starting with / (e.g. /images/articles/x.webp)");

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isoDate = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : DATE_FORMAT) })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT)
  .refine(isCalendarDate, "is not a real calendar date")
  .refine((value) => value >= EARLIEST_DATE && value <= LATEST_DATE, `must be between ${EARLIEST_DATE} and ${LATEST_DATE}`);

const frontMatterSchema = z.strictObject({
  title: requiredText(),
  slug: requiredText(),
  category: requiredText(),
  categorySlug: z.enum(ARTICLE_CATEGORY_SLUGS, {
    error: (issue) => (issue.input === undefined ? "is required" : `must be one of ${ARTICLE_CATEGORY_SLUGS.join(", ")}`),
  }),
  excerpt: requiredText(),
  /** Optional: the <title> for search results when the title is too long to show whole there. */
  metaTitle: requiredText()
    .max(SEARCH_TITLE_MAX, `must be at most ${SEARCH_TITLE_MAX} characters (search results cut the rest)`)
    .optional(),
  /** Optional: the meta description when the excerpt is too long for search results. */
  metaDescription: requiredText()
    .max(SEARCH_DESCRIPTION_MAX, `must be at most ${SEARCH_DESCRIPTION_MAX} characters (search results cut the rest)`)
    .optional(),
  image: sitePath,
  /** Optional: describe the hero picture when it shows something the title does not say. */
  imageAlt: z.string({ error: "must be text" }).trim().optional(),
  author: z.strictObject(
    { name: requiredText(), title: requiredText(), image: sitePath.optional() },
    { error: (issue) => (issue.input === undefined ? "is required" : "must have name, title and an optional image") },
  ),
  publishDate: isoDate,
  lastUpdated: isoDate.optional(),
  /** The editor's own read time in whole minutes; without it, one is computed from the word count. */
  readTimeMinutes: z
    .number({ error: "must be a whole number of minutes" })
    .int("must be a whole number of minutes")
    .min(1, "must be at least 1")
    .max(120, "must be at most 120")
    .optional(),
  tags: z
    .array(requiredText("a tag name"), { error: (issue) => (issue.input === undefined ? "is required" : "must be a list of tag names") })
    .min(1, "must list at least one tag"),
});

type FrontMatter = z.infer<typeof frontMatterSchema>;

/** "author.name is required", "tags[2] must not be empty", "unknown key date". */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    const where = formatPath(issue.path);
    return `${where ? `${where} has ` : ""}unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
  }
  const where = formatPath(issue.path);
  return where ? `${where} ${issue.message}` : issue.message;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index > 0 ? "." : ""}${String(key)}`)).join("");
}

/** Splits "---\n<yaml>\n---\n<markdown>"; tolerates a BOM and Windows line ends. */
function splitFrontMatter(source: string): { yaml: string; body: string } | undefined {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(source);
  return match ? { yaml: match[1]!, body: match[2]! } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Body: Markdown → HTML → sanitized HTML

// Tables of four or more columns cannot fit a 390 px phone: they get a scroll box that says so
// (nothing on a page scrolls sideways except a table that says it does) and that a keyboard
// can focus to scroll: a labelled <section>, which is the region landmark itself (a div with a
// region role says the same less plainly). Narrow tables keep a plain box as a safety net.
const markdown = new Marked({
  gfm: true,
  renderer: {
    table(token) {
      const table = Renderer.prototype.table.call(this, token);
      return token.header.length >= 4
        ? `<section class="table-scroll table-scroll-wide" tabindex="0" aria-label="Table, scrolls sideways on small screens">${table}</section>\n`
        : `<div class="table-scroll">${table}</div>\n`;
    },
  },
});

const alignment = { name: "align", multiple: false, values: ["left", "center", "right"] };

/**
 * What an off-site link becomes on the page (an article's shop link, docs/decisions/0102): a site
 * path with its own rel, or null to keep it as written. Called once per off-site link, in order.
 */
export type LinkRewriter = (href: string) => { href: string; rel: string } | null;

/**
 * Links may go to http(s) or stay on the site. Off-site links open in a new tab without handing
 * it our window; `rewrite` may send one through a site path instead (a tracked /go link), which
 * keeps the new tab. Anything else (javascript:, data:, mailto:, "//host", "/\host") keeps its text
 * and loses the link: it stays an `a` without attributes, which `dropRefusedLink` then unwraps.
 * Renaming it to a tag the allow-list discards is not an option: sanitize-html then remembers the
 * rename for the next element at that depth, and a later good link would be closed by `</span>`.
 */
function safeLink(rewrite: LinkRewriter | undefined) {
  return (_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    const href = (attribs.href ?? "").trim();
    const title: sanitizeHtml.Attributes = attribs.title ? { title: attribs.title } : {};
    const refused: sanitizeHtml.Tag = { tagName: "a", attribs: {} };
    if (/[\u0000-\u001f\u007f\s]/.test(href)) return refused;
    if (/^https?:\/\/[^/\\]/i.test(href)) {
      const tracked = rewrite?.(href);
      // Only a site path may replace the address: a rewriter can never make a link leave the site another way.
      if (tracked && /^\/(?![/\\])\S*$/.test(tracked.href)) {
        return { tagName: "a", attribs: { href: tracked.href, ...title, target: "_blank", rel: tracked.rel } };
      }
      return { tagName: "a", attribs: { href, ...title, target: "_blank", rel: "noopener" } };
    }
    if (/^\/(?![/\\])/.test(href) || href.startsWith("#")) return { tagName: "a", attribs: { href, ...title } };
    return refused;
  };
}

/** Keeps a refused link's content and drops its (attribute-less) tags, opening and closing alike. */
function dropRefusedLink(frame: sanitizeHtml.IFrame): "excludeTag" | false {
  return frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false;
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "del",
    "s",
    "sup",
    "sub",
    "a",
    "code",
    "pre",
    "blockquote",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "div",
    "section",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    ol: ["start"],
    th: [alignment],
    td: [alignment],
    code: ["class"],
    div: ["class"],
    section: ["class", { name: "tabindex", multiple: false, values: ["0"] }, "aria-label"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/], div: ["table-scroll"], section: ["table-scroll", "table-scroll-wide"] },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // The page's title is the only h1; a "# Heading" in the body becomes a section heading.
  transformTags: { h1: "h2", a: safeLink(undefined) },
  exclusiveFilter: dropRefusedLink,
  disallowedTagsMode: "discard",
};

/** Turns a directive line (`::product{…}`, app/server/articles/product-boxes.server.ts) into trusted HTML, or "" for nothing. */
export type BlockRenderer = (line: string) => string | null;

const BLOCK_TOKEN = (index: number) => `ARTICLEBLOCK${index}END`;

/**
 * The one Markdown renderer and sanitizer: the public page, the editor's preview and the import
 * all use it. With `blocks`, each line it recognises (outside code fences) is set aside before
 * Markdown and sanitizing, and its own HTML, built from the catalog and escaped, put in its place
 * afterwards; without it (or when it answers "") the line leaves nothing. With `links`, off-site
 * links may be rewritten to the site's tracked redirect (the published page and the preview).
 */
export function renderArticleBody(markdownSource: string, blocks?: BlockRenderer, links?: LinkRewriter): string {
  const rendered: string[] = [];
  let fenced = false;
  const source = markdownSource
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced || !line.startsWith("::")) return line;
      const html = blocks?.(line) ?? (/^::(product|compare)\{/.test(line) ? "" : null);
      if (html === null) return line;
      rendered.push(html);
      return `\n${BLOCK_TOKEN(rendered.length - 1)}\n`;
    })
    .join("\n");
  const options = links ? { ...sanitizeOptions, transformTags: { h1: "h2", a: safeLink(links) } } : sanitizeOptions;
  const html = sanitizeHtml(markdown.parse(source, { async: false }), options).trim();
  if (rendered.length === 0) return html;
  return html.replace(/<p>ARTICLEBLOCK(\d+)END<\/p>\n?/g, (_, index: string) => rendered[Number(index)] ?? "").trim();
}

/** Words a reader reads: the text of the sanitized HTML, ignoring table pipes and lone symbols. */
export function countWords(html: string): number {
  const text = html.replace(/<[^>]*>/g, " ").replace(/&(?:[a-z]+|#\d+|#x[\da-f]+);/gi, "");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

// ---------------------------------------------------------------------------------------------
// One article, then all of them

function baseName(file: string): string {
  return file.replace(/^.*[/\\]/, "").replace(/\.md$/i, "");
}

/** An article file's front matter, validated, and its Markdown body: what an import or the seed stores. */
export interface ArticleFile {
  meta: FrontMatter;
  category: ArticleCategory;
  tags: ArticleTag[];
  /** The Markdown after the front matter, as written. */
  body: string;
}

/**
 * Reads one article file. `file` names it in errors (e.g. "content/articles/x.md"); with
 * `slugFromFileName` its slug must match the file's name (the shipped files keep that promise;
 * an upload may be named anything). Throws ArticleContentError.
 */
export function readArticleFile(
  file: string,
  source: string,
  { slugFromFileName = true }: { slugFromFileName?: boolean } = {},
): ArticleFile {
  const parts = splitFrontMatter(source);
  if (!parts) throw new ArticleContentError(file, "front matter is missing (the file must start with --- , YAML, then ---)");

  let data: unknown;
  try {
    data = parseYaml(parts.yaml);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ArticleContentError(file, `front matter is not valid YAML (${reason})`);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new ArticleContentError(file, "front matter must be a YAML mapping of keys to values");
  }

  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) throw new ArticleContentError(file, describeIssue(parsed.error.issues[0]!));
  const meta: FrontMatter = parsed.data;

  const expectedSlug = baseName(file);
  if (slugFromFileName && meta.slug !== expectedSlug) {
    throw new ArticleContentError(file, `slug "${meta.slug}" must match the file name (${expectedSlug})`);
  }
  const category = findCategory(meta.categorySlug)!;
  if (meta.category !== category.name) {
    throw new ArticleContentError(file, `category must be "${category.name}" for categorySlug ${meta.categorySlug}`);
  }
  if (meta.lastUpdated && meta.lastUpdated < meta.publishDate) {
    throw new ArticleContentError(file, `lastUpdated (${meta.lastUpdated}) must not be before publishDate (${meta.publishDate})`);
  }

  const tags = meta.tags.map((name) => ({ name, slug: tagSlug(name) }));
  const seen = new Map<string, string>();
  for (const tag of tags) {
    if (!tag.slug) throw new ArticleContentError(file, `tag "${tag.name}" needs at least one letter or digit`);
    const earlier = seen.get(tag.slug);
    if (earlier !== undefined) throw new ArticleContentError(file, `tags "${earlier}" and "${tag.name}" are the same tag`);
    seen.set(tag.slug, tag.name);
  }
  if (countWords(renderArticleBody(parts.body)) === 0) throw new ArticleContentError(file, "the body is empty");
  return { meta, category, tags, body: parts.body };
}

/**
 * Parses one article file into the page's Article. `file` names it in errors and gives the slug
 * it must carry. Throws ArticleContentError.
 */
export function parseArticle(file: string, source: string): Article {
  const { meta, category, tags, body } = readArticleFile(file, source);
  const html = renderArticleBody(body);
  const wordCount = countWords(html);
  const author = meta.author.image
    ? { name: meta.author.name, title: meta.author.title, image: meta.author.image }
    : { name: meta.author.name, title: meta.author.title };

  return {
    id: meta.slug,
    slug: meta.slug,
    title: meta.title,
    category: category.name,
    categorySlug: meta.categorySlug,
    excerpt: meta.excerpt,
    ...(meta.metaTitle ? { metaTitle: meta.metaTitle } : {}),
    ...(meta.metaDescription ? { metaDescription: meta.metaDescription } : {}),
    image: meta.image,
    imageAlt: meta.imageAlt ?? "",
    readTime: meta.readTimeMinutes ? readTimeLabel(meta.readTimeMinutes) : readTimeText(wordCount),
    wordCount,
    author,
    // A file names no tester: its author tried what it describes.
    tester: author,
    publishDate: meta.publishDate,
    ...(meta.lastUpdated ? { lastUpdated: meta.lastUpdated } : {}),
    tags,
    html,
  };
}

/**
 * Parses every file (keyed by path) and checks what spans files: one tag has one spelling, so
 * /learn/tag/{slug} has one title. Throws ArticleContentError on the first problem.
 */
export function parseArticleFiles(files: Record<string, string>): Article[] {
  const articles: Article[] = [];
  const tagNames = new Map<string, { name: string; file: string }>();
  for (const [key, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const file = key.replace(/^\//, "");
    const article = parseArticle(file, source);
    for (const tag of article.tags) {
      const known = tagNames.get(tag.slug);
      if (known && known.name !== tag.name) {
        throw new ArticleContentError(file, `tag "${tag.name}" must be spelled "${known.name}" as in ${known.file}`);
      }
      if (!known) tagNames.set(tag.slug, { name: tag.name, file });
    }
    articles.push(article);
  }
  return articles;
}
