import { isRouteErrorResponse } from "react-router";

/**
 * Why the admin area refused a request (a 403's payload): signed in without an admin-area role,
 * an editor on a page for admins, or a form sent from another site. The admin layout's middleware
 * throws them (app/server/auth/guard.server.ts); the admin layout's boundary shows them after a
 * client navigation, and the root's boundary when the page itself was asked for (React Router
 * shows an error thrown before any loader ran at the root).
 */
export type AdminRefusal = { reason: "not-admin" | "admins-only"; email: string } | { reason: "cross-site"; message: string };

const REASONS: ReadonlySet<string> = new Set<AdminRefusal["reason"]>(["not-admin", "admins-only", "cross-site"]);

/** The refusal a caught error stands for: a 403 with one of the reasons above; undefined for anything else. */
export function adminRefusalOf(error: unknown): AdminRefusal | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  const detail = error.data as { reason?: unknown } | null;
  return detail && typeof detail === "object" && typeof detail.reason === "string" && REASONS.has(detail.reason)
    ? (detail as AdminRefusal)
    : undefined;
}
