import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { CollectionError } from "~/components/collection/collection-error";
import { CollectionNotFound } from "~/components/collection/collection-not-found";
import { ProductGone, ProductNotFound } from "~/components/product/product-missing";
import { NotFoundPanel } from "~/components/site/not-found-panel";
import { pageErrorOf, pageErrorTexts, type PageError } from "~/lib/page-errors";

export { pageErrorMeta } from "~/lib/page-errors";

/**
 * The error boundary of every public screen (and of the root): a thrown page error becomes its
 * screen's not-found, gone or unavailable panel; a bare 404 or 503 the site-wide one; anything
 * else "Something went wrong". A route exports it as its own boundary
 * (`export { PageErrorBoundary as ErrorBoundary }`) so that its meta still runs and titles the page.
 */
export function PageErrorBoundary() {
  // Read from the router rather than from props: the route build passes props only to a boundary
  // declared in the route module itself, not to a re-exported one.
  const error = useRouteError();
  const pageError = isRouteErrorResponse(error) ? pageErrorOf(error.status, error.data) : undefined;
  if (!pageError) return <UnexpectedError error={error} />;
  return <PageErrorView error={pageError} />;
}

/** One page error, drawn. */
export function PageErrorView({ error }: { error: PageError }) {
  const texts = pageErrorTexts(error);
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
      return (
        <main id="main" className="page-container flex-1 py-24 text-center">
          <h1 className="text-3xl font-semibold">{texts.title}</h1>
          <p className="mt-3 text-ink-muted">{texts.message}</p>
        </main>
      );
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

function UnexpectedError({ error }: { error: unknown }) {
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main id="main" className="page-container flex-1 py-24 text-center">
      <h1 className="text-3xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-ink-muted">Sorry, this page could not be shown. Please try again in a moment.</p>
      {detail && <pre className="mt-6 overflow-x-auto rounded-card bg-sand p-4 text-left text-xs">{detail}</pre>}
    </main>
  );
}
