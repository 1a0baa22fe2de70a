/**
 * Case-insensitive text tests the catalog rules are built from. All accept null and undefined
 * (a missing field matches nothing).
 */

type Text = string | null | undefined;

function normal(text: Text): string {
  return (text ?? "").trim().toLowerCase();
}

/** `text` contains `part`, ignoring case. An empty `part` matches nothing. */
export function containsText(text: Text, part: string): boolean {
  const needle = normal(part);
  return needle !== "" && normal(text).includes(needle);
}

/** Equal after trimming, ignoring case. Empty values are never equal. */
export function equalsText(a: Text, b: Text): boolean {
  const left = normal(a);
  return left !== "" && left === normal(b);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The rules ask with a handful of fixed words ('recover', 'clt') for every product of an import:
 * each pattern is built once, not once per product and feature.
 */
const patterns = new Map<string, RegExp>();

/** The pattern for `needle` at a word start, and also at a word end when `wholeWord`. */
function wordPattern(needle: string, wholeWord: boolean): RegExp {
  const key = `${wholeWord ? "w" : "p"}${needle}`;
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}${wholeWord ? "(?![\\p{L}\\p{N}])" : ""}`, "iu");
    // Were a caller to pass a reader's words, the map must not grow without bound.
    if (patterns.size >= 256) patterns.clear();
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * `prefix` occurs at the start of a word of `text`, ignoring case: 'eco' is found in
 * 'Eco-friendly finish' and 'eco friendly', but not in 'recovery' or 'second'. A word starts
 * after the beginning of the text or any character that is not a letter or digit.
 */
export function hasWordStartingWith(text: Text, prefix: string): boolean {
  const needle = prefix.trim();
  if (needle === "" || !text) return false;
  return wordPattern(needle, false).test(text);
}

/** `word` occurs as a whole word of `text`, ignoring case: 'CLT' in 'CLT Cube 4', not in 'ACLTX'. */
export function hasWholeWord(text: Text, word: string): boolean {
  const needle = word.trim();
  if (needle === "" || !text) return false;
  return wordPattern(needle, true).test(text);
}
