import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import * as layout from "~/routes/admin/layout";
import { ADMIN_JSON_ENDPOINTS, answersAdminJson } from "~/lib/auth/admin-access";
import { adminRoutes } from "../../../tests/support/admin-routes";
import { adminAccess } from "./guard.server";

/**
 * The admin area's access check is one middleware on the admin layout (guard.server.ts,
 * docs/decisions/0119): it guards exactly the routes the route table nests under that layout.
 * These checks keep it so: no admin route outside the layout, the middleware on it, and a route
 * whose middleware did not run lets nobody in. What the middleware answers to whom is checked
 * on every admin route by admin-access, editor-access and the other route tests (callAdminRoute).
 */

interface Entry {
  path?: string;
  file: string;
  index?: boolean;
  children?: Entry[];
}

/** Every route of the table with its full path, and whether it sits under the admin layout. */
function flatten(entries: Entry[], parent = "", underAdmin = false): { path: string; file: string; underAdmin: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent || "/";
    const isLayout = entry.file === "routes/admin/layout.tsx";
    return [
      { path, file: entry.file, underAdmin },
      ...flatten(entry.children ?? [], parent === "" && !entry.path ? "" : path, underAdmin || isLayout),
    ];
  });
}

describe("the admin layout's middleware", () => {
  const table = flatten(routes as Entry[]);

  it("guards every admin route: each one is the layout or nested under it", () => {
    const adminLike = table.filter(
      (route) => route.file.startsWith("routes/admin/") || route.path === "/admin" || route.path.startsWith("/admin/"),
    );
    expect(adminLike.length).toBeGreaterThan(50);
    const outside = adminLike.filter((route) => route.file !== "routes/admin/layout.tsx" && !route.underAdmin);
    expect(outside, "admin routes outside routes/admin/layout.tsx skip its access check").toEqual([]);
    expect(table.filter((route) => route.file === "routes/admin/layout.tsx")).toHaveLength(1);
  });

  it("is the layout's middleware", () => {
    expect(layout.middleware).toContain(adminAccess);
  });

  it("lets nobody in where it did not run: the user is read from a context it alone fills", async () => {
    const context = new RouterContextProvider();
    const request = new Request("http://127.0.0.1:3000/admin");
    await expect(
      (async () => layout.loader({ request, context, params: {}, url: new URL(request.url), pattern: "/admin" } as never))(),
    ).rejects.toThrow(/No value found for context/);
  });

  it("answers JSON on the endpoints the access table lists, each of them an admin route without a page", async () => {
    const routesByPattern = adminRoutes();
    for (const endpoint of ADMIN_JSON_ENDPOINTS) {
      const matching = routesByPattern.filter((route) => endpoint.test(route.path));
      expect(matching.length, String(endpoint)).toBeGreaterThan(0);
      for (const route of matching) {
        const module = (await route.load()) as { default?: unknown };
        expect(module.default, `${route.file} is an endpoint, not a page`).toBeUndefined();
      }
    }
    expect(answersAdminJson("/admin/products/import/preview")).toBe(true);
    expect(answersAdminJson("/admin/runs/12/progress.data")).toBe(true);
    expect(answersAdminJson("/admin/products")).toBe(false);
    expect(answersAdminJson("/admin/runs/12")).toBe(false);
  });
});
