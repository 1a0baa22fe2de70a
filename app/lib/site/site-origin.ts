/**
 * BASE_URL as the pages' meta functions see it: the root loader publishes it once per document
 * (it never changes while the server runs), so a page needs no loader field of its own to build
 * absolute URLs for canonical links, social cards and structured data.
 */

export interface SiteOriginData {
  origin: string;
}

type MetaMatch = { id: string; data?: unknown } | undefined;

export function siteOrigin(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as SiteOriginData | undefined;
  return root?.origin ?? "";
}
