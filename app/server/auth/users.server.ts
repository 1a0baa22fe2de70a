import { sql } from "kysely";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import { withAdminRole, withoutAdminRole } from "./admins.server";
import { rolesOf } from "~/lib/auth/admin-access";
import { hasAdminRole } from "./guard.server";

/**
 * The accounts an admin manages on /admin/users: who has an account, whether they confirmed it,
 * who is an admin, and how many sessions each has open. Granting and revoking the role and
 * signing an account out everywhere are plain row changes that take effect on the next request
 * (every request reads the session and the role from the database).
 */

export interface UserListing {
  id: string;
  email: string;
  name: string;
  verified: boolean;
  admin: boolean;
  /** Writes articles and edits products' reviews (app/lib/auth/admin-access.ts). */
  editor: boolean;
  /** Sessions that have not expired yet. */
  sessions: number;
  createdAt: string;
}

export class UserChangeRefused extends Error {
  override name = "UserChangeRefused";
}

/** better-auth keeps dates as timestamptz on PostgreSQL and as ISO text on SQLite. */
const authDate = (db: DB, date: Date): Date | string => (dialectOf(db) === "postgres" ? date : date.toISOString());

const toIso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export async function listUsers(db: DB, search = ""): Promise<UserListing[]> {
  const now = new Date();
  let query = db
    .selectFrom("user")
    .leftJoin("session", (join) => join.onRef("session.userId", "=", "user.id").on("session.expiresAt", ">", authDate(db, now)))
    .select(["user.id", "user.email", "user.name", "user.emailVerified", "user.role", "user.createdAt"])
    .select((eb) => eb.fn.count<number | string>("session.id").as("sessions"))
    .groupBy(["user.id", "user.email", "user.name", "user.emailVerified", "user.role", "user.createdAt"])
    .orderBy("user.createdAt")
    .orderBy("user.email");
  const text = search.trim().toLowerCase();
  if (text) query = query.where(sql`lower(${sql.ref("user.email")})`, "like", `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    verified: Boolean(row.emailVerified),
    admin: hasAdminRole(row.role),
    editor: rolesOf(row.role).has("editor"),
    sessions: Number(row.sessions),
    createdAt: toIso(row.createdAt as string | Date),
  }));
}

/**
 * Grants or revokes the admin role. Revoking is refused for the last admin with a confirmed
 * address (an unconfirmed one cannot sign in), so the site always has someone who can open the
 * admin area. The check and the change are one transaction: on PostgreSQL the admin rows are
 * locked before anything is read, so of two admins demoting each other at once the second sees
 * the first's change and is refused; SQLite runs one transaction at a time.
 */
export async function setAdminRole(db: DB, userId: string, admin: boolean): Promise<{ email: string; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    let admins = trx.selectFrom("user").select(["id", "role", "emailVerified"]).where("role", "like", "%admin%");
    if (dialectOf(db) === "postgres") admins = admins.forUpdate();
    const confirmedAdmins = (await admins.execute()).filter((row) => hasAdminRole(row.role) && Boolean(row.emailVerified));
    const target = await trx
      .selectFrom("user")
      .select(["id", "email", "role", "emailVerified"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!target) throw new UserChangeRefused("This account no longer exists.");
    if (hasAdminRole(target.role) === admin) return { email: target.email, changed: false };
    if (admin && !target.emailVerified) {
      throw new UserChangeRefused(`${target.email} has not confirmed the address yet; an admin must have a confirmed address.`);
    }
    if (!admin && !confirmedAdmins.some((row) => row.id !== target.id)) {
      throw new UserChangeRefused(
        `${target.email} is the last admin with a confirmed address, so nobody could sign in to the admin area. Make another account admin first.`,
      );
    }
    await trx
      .updateTable("user")
      .set({ role: admin ? withAdminRole(target.role) : withoutAdminRole(target.role), updatedAt: authDate(db, new Date()) })
      .where("id", "=", userId)
      .execute();
    return { email: target.email, changed: true };
  });
}

/**
 * Grants or revokes the editor role. An editor must have a confirmed address, as an admin must;
 * the role sits beside any other ('user,editor'), so revoking it leaves an admin an admin.
 */
export async function setEditorRole(db: DB, userId: string, editor: boolean): Promise<{ email: string; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom("user").select(["email", "role", "emailVerified"]).where("id", "=", userId).executeTakeFirst();
    if (!target) throw new UserChangeRefused("This account no longer exists.");
    const roles = rolesOf(target.role);
    if (roles.has("editor") === editor) return { email: target.email, changed: false };
    if (editor && !target.emailVerified) {
      throw new UserChangeRefused(`${target.email} has not confirmed the address yet; an editor must have a confirmed address.`);
    }
    if (editor) roles.add("editor");
    else roles.delete("editor");
    roles.delete("user");
    await trx
      .updateTable("user")
      .set({ role: roles.size === 0 ? "user" : [...roles].join(","), updatedAt: authDate(db, new Date()) })
      .where("id", "=", userId)
      .execute();
    return { email: target.email, changed: true };
  });
}

/** Ends every session of one account: each of its browsers is signed out on its next request. */
export async function signOutEverywhere(db: DB, userId: string): Promise<number> {
  const result = await db.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
