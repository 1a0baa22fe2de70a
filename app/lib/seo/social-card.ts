import type { MetaDescriptor } from "react-router";
import type { IMAGE_RENDITIONS } from "../images/image-renditions";
import { absoluteUrl, renditionUrl } from "../images/image-url";
import { minorToDecimalText } from "../text/money";
import { SITE_NAME } from "../site/site-navigation";

/**
 * Open Graph and Twitter card tags. Every card's picture is one size, 1200x630 cropped (the size
 * Facebook, LinkedIn and X show large), the image route's 'social' rendition, so the route has one
 * social variant per picture to cache.
 */

export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const satisfies (typeof IMAGE_RENDITIONS)["social"]["aspect"];

/** The picture used when a page has none of its own (already 1200x630). */
export const DEFAULT_SOCIAL_IMAGE = "/images/og-default.jpg";

/** og:image: `src` cropped to 1200x630 through the image route, as an absolute URL. */
export function socialImageUrl(src: string, origin: string): string {
  return absoluteUrl(renditionUrl(src, "social", SOCIAL_IMAGE.width, origin), origin);
}

export interface SocialCard {
  title: string;
  description: string;
  /** Absolute canonical URL of the page. */
  url: string;
  /** Site path (or absolute URL) of the page's picture; the default picture when missing. */
  image?: string | null;
  imageAlt?: string;
  /** One of Open Graph's own types: a product review is an "article". */
  type?: "website" | "article";
  /** A product's displayed price (the one price rule's), as product:price tags; absent when the page shows none. */
  price?: { amount: string; currency: string } | null;
}

/** The social card's price of a product page: the displayed price, or null when the page shows no number. */
export function socialCardPrice(price: { kind: string; amountMinor: number | null; currency: string | null }): SocialCard["price"] {
  return price.kind === "price" && price.amountMinor !== null && price.currency !== null
    ? { amount: minorToDecimalText(price.amountMinor, price.currency), currency: price.currency }
    : null;
}

export function socialCardMeta(card: SocialCard, origin: string): MetaDescriptor[] {
  const image = socialImageUrl(card.image || DEFAULT_SOCIAL_IMAGE, origin);
  const tags: MetaDescriptor[] = [
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: card.type ?? "website" },
    { property: "og:title", content: card.title },
    { property: "og:description", content: card.description },
    { property: "og:url", content: card.url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: card.title },
    { name: "twitter:description", content: card.description },
    { name: "twitter:image", content: image },
  ];
  if (card.price)
    tags.push(
      { property: "product:price:amount", content: card.price.amount },
      { property: "product:price:currency", content: card.price.currency },
    );
  if (card.imageAlt) tags.push({ property: "og:image:alt", content: card.imageAlt }, { name: "twitter:image:alt", content: card.imageAlt });
  return tags;
}
