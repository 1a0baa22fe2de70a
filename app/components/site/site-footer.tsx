import { Link } from "~/components/ui/link";
import { bestSaunasMenu, SITE_DESCRIPTION, SITE_NAME } from "~/lib/site/site-navigation";
import { BrandMark } from "./brand-mark";

/** The footer's id: a page can hold its first paint until the footer, and so all above it, is parsed. */
export const SITE_FOOTER_ID = "site-footer";

/**
 * The footer links every target of the 'Best Saunas' menu: that menu's panel is rendered only
 * while open, so these links are how crawlers (and readers without JavaScript) find every fixed
 * collection page from every page (docs/decisions/0046). Both read app/lib/site/site-navigation.ts.
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const [popular] = bestSaunasMenu[0]!;
  const [bySize, byPrice] = bestSaunasMenu[1]!;
  const [special] = bestSaunasMenu[2]!;

  return (
    <footer id={SITE_FOOTER_ID} className="site-footer">
      <div className="page-container footer-grid">
        <div className="max-w-sm space-y-3">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-md">
            <BrandMark className="size-8" />
            <span className="font-serif text-xl font-semibold text-white">{SITE_NAME}</span>
          </Link>
          <p className="text-sm leading-relaxed">{SITE_DESCRIPTION}</p>
        </div>
        <FooterLinks heading="Categories" links={[...popular!.links, ...special!.links]} />
        <FooterLinks heading="Size & Price" links={[...bySize!.links, ...byPrice!.links]} />
        <FooterLinks
          heading="Resources"
          links={[
            { name: "All Reviews", url: "/reviews" },
            { name: "Knowledge Center", url: "/learn" },
          ]}
        />
      </div>
      <div className="border-t border-white/10">
        <div className="page-container footer-legal">
          <p>
            © {year} {SITE_NAME}. All rights reserved.
          </p>
          <p>
            <strong className="font-semibold text-stone-300">Disclosure:</strong> The content on this site is for informational purposes
            only. Some links are affiliate links: if you buy through them we may earn a commission, at no extra cost to you. It never
            decides which saunas we recommend.
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ heading, links }: { heading: string; links: { name: string; url: string }[] }) {
  return (
    <nav aria-label={heading}>
      <h2 className="footer-heading">{heading}</h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.url + link.name}>
            <Link to={link.url}>{link.name}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
