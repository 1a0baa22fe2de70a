import { Link } from "react-router";
import { bestSaunasMenu, SITE_DESCRIPTION, SITE_NAME } from "~/lib/site-navigation";
import { BrandMark } from "./brand-mark";

export function SiteFooter() {
  const year = new Date().getFullYear();
  const [popular] = bestSaunasMenu[0]!;
  const [bySize, byPrice] = bestSaunasMenu[1]!;

  return (
    <footer className="mt-auto border-t border-line bg-night text-stone-300">
      <div className="page-container grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="max-w-sm space-y-3">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-md">
            <BrandMark className="size-8" />
            <span className="font-serif text-xl font-semibold text-white">{SITE_NAME}</span>
          </Link>
          <p className="text-sm leading-relaxed">{SITE_DESCRIPTION}</p>
        </div>
        <FooterLinks heading="Categories" links={popular!.links.slice(0, 5)} />
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
        <div className="page-container space-y-2 py-6 text-xs leading-relaxed text-stone-400">
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
      <h2 className="mb-3 font-sans text-xs font-bold uppercase tracking-wider text-stone-400">{heading}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.url + link.name}>
            <Link to={link.url} className="hover:text-white">
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
