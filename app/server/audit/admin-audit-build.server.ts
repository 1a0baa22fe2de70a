import type { RouterContextProvider, ServerBuild } from "react-router";
import { appContext } from "~/server/load-context";
import { hasAdminAreaRole } from "~/lib/auth/admin-access";
import { getSignedInUser } from "../auth/guard.server";
import { dispatchedIntent } from "../forms/intents.server";
import { isRecorded, recordAudit } from "./audit-log.server";
import { log } from "../log.server";
import { answeredStatus, wrapRouteHandlers, type RouteHandler } from "../framework/react-router-adapter.server";

/**
 * The audit log's safety net (docs/decisions/0056): every admin action (a POST to any /admin
 * route, whatever its code remembers to record) leaves a row. An action that recorded its own,
 * more precise row (recordAdminAction) gets no second one; the others get "admin-request" with
 * the method, the path and the status it answered. The body is never read here: the action reads
 * it under its own limit. The import previews only read, and are left out.
 */
const ADMIN_ROUTE = /^routes\/admin\//;
const READ_ONLY_POSTS = /\/import\/preview$/;

async function recordRequest(args: { request: Request; context: Readonly<RouterContextProvider> }, status: number): Promise<void> {
  const { request } = args;
  const context = args.context.get(appContext);
  if (isRecorded(request)) return;
  const url = new URL(request.url);
  if (READ_ONLY_POSTS.test(url.pathname)) return;
  try {
    const user = await getSignedInUser(request, context);
    // Refused requests of strangers and non-admins are not admin actions.
    if (!user || !hasAdminAreaRole(user.role)) return;
    await recordAudit(context.db, {
      userId: user.id,
      email: user.email,
      action: "admin-request",
      detail: `${request.method} ${url.pathname}${intentNote(request)}: answered ${status}`,
      address: context.clientAddress ?? null,
    });
  } catch (error) {
    log.error(`Audit entry for ${request.method} ${url.pathname} not written: ${(error as Error)?.message ?? error}`);
  }
}

/** " (intent schedule)" when the action read a form that named one: which button it was. */
function intentNote(request: Request): string {
  const intent = dispatchedIntent(request)?.intent;
  return intent ? ` (intent ${intent.slice(0, 40)})` : "";
}

function audited<H extends RouteHandler>(action: H): H {
  return (async (...args: Parameters<H>) => {
    let answer: unknown;
    let thrown = false;
    try {
      answer = await action(...args);
      return answer;
    } catch (error) {
      answer = error;
      thrown = true;
      throw error;
    } finally {
      await recordRequest(args[0], answeredStatus(answer, thrown));
    }
  }) as H;
}

const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/** The same build, with every /admin route's action recorded in the audit log. Each build is wrapped once. */
export function withAdminAudit(build: ServerBuild): ServerBuild {
  let wrapped = wrappedBuilds.get(build);
  if (!wrapped) {
    wrapped = wrapRouteHandlers(build, (handler, kind, routeId) =>
      kind === "action" && ADMIN_ROUTE.test(routeId) ? audited(handler) : undefined,
    );
    wrappedBuilds.set(build, wrapped);
  }
  return wrapped;
}
