import { data, type Params, type RouterContextProvider } from "react-router";
import { appContext, type AppServices } from "~/server/load-context";
import type { ResultToast } from "~/lib/forms/result-toast";
import { readFormUnderLimit } from "../http/request-body.server";

/**
 * One action, several buttons: each submit button (or hidden field) names an `intent`, and the
 * action looks it up in a table instead of an if-chain, so every intent a page accepts is listed
 * in one place and an unknown one is refused the same way everywhere.
 *
 *   const intents = { save: async ({ form, context }) => …, delete: … } satisfies IntentTable;
 *   export const action = (args: Route.ActionArgs) => dispatchIntent(args, intents);
 */

export interface IntentArgs {
  form: FormData;
  request: Request;
  /** The request's services, read from React Router's context once for every handler. */
  context: AppServices;
  params: Params;
}

export type IntentHandler = (args: IntentArgs) => unknown;
export type IntentTable = Record<string, IntentHandler>;

export const UNKNOWN_INTENT_TOAST: ResultToast = { kind: "error", title: "Unknown action", description: "Nothing was changed." };

/** The intent a form names, from its `intent` field ("" when it names none). */
export function intentOf(form: FormData): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
}

/** Per request that went through dispatchIntent: the intent it named and the ones its page offers. */
const dispatched = new WeakMap<Request, { intent: string; offered: readonly string[] }>();

/**
 * The intent a request named and every intent its action's table offers, once dispatchIntent has
 * read its form: the audit log's safety net names the intent of an action that recorded no entry
 * of its own, and a test can walk every intent of every admin action.
 */
export function dispatchedIntent(request: Request): { intent: string; offered: readonly string[] } | undefined {
  return dispatched.get(request);
}

/**
 * Runs the handler the form's intent names. An intent missing from the table (or none) answers
 * 400 with "Unknown action" and changes nothing. `form` is for actions that read the body
 * themselves first (their own words for a refusal); otherwise it is read here, under the route's
 * size limit: 413 past it, 400 for a body that is not a form.
 */
export async function dispatchIntent<Table extends IntentTable>(
  args: { request: Request; context: Readonly<RouterContextProvider>; params: Params },
  table: Table,
  options: { form?: FormData } = {},
): Promise<Awaited<ReturnType<Table[keyof Table]>> | ReturnType<typeof unknownIntent>> {
  const form = options.form ?? (await readFormUnderLimit(args.request));
  const intent = intentOf(form);
  dispatched.set(args.request, { intent, offered: Object.keys(table) });
  // Own keys only: "toString" or "__proto__" must not reach Object.prototype.
  if (!Object.hasOwn(table, intent)) return unknownIntent();
  return (await table[intent]!({ form, request: args.request, context: args.context.get(appContext), params: args.params })) as Awaited<
    ReturnType<Table[keyof Table]>
  >;
}

function unknownIntent() {
  return data({ toast: UNKNOWN_INTENT_TOAST }, { status: 400 });
}
