import { appContext } from "~/server/load-context";
import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import { CompareSkipLink, LazyCompareTray } from "./components/compare/lazy-compare-tray";
import { SITE_FOOTER_ID, SiteFooter } from "./components/site/site-footer";
import { SiteHeader } from "./components/site/site-header";
import { PageErrorBoundary } from "./components/site/page-error-boundary";
import { LazyToaster } from "./components/ui/toast";
import type { PageHandle } from "./lib/site/page-handle";
import type { SiteOriginData } from "./lib/site/site-origin";
import latinFontsScript from "virtual:latin-fonts-script";
import "./app.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // No font preloads: the Latin faces come as bytes from the script in the head (docs/decisions/0123).
  { rel: "alternate", type: "application/atom+xml", title: "Sauna Knowledge Center", href: "/learn/feed.xml" },
  // The first paint waits until the page is parsed up to its footer. Painted as it arrived, a page
  // was styled and laid out again with each piece the parser added (/reviews: three layouts, one
  // of them after the first paint). A page is sent whole, so the wait is its parsing, not the
  // network (docs/decisions/0048). Browsers without `rel=expect` paint as before.
  { rel: "expect", href: `#${SITE_FOOTER_ID}`, blocking: "render" },
];

/** BASE_URL for the pages' absolute URLs (see app/lib/site/site-origin.ts). */
export function loader({ context }: Route.LoaderArgs): SiteOriginData {
  return { origin: context.get(appContext).config.baseUrl };
}

/** BASE_URL never changes while the server runs. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Public pages hydrate after their main picture is painted, so "the page has loaded" no longer
  // means "the page is interactive"; this attribute says when it is (style hooks, tests).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // Only a page that was found has its bar (an error page of the same route has none).
  const bottomBar = useMatches().some((match) => (match.handle as PageHandle | undefined)?.bottomBar && match.data != null);
  return (
    <html lang="en" className={bottomBar ? "has-bottom-bar" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f2" />
        <Meta />
        {/* Before the style sheet, so it need not wait for it; the first layout uses its faces. */}
        <script src={latinFontsScript} />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <CompareSkipLink />
        <SiteHeader />
        {children}
        {/* Right after the page's content in the tab order, though drawn at the foot of the screen. */}
        <LazyCompareTray />
        <SiteFooter />
        {/* Toasts: 4 s, 3 visible, 14 px gap, 356 px wide, bottom-right, Alt+T to reach them. */}
        <LazyToaster position="bottom-right" duration={4000} visibleToasts={3} gap={14} hotkey={["altKey", "KeyT"]} richColors />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Whatever a page without a boundary of its own lets through: the site-wide 404 and 503, or "Something went wrong". */
export { PageErrorBoundary as ErrorBoundary };
