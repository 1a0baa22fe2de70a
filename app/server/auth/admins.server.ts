import { sql } from "kysely";
import { createAdminCommand } from "~/lib/auth/create-admin-command";
import type { DB } from "../db/connection.server";
import type { AppConfig } from "../config.server";
import { createAuth, MIN_PASSWORD_LENGTH, type Auth } from "./auth.server";
import { clearAttemptsForAccount } from "./rate-limit.server";

/**
 * The first admin: sign-up never grants the role; the operator runs
 * `npm run create-admin -- --email E` (the password from ADMIN_PASSWORD or a prompt), which lands here.
 */

/** Users whose role list includes 'admin' ('admin', or 'user,admin' from the admin plugin). */
export async function countAdmins(db: DB): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where((eb) =>
      eb.or([eb("role", "=", "admin"), eb("role", "like", "admin,%"), eb("role", "like", "%,admin"), eb("role", "like", "%,admin,%")]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The one start-up line saying how to create the first admin, with the settings the server runs
 * with (env), or null when an admin exists.
 */
export async function missingAdminHint(db: DB, env: Readonly<Record<string, string | undefined>> = {}): Promise<string | null> {
  return (await countAdmins(db)) > 0 ? null : `No admin account yet. Create one with: ${createAdminCommand(env)}`;
}

class CreateAdminError extends Error {
  override name = "CreateAdminError";
}

export interface CreateAdminResult {
  action: "created" | "promoted";
  email: string;
  passwordChanged: boolean;
}

/** A role list with 'admin' added ('user' drops out: an admin's list names what it adds). */
export function withAdminRole(role: string | null): string {
  const roles = (role ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "user");
  return [...new Set([...roles, "admin"])].join(",");
}

/** A role list with 'admin' removed; with nothing left, the plain 'user'. */
export function withoutAdminRole(role: string | null): string {
  const roles = (role ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "admin");
  return roles.length === 0 ? "user" : [...new Set(roles)].join(",");
}

/**
 * Creates a confirmed admin, or promotes (and confirms) an existing account. A password given
 * for an existing account replaces its password; without one the old password stays. Either way
 * the account's sign-in counters are cleared, so an owner slowed down by someone else's guessing
 * can sign in at once.
 */
export async function createOrPromoteAdmin(auth: Auth, db: DB, input: { email: string; password?: string }): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CreateAdminError(`"${input.email}" is not an email address`);
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw new CreateAdminError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }

  const existing = await db
    .selectFrom("user")
    .select(["id", "role"])
    .where(sql`lower(email)`, "=", email)
    .executeTakeFirst();
  if (!existing) {
    if (input.password === undefined) throw new CreateAdminError(`no account for ${email}: give --password to create one`);
    await auth.api.createUser({
      body: { email, password: input.password, name: email.split("@")[0] ?? email, role: "admin", data: { emailVerified: true } },
    });
    await clearAttemptsForAccount(db, email);
    return { action: "created", email, passwordChanged: true };
  }

  const context = await auth.$context;
  await context.internalAdapter.updateUser(existing.id, { role: withAdminRole(existing.role), emailVerified: true });
  if (input.password !== undefined) {
    const hash = await context.password.hash(input.password);
    const accounts = await context.internalAdapter.findAccounts(existing.id);
    if (accounts.some((account) => account.providerId === "credential")) {
      await context.internalAdapter.updatePassword(existing.id, hash);
    } else {
      await context.internalAdapter.linkAccount({ providerId: "credential", accountId: existing.id, userId: existing.id, password: hash });
    }
  }
  await clearAttemptsForAccount(db, email);
  return { action: "promoted", email, passwordChanged: input.password !== undefined };
}

/**
 * What create-admin does with the account: the site's auth with no mail (the account is confirmed
 * directly), then createOrPromoteAdmin. The end-to-end fixtures call it too, in their worker.
 */
export async function createOrPromoteAdminWithoutMail(
  config: AppConfig,
  db: DB,
  input: { email: string; password?: string },
): Promise<CreateAdminResult> {
  const resources = createAuth(config, db, { mail: null });
  try {
    return await createOrPromoteAdmin(resources.auth, db, input);
  } finally {
    await resources.close();
  }
}
