import type { AdminRefusal } from "~/lib/auth/admin-refusal";
import { ForbiddenPanel } from "./forbidden-panel";
import { Link } from "~/components/ui/link";

/**
 * What the admin area shows for a refused request (a 403): the 'not an administrator' page with
 * its sign-out button, the editor's 'for administrators' page, or 'Request refused' (a form from
 * another site, or a 403 without a reason). Drawn by the admin layout's boundary and, for a page
 * asked for directly, by the root's (app/components/site/page-error-screens.tsx).
 */
export function AdminRefusalView({ refusal }: { refusal: AdminRefusal | null }) {
  if (refusal?.reason === "admins-only") {
    return (
      <main id="main" className="page-container flex-1 py-24 text-center">
        <h1 className="text-2xl font-semibold">This page is for administrators</h1>
        <p className="mt-3 text-ink-muted">
          You are signed in as {refusal.email}, an editor: you can write articles and edit products&apos; reviews.
        </p>
        <p className="mt-6">
          <Link to="/admin" className="font-semibold text-brand-strong underline">
            Back to the dashboard
          </Link>
        </p>
      </main>
    );
  }
  if (refusal?.reason === "not-admin") {
    return (
      <main id="main" className="flex-1">
        <ForbiddenPanel email={refusal.email} />
      </main>
    );
  }
  return (
    <main id="main" className="page-container flex-1 py-24 text-center">
      <h1 className="text-2xl font-semibold">Request refused</h1>
      <p className="mt-3 text-ink-muted">{refusal?.reason === "cross-site" ? refusal.message : "You do not have access to this page."}</p>
    </main>
  );
}
