import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import { CompareTray } from "./components/compare/compare-tray";
import { SiteFooter } from "./components/site/site-footer";
import { SiteHeader } from "./components/site/site-header";
import { NotFoundPanel } from "./components/site/not-found-panel";
import { LazyToaster } from "./components/ui/toast";
import type { SiteOriginData } from "./lib/site-origin";
import "./app.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // The web fonts are not preloaded: each public page's largest paint is a picture (the hero or
  // the gallery's first photo), and on a slow phone connection the two fonts (86 KB) preloaded
  // beside it delayed it by about a second. They load from the style sheet instead and text
  // swaps to them (docs/decisions/0035).
  { rel: "alternate", type: "application/atom+xml", title: "Sauna Knowledge Center", href: "/learn/feed.xml" },
];

/** BASE_URL for the pages' absolute URLs (see app/lib/site-origin.ts). */
export function loader({ context }: Route.LoaderArgs): SiteOriginData {
  return { origin: context.config.baseUrl };
}

/** BASE_URL never changes while the server runs. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f2" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-white"
        >
          Skip to content
        </a>
        <SiteHeader />
        {children}
        <SiteFooter />
        <CompareTray />
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="flex-1">
        <NotFoundPanel />
      </main>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <main id="main" className="page-container flex-1 py-24 text-center">
        <h1 className="text-3xl font-semibold">Temporarily unavailable</h1>
        <p className="mt-3 text-ink-muted">The site cannot reach its data right now. Please try again in a moment.</p>
      </main>
    );
  }
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main id="main" className="page-container flex-1 py-24 text-center">
      <h1 className="text-3xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-ink-muted">Sorry, this page could not be shown. Please try again in a moment.</p>
      {detail && <pre className="mt-6 overflow-x-auto rounded-card bg-sand p-4 text-left text-xs">{detail}</pre>}
    </main>
  );
}
