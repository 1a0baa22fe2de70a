import { parsePageParam } from "~/lib/catalog/pagination";

/**
 * The states of a message in the mail outbox (docs/decisions/0101), how /admin/mail names them,
 * and the page's filter read from its query string.
 */

export const OUTBOX_STATES = ["waiting", "sending", "sent", "failed"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  waiting: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

export const MAIL_PAGE_SIZE = 50;

export interface MailQuery {
  /** Undefined: every state. */
  state: OutboxState | undefined;
  page: number;
}

export function mailQuery(url: URL): MailQuery {
  const state = url.searchParams.get("state");
  return {
    state: OUTBOX_STATES.find((known) => known === state),
    page: parsePageParam(url.searchParams.get("page")).page,
  };
}

/** The filter as query parameters, for page links (empty ones left out). */
export function mailQueryParams(query: Pick<MailQuery, "state">): Record<string, string | undefined> {
  return { state: query.state };
}
