import { Link } from "react-router";
import { SITE_NAME } from "~/lib/site-navigation";
import { BrandMark } from "./brand-mark";
import { MegaMenu } from "./mega-menu";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/95 backdrop-blur supports-[backdrop-filter]:bg-canvas/85">
      <div className="page-container relative flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2.5 rounded-md" aria-label={`${SITE_NAME} home`}>
          <BrandMark className="size-8" />
          <span className="font-serif text-xl font-semibold tracking-tight text-ink">{SITE_NAME}</span>
        </Link>
        <MegaMenu />
        <MobileMenu />
      </div>
    </header>
  );
}
