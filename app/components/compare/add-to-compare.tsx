import { cn } from "~/components/ui/cn";
import { compareHref, MAX_COMPARE } from "~/lib/compare";
import { useCompareItems, writeCompareItems } from "./compare-store";

/**
 * 'Add to compare' for one product. With JavaScript it toggles the product in the compare tray
 * (up to four); without it, it is a link to the comparison of this product, which the reader can
 * extend from there.
 */
export function AddToCompare({ slug, name, className }: { slug: string; name: string; className?: string }) {
  const items = useCompareItems();
  const added = items.some((item) => item.slug === slug);
  const full = !added && items.length >= MAX_COMPARE;

  function toggle(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (added) writeCompareItems(items.filter((item) => item.slug !== slug));
    else if (!full) writeCompareItems([...items, { slug, name }]);
  }

  return (
    <a
      href={compareHref([slug])}
      // Comparison pages are noindex; crawlers need not follow one from every card.
      rel="nofollow"
      onClick={toggle}
      role="button"
      aria-pressed={added}
      aria-disabled={full || undefined}
      title={full ? `You can compare up to ${MAX_COMPARE} saunas` : undefined}
      // Its look in each state follows aria-pressed and aria-disabled (.compare-toggle in app/app.css),
      // its Plus or Check icon too: painted by CSS on the empty first <span>, not an <svg> on every card.
      className={cn("compare-toggle", className)}
    >
      <span />
      {added ? "Added to compare" : "Add to compare"}
      <span className="sr-only">{`: ${name}`}</span>
    </a>
  );
}
