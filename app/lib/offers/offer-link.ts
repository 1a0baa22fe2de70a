import { safeHttpUrl } from "./buy-link";

/**
 * An offer's link as the reader is sent to it: an http(s) URL only, with the merchant's affiliate
 * parameters (e.g. "tag=mysite-20") added where the link does not already carry them, so a link
 * pasted from the shop's address bar still earns the commission. Null when the link is not a
 * usable http(s) URL.
 */
export function offerLinkUrl(link: string | null | undefined, affiliateParams?: string | null): string | null {
  const safe = safeHttpUrl(link);
  if (safe === null) return null;
  const params = (affiliateParams ?? "").trim().replace(/^[?&]+/, "");
  if (params === "") return safe;
  let url: URL;
  try {
    url = new URL(safe);
  } catch {
    return null;
  }
  for (const [name, value] of new URLSearchParams(params)) {
    if (name !== "" && !url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  return url.href;
}
