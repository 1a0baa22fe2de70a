import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting the site reads from the environment, validated once at start-up.
 * A bad value throws ConfigError whose message is the one line an operator needs to see.
 */

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    error: "must be true or false",
  })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((value) => value.replace(/\/+$/, ""));

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("127.0.0.1"),
  BASE_URL: httpUrl.optional(),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), {
      message: "must be a postgres:// or postgresql:// URL (leave it unset to use SQLite)",
    })
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/.+/.test(value), { message: "must be an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: z.string().trim().min(3, "must be an address such as Sauna Reviews <no-reply@example.com>").optional(),
  SURVEY_FORM_URL: httpUrl.optional(),
  SEED_SAMPLE_CONTENT: booleanText.default(true),
  IMAGE_CACHE_MAX_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .int("must be a whole number of megabytes")
    .min(16, "must be at least 16 (megabytes)")
    .max(1_048_576, "must be at most 1048576 (1 TB)")
    .default(512),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"], { error: "must be debug, info, warn, error or silent" }).default("info"),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Public origin without a trailing slash, e.g. https://saunas.example.com */
  baseUrl: string;
  dataDir: string;
  database: { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  surveyFormUrl: string | undefined;
  seedSampleContent: boolean;
  /** The image route's disk cache budget, in bytes (IMAGE_CACHE_MAX_MB). */
  imageCacheMaxBytes: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Treat "" like unset: `FOO= npm start` is how people clear a variable. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const given = env[name];
    throw new ConfigError(`Invalid setting ${name}${given !== undefined ? `="${given}"` : ""}: ${issue.message}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  ensureWritableDir(dataDir);

  return {
    port: values.PORT,
    host: values.HOST,
    baseUrl: values.BASE_URL ?? `http://${values.HOST === "0.0.0.0" ? "localhost" : values.HOST}:${values.PORT}`,
    dataDir,
    database: values.DATABASE_URL
      ? { dialect: "postgres", url: values.DATABASE_URL }
      : { dialect: "sqlite", file: path.join(dataDir, "sauna-reviews.sqlite") },
    authSecret: values.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? "Sauna Reviews <no-reply@localhost>",
    surveyFormUrl: values.SURVEY_FORM_URL,
    seedSampleContent: values.SEED_SAMPLE_CONTENT,
    imageCacheMaxBytes: values.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    logLevel: values.LOG_LEVEL,
  };
}

function ensureWritableDir(dir: string) {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`Invalid setting DATA_DIR="${dir}": cannot create it (${(error as Error).message})`);
  }
}

/**
 * A secret generated once and kept beside the data, so sessions survive restarts without the
 * operator having to invent one. Mode 0600: it signs every session cookie.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
