import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseDuration } from "~/lib/text/duration-text";
import { FEED_MAX_BYTES } from "~/lib/admin/upload-limits";
import { CLICK_PERIODS } from "~/lib/clicks/click-period";
import { parseAllowedPorts, parseAllowedRanges, type OutboundPolicy } from "./outbound/outbound-policy.server";

/**
 * Every setting the site reads from the environment, validated once at start-up.
 * A bad value throws ConfigError whose message is the one line an operator needs to see.
 */

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    error: "must be true or false",
  })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).transform((value) => value.replace(/\/+$/, ""));

/** Timers cannot wait longer than 2^31-1 ms (24.8 days); a week keeps far from it. */
const LINK_CHECK_INTERVAL_MS = { min: 15 * 60_000, max: 7 * 86_400_000 };
const LINK_CHECK_TIMEOUT_MS = { min: 1000, max: 60_000 };

const linkCheckInterval = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (/^(off|false|no|0)$/i.test(value)) return null;
    const ms = parseDuration(value);
    if (ms === null || ms < LINK_CHECK_INTERVAL_MS.min || ms > LINK_CHECK_INTERVAL_MS.max) {
      ctx.addIssue({ code: "custom", message: "must be off, or a time from 15m to 7d such as 6h, 12h or 1d" });
      return z.NEVER;
    }
    return ms;
  })
  .default(null);

const linkCheckTimeout = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const ms = parseDuration(value);
    if (ms === null || ms < LINK_CHECK_TIMEOUT_MS.min || ms > LINK_CHECK_TIMEOUT_MS.max) {
      ctx.addIssue({ code: "custom", message: "must be a time from 1s to 60s, such as 10s" });
      return z.NEVER;
    }
    return ms;
  })
  .default(10_000);

/**
 * The fewest months raw clicks and per-page views are kept: the click and revenue reports read
 * them for their longest period (90 days), which must never reach a day already cleared.
 */
const MIN_REPORTED_MONTHS = Math.ceil(Math.max(...CLICK_PERIODS) / 28);

