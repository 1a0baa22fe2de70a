import { DEFAULT_AFTER_SIGN_IN, safeRedirectPath } from "~/lib/auth/safe-redirect";
import type { DB } from "../db/connection.server";
import { hasAdminRole } from "./guard.server";

/** The owner's first screen: what needs them today, most money first. */
export const ADMIN_LANDING = "/admin/today";

/** An account's first screen: Today for an admin, the dashboard (their drafts and reviews due) for an editor. */
export function landingFor(role: string | null | undefined): string {
  return hasAdminRole(role) ? ADMIN_LANDING : DEFAULT_AFTER_SIGN_IN;
}

/**
 * Where a sign-in goes: the same-site page it was asked to return to, or, when none was asked
 * (the sign-in form's redirectTo is empty) or the one asked is not on this site, the account's
 * first screen.
 */
export async function landingAfterSignIn(db: DB, email: string, asked: string): Promise<string> {
  const safe = safeRedirectPath(asked, "");
  if (safe !== "") return safe;
  const user = await db.selectFrom("user").select("role").where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return landingFor(user?.role);
}
