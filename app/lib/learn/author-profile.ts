/**
 * An author's checkable parts: their profiles elsewhere (https addresses only, so a reader's
 * browser never leaves an encrypted page for them), the label each link shows, and the initials
 * shown where they have no photo. Pure: the author form, the author page and the seed share it.
 */

export const MAX_PROFILE_LINKS = 6;
/** The topics a Person's knowsAbout names at most. */
export const MAX_TOPICS = 6;

/** An author as a byline, their page and their JSON-LD Person see them. */
export interface AuthorProfile {
  slug: string;
  name: string;
  /** Their role here, e.g. "Senior Sauna Editor": the Person's jobTitle. */
  title: string;
  credentials: string;
  image: string | null;
  imageAlt: string;
  profileLinks: string[];
  /** What they write about and test, most written first: the Person's knowsAbout. */
  knowsAbout: string[];
}

/** One review an author wrote or tested, as their page lists it. */
export interface AuthorReview {
  name: string;
  href: string;
  /** "Wrote and tested", "Tested" or "Wrote". */
  role: string;
  /** YYYY-MM-DD, when the review says. */
  testedOn: string | null;
  isSample: boolean;
}

/**
 * What an author knows about, from what they did on the site: the tags of their articles, most
 * used first, then the kinds of sauna they reviewed or tested; at most MAX_TOPICS, each once.
 */
export function knowsAboutTopics(articleTags: readonly (readonly string[])[], testedKinds: readonly string[]): string[] {
  const counts = new Map<string, { name: string; count: number; first: number }>();
  let order = 0;
  for (const name of articleTags.flat()) {
    const key = name.trim().toLowerCase();
    if (!key) continue;
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { name: name.trim(), count: 1, first: order++ });
  }
  const topics = [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).map((topic) => topic.name);
  for (const kind of testedKinds) {
    if (kind.trim() && !topics.some((topic) => topic.toLowerCase() === kind.trim().toLowerCase())) topics.push(kind.trim());
  }
  return topics.slice(0, MAX_TOPICS);
}
const MAX_LINK_LENGTH = 500;

export type ProfileLinksResult = { ok: true; links: string[] } | { ok: false; message: string };

/** The author form's "one address a line" text, checked: blank lines are dropped, repeats kept once. */
export function readProfileLinks(text: string): ProfileLinksResult {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const links: string[] = [];
  for (const line of lines) {
    if (line.length > MAX_LINK_LENGTH) return { ok: false, message: `Each address may have at most ${MAX_LINK_LENGTH} characters.` };
    if (!isHttpsAddress(line)) return { ok: false, message: `"${shorten(line)}" is not a full https:// address.` };
    if (!links.includes(line)) links.push(line);
  }
  if (links.length > MAX_PROFILE_LINKS) return { ok: false, message: `Give at most ${MAX_PROFILE_LINKS} profile addresses.` };
  return { ok: true, links };
}

/** A stored list (JSON text) as addresses, keeping only the https ones: a hand-edited row cannot put another scheme on the page. */
export function profileLinksFromJson(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((link): link is string => typeof link === "string" && isHttpsAddress(link)) : [];
  } catch {
    return [];
  }
}

/** What a profile link says: the site's name without "www.", e.g. "linkedin.com". */
export function profileLinkLabel(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return link;
  }
}

/** Up to two initials of a name, e.g. "Maija Lehtonen" → "ML", "Cher" → "C". */
export function authorInitials(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, " ")
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return picked.map((word) => ([...(word ?? "").replace(/^\P{L}+/u, "")][0] ?? "").toUpperCase()).join("");
}

function isHttpsAddress(text: string): boolean {
  if (!/^https:\/\/[^/\s]+\S*$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
