import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { Reader, type CountryResponse } from "maxmind";
import { clientAddress } from "../auth/client-address.server";
import { log } from "../log.server";

/**
 * The reader's country, for /go only (pages stay the same for every country, so the page cache
 * keeps serving them). In order: the header the operator's proxy sets (GEO_COUNTRY_HEADER, e.g.
 * CF-IPCountry), believed only behind a proxy (TRUST_PROXY), since without one any client can
 * send it; else the operator's MaxMind database (GEOIP_DB) looked up with the client's address;
 * else unknown (null), and the caller uses the site's country.
 */
export interface ReaderCountry {
  countryOf(req: IncomingMessage): string | null;
}

export interface ReaderCountryOptions {
  /** GEO_COUNTRY_HEADER, any case. */
  header?: string | null;
  /** TRUST_PROXY: 0 means no proxy, so the header is never believed. */
  trustProxyHops: number;
  /** GEOIP_DB: a MaxMind-format country or city database. */
  geoipDb?: string | null;
  /** A lookup to use instead of the file (tests). */
  lookup?: (address: string) => string | null;
}

const COUNTRY = /^[A-Z]{2}$/;
/** Codes proxies use for "not a country": Cloudflare's unknown (XX) and Tor (T1), and the EU/AP blocks of old databases. */
const NOT_A_COUNTRY = new Set(["XX", "T1", "EU", "AP", "ZZ"]);

/** A two-letter code as a country, upper case, or null for anything else. */
export function countryCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return COUNTRY.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
}

/** Reads the database file once, at start-up: a lookup is then a walk of an in-memory tree. */
export function maxmindLookup(file: string): (address: string) => string | null {
  const reader = new Reader<CountryResponse>(readFileSync(file));
  return (address) => {
    try {
      const found = reader.get(address);
      return countryCode(found?.country?.iso_code ?? found?.registered_country?.iso_code);
    } catch {
      // Not an address the database can read (a Unix socket, garbage in X-Forwarded-For).
      return null;
    }
  };
}

export function createReaderCountry(options: ReaderCountryOptions): ReaderCountry {
  const header = options.trustProxyHops > 0 && options.header ? options.header.toLowerCase() : null;
  let lookup = options.lookup ?? null;
  if (!lookup && options.geoipDb) {
    try {
      lookup = maxmindLookup(options.geoipDb);
    } catch (error) {
      // The site still works without it: every reader gets the site's country.
      log.error(
        `GEOIP_DB ${options.geoipDb} could not be read, so /go uses SITE_COUNTRY for everyone: ${(error as Error)?.message ?? error}`,
      );
    }
  }
  return {
    countryOf(req) {
      if (header) {
        const value = req.headers[header];
        const fromProxy = countryCode(Array.isArray(value) ? value[0] : value);
        if (fromProxy) return fromProxy;
      }
      if (!lookup) return null;
      const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustProxyHops);
      // An IPv6 client comes back as its /64: the network's first address is in the same country.
      return address ? lookup(address.replace(/\/64$/, "")) : null;
    },
  };
}
