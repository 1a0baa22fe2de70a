/** Reading the links and pictures out of a page's HTML, for the benchmarks that walk pages. */

/** The entities React writes in attribute values, decoded. */
export function decodeEntities(text: string): string {
  return text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
}

/**
 * Every /img URL the page offers, in every size its srcsets list (the exact URLs, so responsive
 * widths are followed whatever they are), without repeats.
 */
export function pictureUrlsIn(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|srcset|srcSet)="([^"]+)"/g)) {
    for (const candidate of decodeEntities(match[1]!).split(",")) {
      const url = candidate.trim().split(/\s+/)[0]!;
      if (url.startsWith("/img/") || url.startsWith("/img?")) urls.add(url);
    }
  }
  return [...urls];
}
