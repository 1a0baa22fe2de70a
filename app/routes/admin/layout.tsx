import { appContext } from "~/server/load-context";
import { isRouteErrorResponse, Outlet } from "react-router";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { AdminRefusalView } from "~/components/admin/admin-refusal";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { adminRefusalOf } from "~/lib/auth/admin-refusal";
import { adminAccess, adminAnswersPrivate, adminUser, hasAdminRole } from "~/server/auth/guard.server";
import { openTodayCount } from "~/server/admin/today/today.server";
import type { Route } from "./+types/layout";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * The admin area's frame: the guard and the sidebar. The guard is this route's middleware, which
 * React Router runs on the server before the loader and action of every route under /admin (their
 * data requests too, even when this loader is not asked for): only whom the access table lets in
 * gets past, and the routes read that user with adminUser(context). A route added outside this
 * layout in app/routes.ts would skip it (a test keeps every admin route under it).
 */

export const middleware: Route.MiddlewareFunction[] = [adminAnswersPrivate, adminAccess];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = adminUser(context);
  // The menu's "Today" count: admins only, at most a minute old (today.server.ts); on Today itself,
  // the count of the list the page shows (one computation serves both).
  const onToday = new URL(request.url).pathname.replace(/\.data$/, "") === "/admin/today";
  const today = hasAdminRole(user.role)
    ? await openTodayCount(context.get(appContext).db, context.get(appContext).config.prices, Date.now(), { fresh: onToday })
    : null;
  return { email: user.email, role: user.role, today };
}

export const meta: Route.MetaFunction = () => [{ title: `Admin - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export function headers() {
  // Personal pages: never stored by a shared cache.
  return { "Cache-Control": CACHE_CONTROL.privateNoStore };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="flex-1 bg-canvas">
      <div className="md:grid md:min-h-[calc(100dvh-4rem)] md:grid-cols-[15rem_minmax(0,1fr)]">
        <AdminSidebar email={loaderData.email} role={loaderData.role} today={loaderData.today} />
        <div className="min-w-0 px-4 py-6 md:px-8 md:py-8">
          <Outlet />
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminRefusalView refusal={adminRefusalOf(error) ?? null} />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="page-container flex-1 py-24 text-center">
        <h1 className="text-2xl font-semibold">Not found</h1>
        <p className="mt-3 text-ink-muted">{typeof error.data === "string" ? error.data : "There is nothing here."}</p>
      </main>
    );
  }
  return (
    <main id="main" className="page-container flex-1 py-24 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-ink-muted">This admin page could not be shown. Please try again in a moment.</p>
    </main>
  );
}
