import { siteSymbolHref } from "~/components/ui/icons";

/**
 * The site's mark: a sauna roof over a rising wave of steam (brand-mark.svg, drawn from the icon
 * sprite so the top bar and the footer do not each carry its paths). Decorative; the name is beside it.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={siteSymbolHref("BrandMark")} />
    </svg>
  );
}
