import { useEffect } from "react";
import { useLocation } from "react-router";
import { CollectionError } from "~/components/collection/collection-error";
import { CollectionNotFound } from "~/components/collection/collection-not-found";
import { ProductGone, ProductNotFound } from "~/components/product/product-missing";
import { NotFoundPanel } from "~/components/site/not-found-panel";
import type { WordedPageError } from "~/lib/site/page-errors";
export { AdminRefusalView } from "~/components/admin/admin-refusal";
import { PlainPageError } from "./plain-page-error";

/**
 * Every screen's error panel, drawn from a worded page error. Fetched by the browser only when a
 * page shows one (page-error-boundary.tsx), so the pages that work carry none of it.
 * @public (imported by a dynamic import(), which the unused-code check does not follow)
 */
export function PageErrorView({ error }: { error: WordedPageError }) {
  const { texts } = error;
  switch (error.screen) {
    case "product":
      // ProductMissing draws its own <main>.
      return error.kind === "gone" ? (
        <ProductGone title={texts.title} text={texts.message} category={error.category} />
      ) : (
        <ProductNotFound title={texts.title} text={texts.message} />
      );
    case "collection":
      return (
        <main id="main" className="flex-1">
          {error.kind === "unavailable" ? (
            <CollectionError title={texts.title} message={texts.message} toastText={error.message} />
          ) : (
            <CollectionNotFound title={texts.title} message={texts.message} />
          )}
        </main>
      );
    case "article":
    case "learn-tag":
    case "learn-author":
      return (
        <main id="main" className="flex-1">
          <NotFoundPanel title={texts.title} message={texts.message} returnTo="/learn" returnLabel="Return to Knowledge Center" />
        </main>
      );
    case "go":
      return (
        <main id="main" className="flex-1">
          {error.product ? (
            <NotFoundPanel
              title={texts.title}
              message={texts.message}
              returnTo={error.product.href}
              returnLabel={`Read the ${error.product.name} review`}
            />
          ) : (
            <NotFoundPanel title={texts.title} message={texts.message} returnTo="/reviews" returnLabel="Browse All Saunas" />
          )}
        </main>
      );
    case "page":
      return <PageNotFound title={texts.title} message={texts.message} />;
    case "site":
      return <PlainPageError title={texts.title} message={texts.message} />;
  }
}

/** The site-wide big 404. The bad path goes to the console: after a client-side navigation it is the only log. */
function PageNotFound({ title, message }: { title: string; message: string }) {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <main id="main" className="flex-1">
      <NotFoundPanel title={title} message={message} />
    </main>
  );
}
