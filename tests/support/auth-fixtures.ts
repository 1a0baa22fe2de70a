import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { createAuth, type Auth } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/config.server";
import { createLinkChecking, linkCheckSettingsFrom } from "~/server/links/link-checking.server";
import type { MailMessage, Mailer } from "~/server/mail/mailer.server";
import type { TestDatabase } from "./test-databases";

/**
 * An AppLoadContext for integration tests of auth and admin code: the test database, a config
 * pointing at it, a real better-auth instance, and a mailer that keeps messages in memory.
 */

export const TEST_BASE_URL = "http://127.0.0.1:3000";
export const SAME_SITE = { origin: TEST_BASE_URL };

export interface AuthTestContext {
  context: AppLoadContext;
  auth: Auth;
  mails: MailMessage[];
  dataDir: string;
  close(): Promise<void>;
}

export function makeAuthContext(test: TestDatabase): AuthTestContext {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sauna-auth-"));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      AUTH_SECRET: "integration-test-secret-that-is-long-enough",
      BASE_URL: TEST_BASE_URL,
      LOG_LEVEL: "warn",
    }),
    database: test.database,
  };
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mails.push(message);
      return { via: "outbox", file: "(memory)" };
    },
    close() {},
  };
  const resources = createAuth(config, test.db, { mailer });
  const linkChecks = createLinkChecking(test.db, linkCheckSettingsFrom(config), null);
  return {
    context: {
      db: test.db,
      config,
      auth: resources.auth,
      publicDir: path.resolve("public"),
      // The site's mailer, as createSite hands it on: under the per-recipient daily cap.
      mailer: resources.mailer,
      clientAddress: "127.0.0.1",
      linkChecks,
    },
    auth: resources.auth,
    mails,
    dataDir,
    async close() {
      await linkChecks.stop();
      await resources.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The confirmation link in the last mail to this address. */
export function confirmationLinkFor(mails: readonly MailMessage[], email: string): string {
  const mail = [...mails].reverse().find((message) => message.to === email);
  const link = mail?.text.match(/https?:\/\/\S+\/auth\/callback\?token=\S+/)?.[0];
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  return link;
}

/** A session cookie header value from a sign-in's Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Creates a confirmed user (admin or not) and signs them in; returns the Cookie header. */
export async function signedInAs(auth: Auth, email: string, options: { admin: boolean }): Promise<string> {
  const password = "correct horse battery staple";
  await auth.api.createUser({
    body: { email, password, name: email.split("@")[0]!, role: options.admin ? "admin" : "user", data: { emailVerified: true } },
  });
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return cookieFrom(headers);
}
