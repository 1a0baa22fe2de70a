/**
 * How long a page's <title> and meta description may be before search engines cut them off in
 * their results: about 60 characters of title and 160 of description. Past that a reader sees
 * the engine's own cut ("How to Choose the Best Barrel Sauna: Sizes, Wood, He…"), not ours.
 */
export const SEARCH_TITLE_MAX = 60;
export const SEARCH_DESCRIPTION_MAX = 160;

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function shortenText(text: string, max = SEARCH_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/**
 * A page title for search results: the title with the section's name after it when both fit,
 * the title alone when only it fits, else the title shortened.
 */
export function searchTitle(title: string, suffix?: string): string {
  const flat = title.replace(/\s+/g, " ").trim();
  if (suffix) {
    const withSuffix = `${flat} - ${suffix}`;
    if (withSuffix.length <= SEARCH_TITLE_MAX) return withSuffix;
  }
  return shortenText(flat, SEARCH_TITLE_MAX);
}
