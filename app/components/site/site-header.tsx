import { Link } from "~/components/ui/link";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { BrandMark } from "./brand-mark";
import { MegaMenu } from "./mega-menu";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="page-container site-header-bar">
        <Link to="/" className="flex items-center gap-2.5 rounded-md" aria-label={`${SITE_NAME} home`}>
          <BrandMark className="size-8" />
          <span className="brand-name">{SITE_NAME}</span>
        </Link>
        <MegaMenu />
        <MobileMenu />
      </div>
    </header>
  );
}
