import { data, type RouterContextProvider } from "react-router";
import type { DB } from "../db/connection.server";
import { CACHE_CONTROL } from "../http/cache-control.server";
import { appContext } from "../load-context";

/**
 * The confirmation link of every mail list: opening it confirms (a one-time token; a mail scanner
 * that opens it first confirms an address that did ask: docs/decisions/0062-price-drop-alerts.md). The answer is 400 for
 * an unknown, used or expired link, and never cached: the token is in the URL.
 */
export async function confirmLinkLoader<Entry>(
  confirm: (db: DB, token: string) => Promise<Entry | null>,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const entry = await confirm(context.get(appContext).db, token);
  return data({ entry }, { status: entry === null ? 400 : 200, headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}
