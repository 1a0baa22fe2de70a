import { cn } from "~/components/ui/cn";
import { useHydrated } from "~/components/ui/use-hydrated";
import { compareHref, MAX_COMPARE } from "~/lib/compare/compare";
import { announceCompare, useCompareItems, writeCompareItems } from "./compare-store";

/**
 * 'Add to compare' for one product. Without JavaScript (and until the page hydrates) it is a link
 * to the comparison of this product, which the reader can extend from there; once scripts run it
 * becomes a real toggle button for the compare tray (up to four), so Space and Enter both work
 * and its pressed state is announced.
 */
export function AddToCompare({ slug, name, className }: { slug: string; name: string; className?: string }) {
  const hydrated = useHydrated();
  const items = useCompareItems();
  const added = items.some((item) => item.slug === slug);
  const full = !added && items.length >= MAX_COMPARE;
  const fullText = `You can compare up to ${MAX_COMPARE} saunas`;
  // Its look in each state follows aria-pressed and aria-disabled (.compare-toggle in app/app.css),
  // its Plus or Check icon too: painted by CSS on the empty first <span>, not an <svg> on every card.
  const label = (
    <>
      <span />
      {added ? "Added to compare" : "Add to compare"}
      <span className="sr-only">{`: ${name}`}</span>
    </>
  );

  if (!hydrated) {
    return (
      // Comparison pages are noindex; crawlers need not follow one from every card.
      <a href={compareHref([slug])} rel="nofollow" className={cn("compare-toggle", className)}>
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={() => {
        if (added) writeCompareItems(items.filter((item) => item.slug !== slug));
        else if (full) announceCompare(fullText);
        else writeCompareItems([...items, { slug, name }]);
      }}
      // The compare tray puts focus back here when the reader removes this sauna, its last pick.
      data-compare-slug={slug}
      aria-pressed={added}
      aria-disabled={full || undefined}
      title={full ? fullText : undefined}
      className={cn("compare-toggle", className)}
    >
      {label}
    </button>
  );
}
