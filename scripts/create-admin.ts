/**
 * `npm run create-admin -- --email you@example.com`
 *
 * Creates a confirmed admin account, or promotes (and confirms) an existing one; either way the
 * account's sign-in limits are cleared. The password comes from ADMIN_PASSWORD or, at a terminal,
 * from a prompt that does not echo it: never from the command line, where it would stay in the
 * shell history and in npm's echo of the command. It reads the same environment as the server
 * (DATA_DIR, DATABASE_URL, AUTH_SECRET, BASE_URL…), so it works on SQLite and PostgreSQL alike,
 * and while the server is running. It ends by printing the sign-in link: on BASE_URL (or PORT and
 * HOST) when this shell sets them, else on the address the site last started with on DATA_DIR.
 */
import { parseArgs } from "node:util";
import { createOrPromoteAdminWithoutMail } from "../app/server/auth/admins.server";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { assertReachable, openDatabase } from "../app/server/db/connection.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { setLogLevel } from "../app/server/log.server";
import { signInAddress } from "../app/server/site-address.server";
import { promptPassword } from "./prompt-password";

const usage = [
  "Usage: npm run create-admin -- --email you@example.com",
  "The password (at least 8 characters) is asked for, or read from ADMIN_PASSWORD.",
  "For an existing account, an empty answer keeps its password.",
].join("\n");

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
  if (values.password !== undefined) {
    console.error("--password is not accepted: it would stay in your shell history. Set ADMIN_PASSWORD or answer the prompt.");
    return 2;
  }
  if (!values.email) {
    console.error(`--email is required.\n${usage}`);
    return 2;
  }

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

  let password = process.env.ADMIN_PASSWORD || undefined;
  if (password === undefined) {
    const answer = await promptPassword(`Password for ${values.email} (not shown; empty keeps an existing account's): `).catch(() => null);
    if (answer === null && !process.stdin.isTTY) {
      console.error("No terminal to ask for the password: set ADMIN_PASSWORD.");
      return 2;
    }
    if (answer === null) return 130;
    password = answer === "" ? undefined : answer;
  }

  const db = openDatabase(config.database);
  try {
    await assertReachable(db, config.database);
    // A fresh install may not have started the server yet: make sure the tables exist.
    await migrateToLatest(db);
    const result = await createOrPromoteAdminWithoutMail(config, db, { email: values.email, password });
    const where = config.database.dialect === "sqlite" ? config.database.file : "PostgreSQL (DATABASE_URL)";
    if (result.action === "created") console.log(`Created admin ${result.email} in ${where}.`);
    else console.log(`Promoted ${result.email} to admin in ${where}${result.passwordChanged ? " and set the new password" : ""}.`);
    const signIn = signInAddress(config, process.env);
    console.log(`Sign in at ${signIn.url}`);
    if (signIn.from === "recorded") console.log("(The address the site last started with on this DATA_DIR.)");
    else if (!process.env.BASE_URL) console.log("(BASE_URL is not set: set it to the address people use, and the link above will use it.)");
    return 0;
  } catch (error) {
    console.error(`Cannot create an admin: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
