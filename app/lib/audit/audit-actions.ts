/**
 * The actions the admin audit log records (app/server/audit/audit-log.server.ts) and how the
 * /admin/audit page names them. An action not listed here (a row written by a newer version) is
 * shown by its name.
 */
export const AUDIT_ACTIONS = {
  "sign-in": "Signed in",
  "sign-in-refused": "Sign-in refused",
  "admin-granted": "Admin granted",
  "admin-revoked": "Admin revoked",
  "editor-granted": "Editor granted",
  "editor-revoked": "Editor revoked",
  "review-saved": "Review saved",
  "review-weights-saved": "Review weights saved",
  "measurement-saved": "Measurement saved",
  "measurement-deleted": "Measurement deleted",
  "measured-values-saved": "Measured values saved",
  "ab-test-started": "A/B test started",
  "ab-test-ended": "A/B test ended",
  "signed-out-everywhere": "Signed out everywhere",
  "products-imported": "Products imported",
  "collections-imported": "Collections imported",
  "collection-picks-saved": "Collection picks saved",
  "catalog-removal": "Deleted from the catalog",
  "sample-kept": "Sample kept as the owner's",
  "product-saved": "Product saved",
  "product-revision-restored": "Product revision restored",
  "review-revision-restored": "Review revision restored",
  "article-revision-restored": "Article revision restored",
  "article-created": "Article draft started",
  "article-saved": "Article saved",
  "article-autosaved": "Article draft autosaved",
  "article-published": "Article published",
  "article-scheduled": "Article scheduled",
  "article-unpublished": "Article unpublished",
  "commission-report-read": "Commission report read",
  "commission-columns-mapped": "Commission report columns mapped",
  "commission-report-saved": "Commission report saved",
  "run-cancelled": "Run cancel asked",
  "offers-imported": "Offers imported",
  "offer-saved": "Offer saved",
  "offer-deleted": "Offer deleted",
  "merchant-saved": "Merchant saved",
  "merchant-deleted": "Merchant deleted",
  "merchant-feed-saved": "Merchant feed saved",
  "merchant-feed-deleted": "Merchant feed deleted",
  "merchant-feed-run": "Merchant feed run",
  "merchant-feed-item-matched": "Feed item matched to a product",
  "images-uploaded": "Images uploaded",
  "image-storage-checked": "Image storage checked",
  "link-check-started": "Link check started",
  "subscribers-exported": "Subscribers exported",
  "audit-exported": "Audit log exported",
  "mail-retried": "Mail sent again",
  "today-snoozed": "Today item snoozed",
  "today-done": "Today item marked done",
  "owner-digest-changed": "Weekly digest turned on or off",
  "feed-changed": "Feed changed",
  "admin-request": "Other admin request",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

/** One row as the page and the export show it. */
export interface AuditEntry {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  userId: string | null;
  email: string;
  action: string;
  detail: string;
  address: string | null;
}

/** The page's filters, read from its query string (also the export's). */
export interface AuditQuery {
  email: string;
  action: string;
  page: number;
}

export function auditQuery(url: URL): AuditQuery {
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    email: (url.searchParams.get("email") ?? "").trim().slice(0, 320),
    action: (url.searchParams.get("action") ?? "").trim().slice(0, 64),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The query string of a filter (and page), for links; empty values left out. */
export function auditSearch(query: Partial<AuditQuery>): string {
  const params = new URLSearchParams();
  if (query.email) params.set("email", query.email);
  if (query.action) params.set("action", query.action);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params.size > 0 ? `?${params}` : "";
}
