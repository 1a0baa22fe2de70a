/**
 * Amazon Associates ties its earnings to a tracking ID (the `tag=` of the link), not to a click:
 * its report has no sub-ID of ours. An account may hold many tracking IDs, so the owner gives a
 * kind of page its own (product pages one, collections another…) and every /go link from that
 * kind of page goes out with it. The earnings report's "Tracking ID" column then says which kind
 * of page an item shipped through. A kind not given keeps the link's own tag.
 */

/** The kinds of page a link can come from, as the revenue report names them. */
export const TRACKING_KINDS = ["product", "collection", "learn", "compare", "home", "reviews", "price-alert"] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];

export type TrackingIds = Partial<Record<TrackingKind, string>>;

/** The link's parameter Amazon reads the tracking ID from. */
export const TRACKING_PARAMETER = "tag";

/** Amazon's tracking IDs are letters, digits and dashes ("mysite-20", "mysite-prod-20"). */
const TRACKING_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The kind of page a link source ("product:tyyni-4", "search", "article:slug") comes from. */
export function trackingKindOfSource(source: string): TrackingKind | null {
  const kind = source.split(":")[0]!;
  if (kind === "search") return "reviews";
  if (kind === "article") return "learn";
  return (TRACKING_KINDS as readonly string[]).includes(kind) ? (kind as TrackingKind) : null;
}

/**
 * The form's text, one "kind=tracking-id" a line (or separated by commas), → the map; a line
 * that is not one, an unknown kind, a kind named twice or an ID two kinds share is an error in
 * words (two kinds with one ID could not be told apart in the report).
 */
export function readTrackingIds(text: string | null | undefined): { ok: true; ids: TrackingIds | null } | { ok: false; error: string } {
  const ids: TrackingIds = {};
  const seen = new Map<string, string>();
  for (const raw of (text ?? "").split(/[\n,]/)) {
    const line = raw.trim();
    if (line === "") continue;
    const match = /^([a-z-]+)\s*=\s*(\S+)$/.exec(line);
    if (!match) return { ok: false, error: `"${line}" is not kind=tracking-id, e.g. product=mysite-prod-20.` };
    const [, kind, id] = match as unknown as [string, string, string];
    if (!(TRACKING_KINDS as readonly string[]).includes(kind))
      return { ok: false, error: `"${kind}" is not a kind of page: use ${TRACKING_KINDS.join(", ")}.` };
    if (!TRACKING_ID.test(id)) return { ok: false, error: `"${id}" is not a tracking ID: letters, digits and dashes, e.g. mysite-20.` };
    if (ids[kind as TrackingKind] !== undefined) return { ok: false, error: `${kind} is given twice.` };
    const other = seen.get(id.toLowerCase());
    if (other !== undefined)
      return { ok: false, error: `${id} is given for both ${other} and ${kind}: each kind needs its own to be told apart.` };
    seen.set(id.toLowerCase(), kind);
    ids[kind as TrackingKind] = id;
  }
  return { ok: true, ids: Object.keys(ids).length === 0 ? null : ids };
}

/** The map as the form writes it, a line each, in TRACKING_KINDS' order. */
export function trackingIdsText(ids: TrackingIds | null | undefined): string {
  return TRACKING_KINDS.filter((kind) => ids?.[kind])
    .map((kind) => `${kind}=${ids![kind]}`)
    .join("\n");
}

/** A stored value (JSON) → the map; anything unreadable is none. */
export function parseTrackingIds(json: string | null | undefined): TrackingIds | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const ids: TrackingIds = {};
    for (const kind of TRACKING_KINDS) {
      const id = (value as Record<string, unknown>)[kind];
      if (typeof id === "string" && TRACKING_ID.test(id)) ids[kind] = id;
    }
    return Object.keys(ids).length === 0 ? null : ids;
  } catch {
    return null;
  }
}

/** The tracking ID a link from `source` goes out with, or null (the link keeps its own). */
export function trackingIdFor(ids: TrackingIds | null | undefined, source: string): string | null {
  const kind = trackingKindOfSource(source);
  return (kind && ids?.[kind]) || null;
}

/**
 * Which kind of page a report's tracking ID stands for, over every merchant's map: "mysite-prod-20"
 * → { merchantId, kind: "product" }. IDs compare without letter case, as Amazon's do.
 */
export function trackingIdIndex(
  merchants: readonly { id: number; ids: TrackingIds | null }[],
): Map<string, { merchantId: number; kind: TrackingKind }> {
  const index = new Map<string, { merchantId: number; kind: TrackingKind }>();
  for (const { id: merchantId, ids } of merchants)
    for (const kind of TRACKING_KINDS) {
      const id = ids?.[kind];
      if (id && !index.has(id.toLowerCase())) index.set(id.toLowerCase(), { merchantId, kind });
    }
  return index;
}
