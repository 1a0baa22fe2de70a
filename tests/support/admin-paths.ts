import routes from "../../app/routes";

/**
 * Every route under /admin as the route table (app/routes.ts) lists it: its path pattern and its
 * module file. Plain data, so that both the integration tests (tests/support/admin-routes.ts,
 * which loads the modules) and the end-to-end specs (which fetch the paths) walk the same list,
 * and a route added later is covered without touching either.
 */

export interface AdminRoutePath {
  /** The path with its parameters, e.g. "/admin/reviews/:productId". */
  pattern: string;
  /** The route file, e.g. "routes/admin/review.tsx". */
  file: string;
}

/** Every route under /admin, the layout included, in the route table's order. */
export function adminRoutePaths(): AdminRoutePath[] {
  const admin = routes.find((route) => route.path === "admin");
  if (!admin?.children) throw new Error("app/routes.ts has no admin layout");
  return [
    { pattern: "/admin", file: admin.file },
    ...admin.children.map((child) => ({ pattern: child.path ? `/admin/${child.path}` : "/admin", file: child.file })),
  ];
}

/** The route's path with its parameters filled from `ids` (by parameter name); throws on one it lacks. */
export function fillAdminPath(pattern: string, ids: Readonly<Record<string, number | string>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = ids[name];
    if (value === undefined) throw new Error(`no id for :${name} in ${pattern}: add one to the test's ids`);
    return String(value);
  });
}
