import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import path from "node:path";
import type { AppLoadContext, ServerBuild } from "react-router";
import { loadArticles } from "./articles.server";
import { missingAdminHint } from "./auth/admins.server";
import { createAuth } from "./auth/auth.server";
import { loadConfig, type AppConfig } from "./config.server";
import { withDatabaseOutageResponses } from "./database-outage-responses.server";
import { assertReachable, openDatabase } from "./db/connection.server";
import { migrateToLatest } from "./db/migrate.server";
import { seedSampleContent } from "./db/seed.server";
import "./load-context";
import { log, setLogLevel } from "./log.server";

export interface Site {
  config: AppConfig;
  requestHandler: RequestHandler;
  /** Closes the database; call after the HTTP server has finished its requests. */
  close(): Promise<void>;
}

/**
 * Everything the site needs before it can answer a request: settings validated, database
 * opened and migrated, sample content seeded into an empty database. This module is the
 * server bundle's entry (vite.config.ts), so config, database and routes share one copy.
 */
export async function createSite(
  options: {
    env?: NodeJS.ProcessEnv;
    build?: () => Promise<ServerBuild>;
    /** Where /images/* and the icons are served from: the build's client folder, or public/ in development. */
    publicDir?: string;
  } = {},
): Promise<Site> {
  const config = loadConfig(options.env ?? process.env);
  setLogLevel(config.logLevel);
  loadArticles();

  const db = openDatabase(config.database);
  try {
    await assertReachable(db, config.database);
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log.info(`Database migrated: ${applied.join(", ")}`);
    if (config.seedSampleContent) {
      const outcome = await seedSampleContent(db);
      if (outcome.seeded) log.info(`Seeded sample content: ${outcome.products} products, ${outcome.collections} collections`);
    }
    // ARCHITECTURE D2: one line telling the operator how to create the first admin.
    const adminHint = await missingAdminHint(db);
    if (adminHint) log.info(adminHint);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const authResources = createAuth(config, db);
  const publicDir = path.resolve(options.publicDir ?? "public");
  const context: AppLoadContext = { db, config, auth: authResources.auth, publicDir };
  const build = options.build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const requestHandler = createRequestHandler({
    build: async () => withDatabaseOutageResponses(await build()),
    getLoadContext: () => context,
  });

  log.info(
    `Database: ${config.database.dialect === "sqlite" ? `SQLite at ${config.database.file}` : "PostgreSQL"}; data in ${config.dataDir}`,
  );
  return {
    config,
    requestHandler,
    close: async () => {
      await authResources.close();
      await db.destroy();
    },
  };
}
