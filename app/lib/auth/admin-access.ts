/**
 * Who may open what in the admin area: one table (docs/decisions/0077-editor-role.md). An admin
 * opens everything; an editor writes articles and their authors and edits products' review
 * fields, and nothing else (imports, removal, feeds, merchants, offers, users, subscribers,
 * settings, clicks, revenue, audit, links, backups…). A path no rule names is for admins only,
 * so a new admin page is closed to editors until a rule opens it.
 */

export const ADMIN_AREA_ROLES = ["admin", "editor"] as const;
export type AdminAreaRole = (typeof ADMIN_AREA_ROLES)[number];

interface AccessRule {
  /** What the rule covers, matched against the path without a trailing slash or a `.data` ending. */
  path: RegExp;
  /** Who besides an admin may open it. */
  roles: readonly AdminAreaRole[];
  /** Why, for the reader of this table. */
  why: string;
}

export const ADMIN_ACCESS_RULES: readonly AccessRule[] = [
  { path: /^\/admin$/, roles: ["editor"], why: "the dashboard: where an editor lands after signing in" },
  { path: /^\/admin\/articles(\/.*)?$/, roles: ["editor"], why: "articles: the list, the editor, revisions, import and export" },
  { path: /^\/admin\/authors(\/.*)?$/, roles: ["editor"], why: "the authors articles and reviews are signed by" },
  {
    path: /^\/admin\/reviews(\/\d+)?$/,
    roles: ["editor"],
    why: "products' review fields only (never their prices, offers, imports or removal)",
  },
];

/**
 * The admin endpoints the pages call with XMLHttpRequest or fetch (the CSV imports and their
 * previews, the progress polls), matched like the rules above. The admin layout's middleware
 * (app/server/auth/guard.server.ts) answers a refusal on them as JSON, 401 or 403, instead of a
 * redirect to sign in or an error page that the script would follow and not understand.
 */
export const ADMIN_JSON_ENDPOINTS: readonly RegExp[] = [
  /^\/admin\/(products|collections|offers)\/import(\/preview)?$/,
  /^\/admin\/links\/progress$/,
  /^\/admin\/runs\/[^/]+\/progress$/,
];

/** Whether a refusal on this path is answered as JSON (an endpoint a script calls), not as a page. */
export function answersAdminJson(pathname: string): boolean {
  const path = adminPagePath(pathname);
  return ADMIN_JSON_ENDPOINTS.some((endpoint) => endpoint.test(path));
}

/** The roles an account holds: better-auth's admin plugin stores several as 'user,admin'. */
export function rolesOf(role: string | null | undefined): Set<string> {
  return new Set(
    (role ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== ""),
  );
}

/** Whether the account may enter the admin area at all (sign in, see the dashboard). */
export function hasAdminAreaRole(role: string | null | undefined): boolean {
  const roles = rolesOf(role);
  return ADMIN_AREA_ROLES.some((name) => roles.has(name));
}

/** The page a request is for: '/admin/users.data' (a data request) and '/admin/users/' are '/admin/users'. */
export function adminPagePath(pathname: string): string {
  let path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  // React Router asks for an index route's data at '/admin/_root.data' style paths and '/admin.data'.
  path = path.replace(/\/_root$/, "");
  return path === "" ? "/" : path;
}

/** Whether an account with this role may open (or post to) the path. */
export function mayOpenAdminPath(role: string | null | undefined, pathname: string): boolean {
  const roles = rolesOf(role);
  if (roles.has("admin")) return true;
  const path = adminPagePath(pathname);
  return ADMIN_ACCESS_RULES.some((rule) => rule.path.test(path) && rule.roles.some((name) => roles.has(name)));
}
