import type { IncomingMessage, ServerResponse } from "node:http";
import { buyDestination } from "~/lib/buy-link";
import { isCountedClick } from "~/lib/clicks/counted-click";
import { normaliseLinkSource, trackedLinkSlug } from "~/lib/clicks/tracked-link";
import { clientAddress } from "../auth/client-address.server";
import type { DB } from "../db/connection.server";
import type { ClickRecorder } from "./click-recorder.server";

/**
 * /go/{product-slug}: the redirect every shop link goes through (docs/decisions/0028). It is
 * answered straight from the Node request, before Express and React: the slug is looked up in an
 * in-memory map of every product's destination (built on first use, dropped on every catalog
 * change), the click is handed to the recorder with its reader (address and User-Agent: the
 * recorder counts one click per reader and product in 30 minutes, written later, in a batch) and a
 * 302 goes out, whether or not the click counts.
 * A slug with no destination is not answered here: the request goes on to the /go route, which
 * renders a 404 page in the site's look.
 */
export interface OutboundRedirects {
  /** Answers a /go request now if the destinations are loaded; false otherwise (the caller goes on). */
  serveNow(req: IncomingMessage, res: ServerResponse): boolean;
  /** Answers a /go request, loading the destinations first if need be; false when it has no destination. */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Forgets the destinations: every catalog change. */
  invalidate(): void;
}

interface Destination {
  productId: number;
  /** Absolute and ASCII-only (as URL.href makes it), so it is always a valid Location header. */
  url: string;
}

/**
 * Another instance's save does not reach this one's invalidate(), so the map also ages out: a
 * changed link is followed within this long everywhere (the page cache keeps pages about as long).
 */
const DESTINATIONS_MAX_AGE_MS = 60_000;

const REDIRECT_HEADERS = {
  // Each click must reach the site to be counted: no browser or proxy may keep the answer.
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
  // The shop sees our origin (it is the referrer of an affiliate sale), never the page's path.
  "referrer-policy": "strict-origin-when-cross-origin",
  "content-length": "0",
};

export function createOutboundRedirects(options: {
  db: DB;
  surveyFormUrl?: string | null;
  recorder: ClickRecorder;
  /** TRUST_PROXY: how the reader's address is read (auth/client-address.server.ts). */
  trustProxyHops?: number;
  now?: () => number;
}): OutboundRedirects {
  const { db, recorder } = options;
  const now = options.now ?? Date.now;
  let loaded: { destinations: Map<string, Destination>; at: number } | undefined;
  let loading: Promise<Map<string, Destination>> | undefined;
  let generation = 0;

  const fresh = () => (loaded && now() - loaded.at < DESTINATIONS_MAX_AGE_MS ? loaded.destinations : undefined);

  function load(): Promise<Map<string, Destination>> {
    const current = fresh();
    if (current) return Promise.resolve(current);
    if (!loading) {
      const startedIn = generation;
      loading = readDestinations(db, options.surveyFormUrl)
        .then((destinations) => {
          // A catalog change while reading: this map may miss it; answer with it once, keep nothing.
          if (startedIn === generation) loaded = { destinations, at: now() };
          return destinations;
        })
        .finally(() => {
          loading = undefined;
        });
    }
    return loading;
  }

  function answer(req: IncomingMessage, res: ServerResponse, slug: string, destinations: Map<string, Destination>): boolean {
    const destination = destinations.get(slug.toLowerCase());
    if (!destination) return false;
    const counted = isCountedClick({
      method: req.method,
      userAgent: req.headers["user-agent"],
      purpose: [
        req.headers["sec-purpose"] as string | undefined,
        req.headers["purpose"] as string | undefined,
        req.headers["x-moz"] as string | undefined,
      ],
    });
    if (counted) {
      recorder.record({
        at: now(),
        productId: destination.productId,
        source: normaliseLinkSource(fromParameter(req.url)),
        reader: {
          address: clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustProxyHops ?? 0) ?? "unknown",
          userAgent: req.headers["user-agent"] ?? "",
        },
      });
    }
    res.writeHead(302, { ...REDIRECT_HEADERS, location: destination.url });
    res.end();
    return true;
  }

  const slugOf = (req: IncomingMessage) => (req.method === "GET" || req.method === "HEAD" ? trackedLinkSlug(pathOf(req.url)) : null);

  return {
    serveNow(req, res) {
      const slug = slugOf(req);
      const destinations = slug === null ? undefined : fresh();
      return destinations !== undefined && answer(req, res, slug!, destinations);
    },
    async serve(req, res) {
      const slug = slugOf(req);
      if (slug === null) return false;
      return answer(req, res, slug, await load());
    },
    invalidate() {
      generation++;
      loaded = undefined;
    },
  };
}

async function readDestinations(db: DB, surveyFormUrl: string | null | undefined): Promise<Map<string, Destination>> {
  const rows = await db.selectFrom("products").select(["id", "slug", "name", "website", "affiliate_link"]).execute();
  const destinations = new Map<string, Destination>();
  for (const row of rows) {
    const destination = buyDestination({ name: row.name, website: row.website, affiliateLink: row.affiliate_link }, surveyFormUrl);
    if (destination) destinations.set(row.slug.toLowerCase(), { productId: row.id, url: new URL(destination.url).href });
  }
  return destinations;
}

function pathOf(target: string | undefined): string {
  const url = target ?? "/";
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function fromParameter(target: string | undefined): string | null {
  const url = target ?? "";
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? null : new URLSearchParams(url.slice(queryAt + 1)).get("from");
}
