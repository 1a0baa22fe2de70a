/**
 * `npm run create-admin -- --email you@example.com --password 'a long password'`
 *
 * Creates a confirmed admin account, or promotes (and confirms) an existing one (ARCHITECTURE
 * D2). It reads the same environment as the server (DATA_DIR, DATABASE_URL, AUTH_SECRET…), so
 * it works on SQLite and PostgreSQL alike, and while the server is running. For an existing
 * account --password is optional; when given it replaces the password. The password may also
 * come from ADMIN_PASSWORD, which keeps it out of the shell history.
 */
import { parseArgs } from "node:util";
import { createOrPromoteAdmin } from "../app/server/auth/admins.server";
import { createAuth } from "../app/server/auth/auth.server";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { assertReachable, openDatabase } from "../app/server/db/connection.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { setLogLevel } from "../app/server/log.server";

const usage = "Usage: npm run create-admin -- --email you@example.com --password 'at least 8 characters'";

async function main(): Promise<number> {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (!values.email) {
    console.error(`--email is required.\n${usage}`);
    return 2;
  }
  const password = values.password ?? process.env.ADMIN_PASSWORD;

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot create an admin: ${error.message}`);
      return 1;
    }
    throw error;
  }
  setLogLevel(config.logLevel === "debug" ? "debug" : "warn");

  const db = openDatabase(config.database);
  // No mail is sent: the account is confirmed directly.
  const resources = createAuth(config, db, { mailer: { send: async () => ({ via: "outbox", file: "" }), close() {} } });
  try {
    await assertReachable(db, config.database);
    // A fresh install may not have started the server yet: make sure the tables exist.
    await migrateToLatest(db);
    const result = await createOrPromoteAdmin(resources.auth, db, { email: values.email, password });
    const where = config.database.dialect === "sqlite" ? config.database.file : "PostgreSQL (DATABASE_URL)";
    if (result.action === "created") console.log(`Created admin ${result.email} in ${where}. Sign in at ${config.baseUrl}/auth`);
    else console.log(`Promoted ${result.email} to admin in ${where}${result.passwordChanged ? " and set the new password" : ""}. Sign in at ${config.baseUrl}/auth`);
    return 0;
  } catch (error) {
    console.error(`Cannot create an admin: ${(error as Error).message}`);
    return 1;
  } finally {
    await resources.close();
    await db.destroy();
  }
}

process.exitCode = await main();
