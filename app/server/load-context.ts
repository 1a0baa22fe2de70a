import { createContext, RouterContextProvider } from "react-router";
import type { Auth } from "./auth/auth.server";
import type { AppConfig } from "./config.server";
import type { DB } from "./db/connection.server";
import type { MailQueue } from "./mail/outbox.server";

/**
 * What the server hands every request: the one way the database handle and the configuration
 * reach route code. Loaders, actions and middleware read it from React Router's typed context,
 * `context.get(appContext)`.
 */
export interface AppServices {
  db: DB;
  config: AppConfig;
  /** better-auth: sessions, sign-in, the admin role (app/server/auth/). */
  auth: Auth;
  /** The folder the site's own files (/images/*) are read from; server.js decides it. */
  publicDir: string;
  /** The mail outbox every message is written to (the worker sends it), shared with the account mail. */
  mail: MailQueue;
  /**
   * The client's address as TRUST_PROXY says to read it (auth/client-address.server.ts), for
   * the abuse limits; absent where no HTTP connection exists (tests, scripts).
   */
  clientAddress?: string | null;
}

export const appContext = createContext<AppServices>();

/** A request's context holding `services`, as the server builds it for each request (and tests for theirs). */
export function requestContext(services: AppServices): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, services);
  return context;
}
