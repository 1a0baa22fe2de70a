import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppServices } from "../../app/server/load-context";
import { createAuth, type Auth, type PasswordHashing } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/config.server";
import type { MailMessage } from "~/server/mail/mailer.server";
import { createMailQueue, outboxMessages } from "~/server/mail/outbox.server";
import type { TestDatabase } from "./test-databases";

/**
 * The services a request gets (AppServices), for integration tests of auth and admin code: the test database, a config
 * pointing at it, a real better-auth instance, and the site's mail outbox, which `mails()` reads
 * (no sender runs: a message stays there, as written).
 */

export const TEST_BASE_URL = "http://127.0.0.1:3000";
export const SAME_SITE = { origin: TEST_BASE_URL };

export interface AuthTestContext {
  context: AppServices;
  auth: Auth;
  /** Every message written to the outbox, oldest first. */
  mails(): Promise<MailMessage[]>;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * scrypt at a sixteenth of the site's cost, in the same `salt:key` form. The integration tests
 * sign up and in thousands of times and test what happens around the hash, not better-auth's hash
 * itself (the end-to-end tests and create-admin's test use the site's): at the site's cost, about
 * 150 ms a hash here, hashing was most of their time. An account made with it can only be signed
 * in to by an auth instance that hashes the same way.
 */
export const quickPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await quickKey(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt = "", key = ""] = hash.split(":");
    const expected = Buffer.from(key, "hex");
    const actual = await quickKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

function quickKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N: 1024, r: 16, p: 1 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export function makeAuthContext(
  test: TestDatabase,
  { passwordHashing = quickPasswordHashing }: { passwordHashing?: PasswordHashing } = {},
): AuthTestContext {
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
  const mail = createMailQueue(config);
  const resources = createAuth(config, test.db, { mail, passwordHashing });
  return {
    context: {
      db: test.db,
      config,
      auth: resources.auth,
      publicDir: path.resolve("public"),
      mail,
      clientAddress: "127.0.0.1",
    },
    auth: resources.auth,
    mails: () => outboxMessages(test.db),
    dataDir,
    async close() {
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
