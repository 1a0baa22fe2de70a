import { ExternalLink } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { buttonClasses, type ButtonStyle } from "~/components/ui/button";
import type { BuyLink } from "~/lib/offers/buy-link";

/**
 * The outbound shop button of a sauna: a new tab with the link's rel
 * ('sponsored nofollow noopener' for shops). A sauna with no usable link has nowhere to send the reader,
 * so the button opens its review instead of pointing at '#'.
 */
export function BuyButton({
  link,
  reviewHref,
  children,
  className,
  ...style
}: ButtonStyle & { link: BuyLink; reviewHref: string; children: React.ReactNode; className?: string }) {
  if (!link.external) {
    return (
      <Link to={reviewHref} className={buttonClasses(style, className)}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} target="_blank" rel={link.rel} className={buttonClasses(style, className)}>
      {children}
      <ExternalLink aria-hidden className="size-4 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The small-print disclosure next to a buy button (readers trust a site that says it earns from the link), for shop links only: the survey
 * form is not paid, and a sauna without a link has no outbound button to disclose.
 */
export function AffiliateNote({ link }: { link: BuyLink }) {
  if (link.kind !== "website" && link.kind !== "affiliate") return null;
  return <p className="text-xs leading-snug text-ink-muted">Affiliate link: we may earn a commission at no extra cost to you.</p>;
}
