import { buttonClasses, type ButtonStyle } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { CheckPriceTarget } from "~/lib/home/home-page";

/**
 * The outbound 'Check Price' link (the shop link chain of docs/decisions/0006): a new tab with rel="sponsored nofollow noopener"
 * (just "noopener" for the survey form). With no usable link (the chain ended at '#') nothing
 * clickable is shown: a dead link would only send the reader to the top of the page.
 */
export function CheckPriceLink({
  link,
  productName,
  label = "Check Price",
  className,
  ...style
}: {
  link: CheckPriceTarget;
  productName: string;
  label?: string;
  className?: string;
} & ButtonStyle) {
  if (!link.external) {
    return <span className={cn("text-sm text-ink-muted", className)}>Price link unavailable</span>;
  }
  return (
    <a
      href={link.href}
      target="_blank"
      rel={link.rel}
      aria-label={`${label} for ${productName} (opens in a new tab)`}
      className={isDefaultStyle(style) ? cn("check-price", className) : buttonClasses(style, cn("external-link-mark", className))}
    >
      {label}
    </a>
  );
}

/** The primary, medium button: `.check-price` is that button with the external-link mark, in one class. */
function isDefaultStyle({ variant = "primary", size = "md" }: ButtonStyle): boolean {
  return variant === "primary" && size === "md";
}
