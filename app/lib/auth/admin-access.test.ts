import { describe, expect, it } from "vitest";
import { adminPagePath, hasAdminAreaRole, mayOpenAdminPath } from "./admin-access";

describe("the admin access table", () => {
  it("opens everything to an admin, whatever else the role list holds", () => {
    for (const path of ["/admin", "/admin/users", "/admin/products/import", "/admin/settings"]) {
      expect(mayOpenAdminPath("user,admin", path)).toBe(true);
    }
  });

  it("opens the dashboard, articles, authors and reviews to an editor, nothing else", () => {
    const open = [
      "/admin",
      "/admin/",
      "/admin.data",
      "/admin/_root.data",
      "/admin/articles",
      "/admin/articles/12/revisions",
      "/admin/authors/new",
      "/admin/reviews",
      "/admin/reviews/4",
      "/admin/reviews/4.data",
    ];
    const closed = [
      "/admin/users",
      "/admin/users.data",
      "/admin/products",
      "/admin/products/import",
      "/admin/products/4",
      "/admin/reviews/4/delete",
      "/admin/articlesx",
      "/admin/remove",
      "/admin/settings",
      "/admin/revenue",
      "/admin/backups",
    ];
    for (const path of open) expect(mayOpenAdminPath("editor", path), path).toBe(true);
    for (const path of closed) expect(mayOpenAdminPath("user,editor", path), path).toBe(false);
  });

  it("opens nothing to an account without an admin-area role", () => {
    expect(hasAdminAreaRole("user")).toBe(false);
    expect(hasAdminAreaRole(null)).toBe(false);
    expect(hasAdminAreaRole("user,editor")).toBe(true);
    expect(mayOpenAdminPath("user", "/admin")).toBe(false);
    expect(mayOpenAdminPath(null, "/admin/articles")).toBe(false);
  });

  it("judges a data request as its page", () => {
    expect(adminPagePath("/admin/users.data")).toBe("/admin/users");
    expect(adminPagePath("/admin/_root.data")).toBe("/admin");
  });
});
