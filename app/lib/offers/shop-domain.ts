/**
 * How a link names its shop. Offers are matched to merchants by the shop's domain: the host of
 * an http(s) link, lower case, without a leading "www." (www.shop.example and shop.example are
 * one shop). A link written without its scheme ("shop.example/x") is read as https.
 */
export function shopDomain(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname
      .toLowerCase()
      .replace(/^www\./, "")
      .replace(/\.$/, "");
    return host || null;
  } catch {
    return null;
  }
}

/** A merchant's slug from its name or domain: lower-case letters, digits and dashes ("Nordic Bath Supply" → "nordic-bath-supply"). */
export function merchantSlugOf(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/, "") || "merchant"
  );
}