/** How long a kind of row is kept (docs/decisions/0104): a whole number of days or months in a range. */
function keptFor(unit: "days" | "months", min: number, max: number, fallback: number, why = "") {
  const one = unit === "days" ? "day" : "month";
  return z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be at least ${min} ${min === 1 ? one : unit}${why}`)
    .max(max, `must be at most ${max} ${unit} (100 years)`)
    .default(fallback);
}

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: "must be a two-letter ISO 3166-1 country code such as US or DE" })
  .transform((value) => value.toUpperCase());

/** A comma-separated list read by `parse` (unset is an empty list), whose error names the entry that is wrong. */
function listSetting<T>(parse: (text: string) => { value: T } | { error: string }) {
  return z
    .string()
    .default("")
    .transform((value, ctx) => {
      const parsed = parse(value);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.value;
    });
}

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
  PAGE_VIEWS: booleanText.default(true),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number of megabytes (0 turns the page cache off)" })
    .int("must be a whole number of megabytes")
    .min(0, "must be 0 (off) or more megabytes")
    .max(4096, "must be at most 4096 megabytes")
    .default(64),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(false|off|no|0|[1-9])$/, {
      message: "must be false (no proxy: the connection's address is the client) or the number of proxies in front of the site, e.g. 1",
    })
    .transform((value) => (/^[1-9]$/.test(value) ? Number(value) : 0))
    .default(0),
  IMAGE_CACHE_MAX_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .int("must be a whole number of megabytes")
    .min(16, "must be at least 16 (megabytes)")
    .max(1_048_576, "must be at most 1048576 (1 TB)")
    .default(512),
  STORAGE: z.enum(["disk", "database"], { error: "must be disk (files under DATA_DIR/storage) or database" }).optional(),
  // The setting's first name, from when it held only pictures; STORAGE wins when both are set.
  IMAGE_STORAGE: z.enum(["disk", "database"], { error: "must be disk (files under DATA_DIR/storage) or database" }).optional(),
  JOB_CHECK_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1 second")
    .max(3600, "must be at most 3600 seconds")
    .default(60),
  AUDIT_RETENTION_DAYS: keptFor("days", 1, 36_500, 365),
  CLICKS_RAW_RETENTION_MONTHS: keptFor("months", MIN_REPORTED_MONTHS, 1_200, 13, ": the click and revenue reports read 90 days of them"),
  PAGE_VIEWS_RETENTION_MONTHS: keptFor("months", MIN_REPORTED_MONTHS, 1_200, 13, ": the revenue report reads 90 days of them"),
  PRICE_HISTORY_DETAIL_DAYS: keptFor("days", 1, 36_500, 90),
  FEED_RUN_DETAILS_DAYS: keptFor("days", 1, 36_500, 90),
  RUNS_RETENTION_DAYS: keptFor("days", 1, 36_500, 90),
  FEED_MAX_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .int("must be a whole number of megabytes")
    .min(1, "must be at least 1 (megabyte)")
    .max(4096, "must be at most 4096 megabytes")
    .default(FEED_MAX_BYTES / 1024 / 1024),
  LINK_CHECK_INTERVAL: linkCheckInterval,
  LINK_CHECK_TIMEOUT: linkCheckTimeout,
  LINK_CHECK_SHOP_DAILY: z.coerce
    .number({ error: "must be a whole number from 100 to 1000000" })
    .int({ error: "must be a whole number from 100 to 1000000" })
    .min(100, { error: "must be a whole number from 100 to 1000000" })
    .max(1_000_000, { error: "must be a whole number from 100 to 1000000" })
    .default(5_000),
  OUTBOUND_ALLOW_PRIVATE: listSetting(parseAllowedRanges),
  OUTBOUND_ALLOW_PORTS: listSetting(parseAllowedPorts),
  WORKER: z.enum(["process", "off"], { error: "must be process or off" }).default("process"),
  WORKER_CONCURRENCY: z.coerce
    .number({ error: "must be a whole number from 1 to 16" })
    .int({ error: "must be a whole number from 1 to 16" })
    .min(1, { error: "must be a whole number from 1 to 16" })
    .max(16, { error: "must be a whole number from 1 to 16" })
    .default(2),
  WORKER_NICE: z.coerce
    .number({ error: "must be a whole number from 0 to 19" })
    .int({ error: "must be a whole number from 0 to 19" })
    .min(0, { error: "must be a whole number from 0 to 19" })
    .max(19, { error: "must be a whole number from 0 to 19" })
    .default(10),
  WORKER_DATABASE_SHARE: z.coerce
    .number({ error: "must be a number from 0.1 to 1" })
    .min(0.1, { error: "must be a number from 0.1 to 1" })
    .max(1, { error: "must be a number from 0.1 to 1" })
    .default(0.5),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"], { error: "must be debug, info, warn, error or silent" }).default("info"),
  SITE_COUNTRY: countryCode.default("US"),
  SITE_CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, { message: "must be a three-letter ISO 4217 currency code such as USD or EUR" })
    .transform((value) => value.toUpperCase())
    .default("USD"),
  PRICE_MAX_AGE: z.coerce
    .number({ error: "must be a number of hours" })
    .positive("must be more than 0 hours")
    .max(8760, "must be at most 8760 hours (a year)")
    .default(24),
  GEO_COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, { message: "must be a header name such as CF-IPCountry" })
    .transform((value) => value.toLowerCase())
    .optional(),
  GEOIP_DB: z
    .string()
    .trim()
    .refine((value) => existsSync(value), { message: "must be the path of a MaxMind .mmdb country or city database; no file is there" })
    .optional(),
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
  /** Count anonymous views of public pages (PAGE_VIEWS); off: the revenue report shows no views. */
  pageViews: boolean;
  /** The image route's disk cache budget, in bytes (IMAGE_CACHE_MAX_MB). */
  imageCacheMaxBytes: number;
  /**
   * Where uploaded product pictures are kept: files under DATA_DIR/storage (one machine), or the
   * database, which every instance sharing it can read (the default on PostgreSQL).
   */
  storage: "disk" | "database";
  /** How often each instance looks whether a periodic job is due, in milliseconds. */
  jobCheckMs: number;
  /**
   * Owner work (feeds, imports, reports, link checks, mail): `process`, a worker process that
   * `npm start` starts beside the web process; `off`, none here (`npm run worker` runs it elsewhere).
   */
  worker: "process" | "off";
  /** Runs one worker process takes on at once (WORKER_CONCURRENCY). */
  workerConcurrency: number;
  /** The worker process's CPU priority below the web process's (WORKER_NICE, as `nice`). */
  workerNice: number;
  /**
   * PostgreSQL: while readers are being served, the worker's database time as a share of the clock
   * (WORKER_DATABASE_SHARE, 0.1–1; 1 never paces it). See jobs/reader-pacing.server.ts.
   */
  workerDatabaseShare: number;
  /** How long the admin audit log keeps a row (AUDIT_RETENTION_DAYS); older rows are deleted once a day. */
  auditRetentionDays: number;
  /**
   * How long the rows that grow with traffic and owner work are kept in full (docs/decisions/0104):
   * raw clicks and their sub-IDs and per-page views in months, the rest in days. The daily click
   * roll-ups and the feed runs' counts stay for ever.
   */
  retention: {
    clicksRawMonths: number;
    pageViewsMonths: number;
    priceHistoryDetailDays: number;
    feedRunDetailsDays: number;
    runsDays: number;
  };
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Memory the whole-page cache may use, in bytes; 0 turns it off. */
  pageCacheBytes: number;
  /**
   * How many proxies in front of the site to believe: 0 takes the connection's address as the
   * client's; N takes the address the Nth proxy saw (from the end of X-Forwarded-For). Only for
   * the abuse limits; see client-address.server.ts.
   */
  trustProxyHops: number;
  /** The largest merchant feed read (FEED_MAX_MB), in bytes after unpacking; a larger one is refused whole. */
  feedMaxBytes: number;
  /** How often every shop link is checked (LINK_CHECK_INTERVAL), in ms; null: only on demand. */
  linkCheckIntervalMs: number | null;
  /** How long one link (its whole redirect chain) may take before it counts as a timeout. */
  linkCheckTimeoutMs: number;
  /** The most checks of one shop (host) in a UTC day, over every run (LINK_CHECK_SHOP_DAILY). */
  linkCheckShopDaily: number;
  /**
   * Where the server's own requests (link checks, feeds) may go: public addresses on ports 80
   * and 443, plus the internal ranges (OUTBOUND_ALLOW_PRIVATE) and ports (OUTBOUND_ALLOW_PORTS)
   * the operator opens on purpose.
   */
  outbound: OutboundPolicy;
  /**
   * The one price rule's settings (app/lib/offers/display-price.ts): the country and currency the
   * pages show prices for (SITE_COUNTRY, SITE_CURRENCY) and how long a feed's price is believed
   * without a new run (PRICE_MAX_AGE, in ms here).
   */
  prices: { country: string; currency: string; maxAgeMs: number };
  /**
   * How /go learns the reader's country: a header the operator's proxy sets (GEO_COUNTRY_HEADER,
   * lower case; believed only when TRUST_PROXY is set), else a MaxMind database file (GEOIP_DB),
   * else the site's country.
   */
  geo: { countryHeader: string | null; geoipDb: string | null };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Treat "" like unset: `FOO= npm start` is how people clear a variable. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""));
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
    pageViews: values.PAGE_VIEWS,
    imageCacheMaxBytes: values.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    storage: values.STORAGE ?? values.IMAGE_STORAGE ?? (values.DATABASE_URL ? "database" : "disk"),
    jobCheckMs: values.JOB_CHECK_SECONDS * 1000,
    worker: values.WORKER,
    workerConcurrency: values.WORKER_CONCURRENCY,
    workerNice: values.WORKER_NICE,
    workerDatabaseShare: values.WORKER_DATABASE_SHARE,
    auditRetentionDays: values.AUDIT_RETENTION_DAYS,
    retention: {
      clicksRawMonths: values.CLICKS_RAW_RETENTION_MONTHS,
      pageViewsMonths: values.PAGE_VIEWS_RETENTION_MONTHS,
      priceHistoryDetailDays: values.PRICE_HISTORY_DETAIL_DAYS,
      feedRunDetailsDays: values.FEED_RUN_DETAILS_DAYS,
      runsDays: values.RUNS_RETENTION_DAYS,
    },
    logLevel: values.LOG_LEVEL,
    pageCacheBytes: values.PAGE_CACHE_MB * 1024 * 1024,
    trustProxyHops: values.TRUST_PROXY,
    feedMaxBytes: values.FEED_MAX_MB * 1024 * 1024,
    linkCheckIntervalMs: values.LINK_CHECK_INTERVAL,
    linkCheckTimeoutMs: values.LINK_CHECK_TIMEOUT,
    linkCheckShopDaily: values.LINK_CHECK_SHOP_DAILY,
    outbound: { allowPrivate: values.OUTBOUND_ALLOW_PRIVATE, allowPorts: values.OUTBOUND_ALLOW_PORTS },
    prices: { country: values.SITE_COUNTRY, currency: values.SITE_CURRENCY, maxAgeMs: Math.round(values.PRICE_MAX_AGE * 3_600_000) },
    geo: { countryHeader: values.GEO_COUNTRY_HEADER ?? null, geoipDb: values.GEOIP_DB ?? null },
  };
}

/** Owner-only (0700): the folder holds the database, its sessions and the auth secret. */
function ensureWritableDir(dir: string) {
  try {
    const existed = existsSync(dir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is filtered by the umask, and an existing folder keeps whatever it had.
    if (!existed) chmodSync(dir, 0o700);
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
