import { data, type RouterContextProvider } from "react-router";
import type { UnsubscribeView } from "~/lib/mail-lists/unsubscribe-view";
import type { DB } from "../db/connection.server";
import { CACHE_CONTROL } from "../http/cache-control.server";
import { appContext } from "../load-context";

/**
 * The unsubscribe link of every mail list (the newsletter, price alerts), one behaviour:
 * - GET (and HEAD) read the signed link and show a question with a button; they change nothing,
 *   since mail scanners and link previews open links by themselves.
 * - POST unsubscribes: the page's button, or a mail program's one-click unsubscribe
 *   (List-Unsubscribe-Post, RFC 8058, body `List-Unsubscribe=One-Click`). It has no same-site
 *   check on purpose: the one-click POST comes from the mail provider's servers. The signed token
 *   authorizes it; all it can do is take one address off one list.
 */
export interface MailListLinks {
  /** The entry a signed link names, or null when the link is not genuine. Reads only. */
  find(db: DB, authSecret: string, token: string): Promise<{ unsubscribed: boolean; ask?: string } | null>;
  /** Takes the entry off the list; false when the link is not genuine. Idempotent. */
  unsubscribe(db: DB, authSecret: string, token: string): Promise<boolean>;
}

interface LinkArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";
const answer = (view: UnsubscribeView) =>
  data({ view }, { status: view.state === "invalid" ? 400 : 200, headers: { "Cache-Control": CACHE_CONTROL.noStore } });

export async function unsubscribeLinkLoader(list: MailListLinks, { request, context }: LinkArgs) {
  const { db, config } = context.get(appContext);
  const entry = await list.find(db, config.authSecret, tokenOf(request));
  if (!entry) return answer({ state: "invalid" });
  return answer(entry.unsubscribed ? { state: "done" } : { state: "ask", ...(entry.ask ? { body: entry.ask } : {}) });
}

export async function unsubscribeLinkAction(list: MailListLinks, { request, context }: LinkArgs) {
  const { db, config } = context.get(appContext);
  const done = await list.unsubscribe(db, config.authSecret, tokenOf(request));
  return answer(done ? { state: "done" } : { state: "invalid" });
}
