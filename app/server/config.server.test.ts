import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sauna-config-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe("loadConfig", () => {
  it("uses the documented defaults: port 3000 on 127.0.0.1, SQLite in DATA_DIR, seeding on", () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.baseUrl).toBe("http://127.0.0.1:3000");
    expect(config.database).toEqual({ dialect: "sqlite", file: path.join(dataDir, "sauna-reviews.sqlite") });
    expect(config.seedSampleContent).toBe(true);
    expect(config.surveyFormUrl).toBeUndefined();
  });

  it("switches to PostgreSQL for a postgres:// or postgresql:// DATABASE_URL", () => {
    expect(load({ DATABASE_URL: "postgres://u:p@db:5432/site" }).database).toEqual({
      dialect: "postgres",
      url: "postgres://u:p@db:5432/site",
    });
    expect(load({ DATABASE_URL: "postgresql://db/site" }).database.dialect).toBe("postgres");
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid setting PORT="abc": must be a port number'],
    [{ PORT: "70000" }, 'Invalid setting PORT="70000": must be between 1 and 65535'],
    [{ PORT: "30.5" }, 'Invalid setting PORT="30.5": must be a whole number'],
    [{ DATABASE_URL: "mysql://x" }, 'Invalid setting DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL'],
    [{ BASE_URL: "ftp://example.com" }, 'Invalid setting BASE_URL="ftp://example.com": must be an http(s) URL'],
    [{ SURVEY_FORM_URL: "javascript:alert(1)" }, "Invalid setting SURVEY_FORM_URL"],
    [{ SEED_SAMPLE_CONTENT: "maybe" }, 'Invalid setting SEED_SAMPLE_CONTENT="maybe": must be true or false'],
    [{ PAGE_VIEWS: "sometimes" }, 'Invalid setting PAGE_VIEWS="sometimes": must be true or false'],
    [{ AUTH_SECRET: "short" }, 'Invalid setting AUTH_SECRET="short": must be at least 32 characters'],
    [{ SMTP_URL: "mail.example.com" }, 'Invalid setting SMTP_URL="mail.example.com": must be an smtp:// or smtps:// URL'],
    [{ LOG_LEVEL: "loud" }, 'Invalid setting LOG_LEVEL="loud"'],
    [{ PAGE_CACHE_MB: "lots" }, 'Invalid setting PAGE_CACHE_MB="lots": must be a number of megabytes (0 turns the page cache off)'],
    [{ PAGE_CACHE_MB: "-1" }, 'Invalid setting PAGE_CACHE_MB="-1": must be 0 (off) or more megabytes'],
    [{ PAGE_CACHE_MB: "1.5" }, 'Invalid setting PAGE_CACHE_MB="1.5": must be a whole number of megabytes'],
    [{ IMAGE_CACHE_MAX_MB: "lots" }, 'Invalid setting IMAGE_CACHE_MAX_MB="lots": must be a number of megabytes'],
    [{ IMAGE_CACHE_MAX_MB: "1.5" }, 'Invalid setting IMAGE_CACHE_MAX_MB="1.5": must be a whole number of megabytes'],
    [{ IMAGE_CACHE_MAX_MB: "8" }, 'Invalid setting IMAGE_CACHE_MAX_MB="8": must be at least 16 (megabytes)'],
    [{ IMAGE_STORAGE: "s3" }, 'Invalid setting IMAGE_STORAGE="s3": must be disk (files under DATA_DIR/storage) or database'],
    [{ JOB_CHECK_SECONDS: "0" }, 'Invalid setting JOB_CHECK_SECONDS="0": must be at least 1 second'],
    [{ AUDIT_RETENTION_DAYS: "0" }, 'Invalid setting AUDIT_RETENTION_DAYS="0": must be at least 1 day'],
    [{ AUDIT_RETENTION_DAYS: "a year" }, 'Invalid setting AUDIT_RETENTION_DAYS="a year": must be a number of days'],
    [
      { CLICKS_RAW_RETENTION_MONTHS: "3" },
      'Invalid setting CLICKS_RAW_RETENTION_MONTHS="3": must be at least 4 months: the click and revenue reports read 90 days of them',
    ],
    [{ CLICKS_RAW_RETENTION_MONTHS: "13.5" }, 'Invalid setting CLICKS_RAW_RETENTION_MONTHS="13.5": must be a whole number of months'],
    [
      { PAGE_VIEWS_RETENTION_MONTHS: "1201" },
      'Invalid setting PAGE_VIEWS_RETENTION_MONTHS="1201": must be at most 1200 months (100 years)',
    ],
    [{ PRICE_HISTORY_DETAIL_DAYS: "0" }, 'Invalid setting PRICE_HISTORY_DETAIL_DAYS="0": must be at least 1 day'],
    [{ FEED_RUN_DETAILS_DAYS: "90d" }, 'Invalid setting FEED_RUN_DETAILS_DAYS="90d": must be a number of days'],
    [{ RUNS_RETENTION_DAYS: "-5" }, 'Invalid setting RUNS_RETENTION_DAYS="-5": must be at least 1 day'],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
    try {
      load(env);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("gives the page cache 64 MB unless told otherwise; 0 turns it off", () => {
    expect(load({}).pageCacheBytes).toBe(64 * 1024 * 1024);
    expect(load({ PAGE_CACHE_MB: "16" }).pageCacheBytes).toBe(16 * 1024 * 1024);
    expect(load({ PAGE_CACHE_MB: "0" }).pageCacheBytes).toBe(0);
  });

  it("bounds the image cache at 512 MB unless IMAGE_CACHE_MAX_MB says otherwise", () => {
    expect(load({}).imageCacheMaxBytes).toBe(512 * 1024 * 1024);
    expect(load({ IMAGE_CACHE_MAX_MB: "2048" }).imageCacheMaxBytes).toBe(2048 * 1024 * 1024);
  });

  it("keeps uploads on disk with SQLite and in the database with PostgreSQL, unless STORAGE (or its old name IMAGE_STORAGE) says otherwise", () => {
    expect(load({}).storage).toBe("disk");
    expect(load({ DATABASE_URL: "postgres://db.example/sauna" }).storage).toBe("database");
    expect(load({ DATABASE_URL: "postgres://db.example/sauna", IMAGE_STORAGE: "disk" }).storage).toBe("disk");
    expect(load({ IMAGE_STORAGE: "database" }).storage).toBe("database");
    expect(load({ STORAGE: "database", IMAGE_STORAGE: "disk" }).storage).toBe("database");
  });

  it("keeps the audit log a year unless AUDIT_RETENTION_DAYS says otherwise", () => {
    expect(load({}).auditRetentionDays).toBe(365);
    expect(load({ AUDIT_RETENTION_DAYS: "90" }).auditRetentionDays).toBe(90);
  });

  it("keeps raw clicks and per-page views 13 months, price changes, feed run lists and finished runs 90 days, unless told otherwise", () => {
    expect(load({}).retention).toEqual({
      clicksRawMonths: 13,
      pageViewsMonths: 13,
      priceHistoryDetailDays: 90,
      feedRunDetailsDays: 90,
      runsDays: 90,
    });
    expect(load({ CLICKS_RAW_RETENTION_MONTHS: "25", FEED_RUN_DETAILS_DAYS: "30", RUNS_RETENTION_DAYS: "14" }).retention).toMatchObject({
      clicksRawMonths: 25,
      feedRunDetailsDays: 30,
      runsDays: 14,
    });
  });

  it("looks for due periodic jobs every minute unless JOB_CHECK_SECONDS says otherwise", () => {
    expect(load({}).jobCheckMs).toBe(60_000);
    expect(load({ JOB_CHECK_SECONDS: "5" }).jobCheckMs).toBe(5_000);
  });

  it("reads booleans the way people write them", () => {
    expect(load({ SEED_SAMPLE_CONTENT: "false" }).seedSampleContent).toBe(false);
    expect(load({ SEED_SAMPLE_CONTENT: "0" }).seedSampleContent).toBe(false);
    expect(load({ SEED_SAMPLE_CONTENT: "yes" }).seedSampleContent).toBe(true);
    expect(load({}).pageViews).toBe(true);
    expect(load({ PAGE_VIEWS: "off" }).pageViews).toBe(false);
  });

  it("treats an empty value as unset", () => {
    expect(load({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
    expect(load({ DATABASE_URL: "" }).database.dialect).toBe("sqlite");
  });

  it("drops a trailing slash from BASE_URL, so links never get a double slash", () => {
    expect(load({ BASE_URL: "https://saunas.example.com/" }).baseUrl).toBe("https://saunas.example.com");
  });

  it("generates AUTH_SECRET into DATA_DIR once, readable only by the owner, and keeps it", () => {
    const first = load({}).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(load({}).authSecret).toBe(first);
  });

  it("prefers an AUTH_SECRET from the environment", () => {
    const secret = "s".repeat(40);
    expect(load({ AUTH_SECRET: secret }).authSecret).toBe(secret);
  });

  it("creates DATA_DIR owner-only (0700)", () => {
    const fresh = path.join(dataDir, "new", "data");
    expect(loadConfig({ DATA_DIR: fresh }).dataDir).toBe(fresh);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });

  it("reads the price and country settings, with their defaults", () => {
    expect(load({}).prices).toEqual({ country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 });
    expect(load({}).geo).toEqual({ countryHeader: null, geoipDb: null });
    const file = path.join(dataDir, "GeoLite2-Country.mmdb");
    writeFileSync(file, "");
    const config = load({
      SITE_COUNTRY: "de",
      SITE_CURRENCY: "eur",
      PRICE_MAX_AGE: "6",
      GEO_COUNTRY_HEADER: "CF-IPCountry",
      GEOIP_DB: file,
    });
    expect(config.prices).toEqual({ country: "DE", currency: "EUR", maxAgeMs: 6 * 3_600_000 });
    expect(config.geo).toEqual({ countryHeader: "cf-ipcountry", geoipDb: file });
  });

  it.each([
    [{ SITE_COUNTRY: "Germany" }, 'Invalid setting SITE_COUNTRY="Germany": must be a two-letter ISO 3166-1 country code such as US or DE'],
    [{ SITE_CURRENCY: "$" }, 'Invalid setting SITE_CURRENCY="$": must be a three-letter ISO 4217 currency code such as USD or EUR'],
    [{ PRICE_MAX_AGE: "0" }, 'Invalid setting PRICE_MAX_AGE="0": must be more than 0 hours'],
    [{ PRICE_MAX_AGE: "a day" }, 'Invalid setting PRICE_MAX_AGE="a day": must be a number of hours'],
    [
      { GEO_COUNTRY_HEADER: "CF IPCountry" },
      'Invalid setting GEO_COUNTRY_HEADER="CF IPCountry": must be a header name such as CF-IPCountry',
    ],
    [
      { GEOIP_DB: "/no/such/file.mmdb" },
      'Invalid setting GEOIP_DB="/no/such/file.mmdb": must be the path of a MaxMind .mmdb country or city database; no file is there',
    ],
  ])("refuses a wrong price or country setting: %j", (env, message) => {
    expect(() => load(env)).toThrow(message);
  });

  it("reads TRUST_PROXY as off or a number of proxies, and refuses anything else", () => {
    expect(load({}).trustProxyHops).toBe(0);
    expect(load({ TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
    expect(load({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    expect(load({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    for (const bad of ["true", "yes", "loopback", "-1", "10.0.0.0/8"]) {
      expect(() => load({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => load({ TRUST_PROXY: "true" })).toThrow(/Invalid setting TRUST_PROXY="true": must be false .* or the number of proxies/);
  });

  it("checks shop links only on demand unless LINK_CHECK_INTERVAL names a time from 15 minutes to a week", () => {
    expect(load({}).linkCheckIntervalMs).toBeNull();
    expect(load({ LINK_CHECK_INTERVAL: "off" }).linkCheckIntervalMs).toBeNull();
    expect(load({ LINK_CHECK_INTERVAL: "6h" }).linkCheckIntervalMs).toBe(6 * 3_600_000);
    expect(load({ LINK_CHECK_INTERVAL: "1d" }).linkCheckIntervalMs).toBe(86_400_000);
    expect(load({ LINK_CHECK_INTERVAL: "90m" }).linkCheckIntervalMs).toBe(90 * 60_000);
    for (const bad of ["6", "5m", "8d", "daily", "-1h"]) {
      expect(() => load({ LINK_CHECK_INTERVAL: bad }), bad).toThrow(ConfigError);
    }
    expect(() => load({ LINK_CHECK_INTERVAL: "6" })).toThrow(
      /Invalid setting LINK_CHECK_INTERVAL="6": must be off, or a time from 15m to 7d/,
    );
  });

  it("reads merchant feeds up to 200 MB unless FEED_MAX_MB says otherwise", () => {
    expect(load({}).feedMaxBytes).toBe(200 * 1024 * 1024);
    expect(load({ FEED_MAX_MB: "5" }).feedMaxBytes).toBe(5 * 1024 * 1024);
    expect(() => load({ FEED_MAX_MB: "0" })).toThrow(/Invalid setting FEED_MAX_MB="0"/);
  });

  it("gives each shop link 10 seconds unless LINK_CHECK_TIMEOUT says otherwise (1s to 60s)", () => {
    expect(load({}).linkCheckTimeoutMs).toBe(10_000);
    expect(load({ LINK_CHECK_TIMEOUT: "3s" }).linkCheckTimeoutMs).toBe(3000);
    for (const bad of ["10", "500ms", "2m", "soon"]) {
      expect(() => load({ LINK_CHECK_TIMEOUT: bad }), bad).toThrow(ConfigError);
    }
  });

  it("lets outbound requests reach no internal range and only ports 80 and 443 unless OUTBOUND_ALLOW_* open more", () => {
    expect(load({}).outbound).toEqual({ allowPrivate: [], allowPorts: [] });
    expect(
      load({ OUTBOUND_ALLOW_PRIVATE: "10.20.0.0/16, FD00::/8,192.168.1.5", OUTBOUND_ALLOW_PORTS: "8080, 9000-9100" }).outbound,
    ).toEqual({
      allowPrivate: ["10.20.0.0/16", "fd00::/8", "192.168.1.5/32"],
      allowPorts: [
        [8080, 8080],
        [9000, 9100],
      ],
    });
    expect(() => load({ OUTBOUND_ALLOW_PRIVATE: "10.0.0.0/8, intranet" })).toThrow(
      /Invalid setting OUTBOUND_ALLOW_PRIVATE="10.0.0.0\/8, intranet": "intranet" is not an address range/,
    );
    for (const bad of ["10.0.0.0/33", "10.0.0/8", "fd00::/129", "10.0.0.0/8/1"]) {
      expect(() => load({ OUTBOUND_ALLOW_PRIVATE: bad }), bad).toThrow(ConfigError);
    }
    for (const bad of ["0", "65536", "90-80", "http", "8080:8081"]) {
      expect(() => load({ OUTBOUND_ALLOW_PORTS: bad }), bad).toThrow(/Invalid setting OUTBOUND_ALLOW_PORTS/);
    }
  });
});
