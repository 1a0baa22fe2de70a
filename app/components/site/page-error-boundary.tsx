import { Suspense, use } from "react";
import { useRouteError } from "react-router";
import { adminRefusalOf, type AdminRefusal } from "~/lib/auth/admin-refusal";
import { caughtPageError, type WordedPageError } from "~/lib/site/page-errors";
import { PlainPageError } from "./plain-page-error";

export { pageErrorMeta } from "~/lib/site/page-errors";

type PageErrorScreens = typeof import("./page-error-screens");

let screens: PageErrorScreens | undefined;
let loadingScreens: Promise<PageErrorScreens> | undefined;

/**
 * The error panels' module, fetched once. The server awaits it before rendering a page that shows
 * an error (entry.server.tsx), so its HTML holds the panel in place, never a fallback followed
 * by a script that moves the panel in; a browser fetches it only for a page that shows one.
 *
 * A browser that cannot fetch it (offline, or a page opened before a deploy replaced the file)
 * shows each error's own words in a plain panel until the next page load. The answer is kept
 * either way: a boundary that suspended renders again and must find the same promise settled.
 */
export function loadPageErrorScreens(): Promise<PageErrorScreens> {
  loadingScreens ??= import("./page-error-screens").then(
    (module) => (screens = module),
    () => ({ PageErrorView: PlainPageErrorView, AdminRefusalView: PlainAdminRefusalView }),
  );
  return loadingScreens;
}

/**
 * The error boundary of every public screen (and of the root): a thrown page error becomes its
 * screen's not-found, gone or unavailable panel; a bare 404 or 503 the site-wide one; anything
 * else "Something went wrong". An admin page refused by the admin layout's middleware lands here
 * too when the page itself was asked for (nothing ran below the root), and shows the admin area's
 * refusal (app/components/admin/admin-refusal.tsx). A route exports it as its own boundary
 * (`export { PageErrorBoundary as ErrorBoundary }`) so that its meta still runs and titles the page.
 *
 * While a browser fetches the panels, a page loaded with its error keeps the server's HTML of
 * the panel (React hydrates it once the module is in), and a client navigation shows an empty
 * main area for that moment.
 */
export function PageErrorBoundary() {
  // Read from the router rather than from props: the route build passes props only to a boundary
  // declared in the route module itself, not to a re-exported one.
  const error = useRouteError();
  const refusal = adminRefusalOf(error);
  if (refusal) {
    return (
      <Suspense fallback={<main id="main" className="flex-1" />}>
        <AdminRefusalPanel refusal={refusal} />
      </Suspense>
    );
  }
  const pageError = caughtPageError(error);
  if (!pageError) return <UnexpectedError error={error} />;
  return (
    <Suspense fallback={<main id="main" className="flex-1" />}>
      <PageErrorPanel error={pageError} />
    </Suspense>
  );
}

function PageErrorPanel({ error }: { error: WordedPageError }) {
  const { PageErrorView } = screens ?? use(loadPageErrorScreens());
  return <PageErrorView error={error} />;
}

function AdminRefusalPanel({ refusal }: { refusal: AdminRefusal }) {
  const { AdminRefusalView } = screens ?? use(loadPageErrorScreens());
  return <AdminRefusalView refusal={refusal} />;
}

function PlainAdminRefusalView({ refusal }: { refusal: AdminRefusal | null }) {
  return (
    <PlainPageError
      title="Request refused"
      message={refusal?.reason === "cross-site" ? refusal.message : "You do not have access to this page."}
    />
  );
}

function PlainPageErrorView({ error }: { error: WordedPageError }) {
  return <PlainPageError title={error.texts.title} message={error.texts.message} />;
}

function UnexpectedError({ error }: { error: unknown }) {
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <PlainPageError title="Something went wrong" message="Sorry, this page could not be shown. Please try again in a moment.">
      {detail && <pre className="mt-6 overflow-x-auto rounded-card bg-sand p-4 text-left text-xs">{detail}</pre>}
    </PlainPageError>
  );
}
