import { betterAuth } from "better-auth";
import type pg from "pg";
import { admin } from "better-auth/plugins";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/auth/password-rules";
import { SITE_NAME } from "~/lib/site/site-navigation";
import type { AppConfig } from "../config.server";
import { createPostgresPool, type DB } from "../db/connection.server";
import { log } from "../log.server";
import { confirmationMail, passwordResetMail } from "../mail/account-mail";
import type { MailMessage } from "../mail/mailer.server";
import { createMailQueue, type MailQueue } from "../mail/outbox.server";
import { allowedOrigins } from "./origin.server";

/**
 * The better-auth instance: email and password with a confirmed address required, and the admin
 * plugin's role column (docs/decisions/0010 and 0011). Sign-up never grants the admin role (an
 * admin or create-admin does), and sign-in waits until the address is confirmed.
 *
 * - Tables come from our own migration (ADR 0004); better-auth never migrates anything itself.
 * - On SQLite it shares our Kysely instance. On PostgreSQL it gets its own pg.Pool, because our
 *   pool parses int8 and date differently from what better-auth expects (it wants Date objects).
 * - The confirmation link points at /auth/callback, which verifies the token and says what
 *   happened, instead of better-auth's bare JSON endpoint.
 * - better-auth's own rate limiter is off: it cannot see client addresses here and would put
 *   every visitor in one shared bucket. The credential endpoints our forms already serve are
 *   closed in the HTTP handler, and the forms apply our limiter (rate-limit.server.ts).
 */

export const CONFIRMATION_LINK_HOURS = 24;
/** A reset link is a key to the account: short-lived, and used once. */
export const RESET_LINK_MINUTES = 60;
export { MIN_PASSWORD_LENGTH };

/** Paths of better-auth's HTTP handler that our /auth forms serve instead (one door, one limiter). */
export const PATHS_SERVED_BY_OUR_FORMS = [
  "/sign-in/email",
  "/sign-up/email",
  "/send-verification-email",
  "/verify-email",
  "/request-password-reset",
  "/reset-password",
  "/forget-password",
];

/** How passwords are hashed and checked; better-auth's own (scrypt, N=16384, on libuv's pool) unless given. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

function buildAuth(
  config: AppConfig,
  database: pg.Pool | { db: DB; type: "sqlite" },
  queueMail: (message: MailMessage) => Promise<unknown>,
  password?: PasswordHashing,
) {
  return betterAuth({
    appName: SITE_NAME,
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database,
    trustedOrigins: allowedOrigins(config.baseUrl),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // Sign-up never signs in: the address must be confirmed first.
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      password,
      // Whoever had the old password (perhaps the reason for the reset) is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${config.baseUrl}/auth/reset?token=${encodeURIComponent(token)}`;
        await queueMail(passwordResetMail(user.email, link, RESET_LINK_MINUTES));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: CONFIRMATION_LINK_HOURS * 60 * 60,
      async sendVerificationEmail({ user, token }) {
        const link = `${config.baseUrl}/auth/callback?token=${encodeURIComponent(token)}`;
        await queueMail(confirmationMail(user.email, link, CONFIRMATION_LINK_HOURS));
      },
    },
    // Sign-up never grants admin; an admin on /admin/users or scripts/create-admin.ts does.
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    rateLimit: { enabled: false },
    disabledPaths: PATHS_SERVED_BY_OUR_FORMS,
    // Reset tokens are kept as their SHA-256: whoever reads the database (a backup, a leaked
    // dump) holds nothing that resets a password. Confirmation links are signed tokens that are
    // never stored.
    verification: { storeIdentifier: "hashed" },
    telemetry: { enabled: false },
    logger: {
      level: config.logLevel === "debug" ? "debug" : "warn",
      log(level, message) {
        (level === "error" ? log.error : level === "warn" ? log.warn : level === "debug" ? log.debug : log.info)(`auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof buildAuth>;

export interface AuthResources {
  auth: Auth;
  /** Ends the PostgreSQL pool (if any). */
  close(): Promise<void>;
}

/**
 * `passwordHashing` is for tests that replay hundreds of sign-ins, where the hash's deliberate
 * cost (about 150 ms each on a 2-core machine) is all the time the test takes; the site never
 * passes it.
 */
export function createAuth(
  config: AppConfig,
  db: DB,
  options: { mail?: MailQueue | null; passwordHashing?: PasswordHashing } = {},
): AuthResources {
  // Account mail is written to the outbox the moment the library asks for it (the library's own
  // writes are not ours to join), under the recipient's daily cap; the worker sends it. `mail:
  // null` is create-admin's: the account is confirmed directly and nothing is mailed.
  const mail = options.mail === undefined ? createMailQueue(config) : options.mail;
  const queueMail = (message: MailMessage) => (mail ? mail.queue(db, message) : Promise.resolve());
  // Its own pool (the library speaks to pg directly), with the same time limits and the same
  // handling of a dropped idle connection as the site's: without that, a database restart within
  // ten seconds of a sign-in page being shown stopped the whole process.
  const pool = config.database.dialect === "postgres" ? createPostgresPool(config.database.url, { max: 5 }) : undefined;
  const auth = buildAuth(config, pool ?? { db, type: "sqlite" }, queueMail, options.passwordHashing);
  return {
    auth,
    async close() {
      await pool?.end();
    },
  };
}
