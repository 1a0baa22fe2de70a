import { cn } from "~/components/ui/cn";

/**
 * A shown price that says how old it is ('Price as of November 26, 2026'): as the title on hover,
 * as a small label under it on keyboard focus (drawn from the title, so the price's own text stays
 * just the price), and as its accessible description. Above a card's stretched link, so hovering
 * it reaches it. A price with no date (none shown) is plain text.
 */
export function PriceText({ text, asOf, className }: { text: string; asOf: string | null; className?: string }) {
  if (!asOf) return <span className={className}>{text}</span>;
  return (
    <span
      // Focusable so a keyboard reaches the date a mouse sees on hover (WCAG 1.4.13: content on
      // hover or focus); it does nothing when activated, so it has no interactive role.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      title={asOf}
      aria-description={asOf}
      data-as-of=""
      className={cn("price-as-of", className)}
    >
      {text}
    </span>
  );
}
