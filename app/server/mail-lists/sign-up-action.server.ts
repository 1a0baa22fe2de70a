import { data, type RouterContextProvider } from "react-router";
import { formValues, type FormValues } from "~/lib/forms/parse-form";
import type { OptInMessages, OptInResult } from "~/lib/mail-lists/opt-in-result";
import { assertSameSite } from "../auth/origin.server";
import { admitUnderFlood, challengeAnswerInit } from "../flood/flood-challenge.server";
import { readFormUnderLimit } from "../http/request-body.server";
import { appContext, type AppServices } from "../load-context";
import { log } from "../log.server";
import type { OptInList } from "./opt-in.server";
import { allowSubscribeAttempt, subscribeClientChecks } from "./subscribe-limit.server";

/**
 * The sign-up form's action, one for every mail list. In order: the post must come from one of
 * our pages; the fields are read (a mistake answers 400 and counts nothing); under a flood of
 * sign-ups to this list the form must carry a solved challenge; the list's own check that costs no
 * try (a target price above the price); the shared per-client and per-address limits (429); then
 * the list stores the entry and queues its confirmation mail (a failure answers 503 and keeps what
 * was typed). Every accepted sign-up gets the same thanks.
 */

type Refusal<Field extends string> = { field: Field; message: string };

export interface SignUpForm<Field extends string, Typed, Input extends { email: string }> {
  list: OptInList;
  messages: OptInMessages;
  /** What was typed, echoed after any refusal. */
  typed(values: FormValues): Typed;
  /** The form's fields, or the one at fault. */
  parse(form: FormData): { ok: true; value: Input } | ({ ok: false } & Refusal<Field>);
  /** A refusal found before the limits count the post, so correcting it costs no try. */
  check?(services: AppServices, input: Input): Promise<Refusal<Field> | null>;
  /** Stores the entry and queues its confirmation mail; a refusal, or null when accepted. */
  subscribe(services: AppServices, input: Input): Promise<Refusal<Field> | null>;
}

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export async function signUpAction<Field extends string, Typed, Input extends { email: string }>(
  form: SignUpForm<Field, Typed, Input>,
  { request, context }: ActionArgs,
) {
  const services = context.get(appContext);
  assertSameSite(request, services.config.baseUrl);
  const body = await readFormUnderLimit(request);
  const typed = form.typed(formValues(body));
  const answer = (result: OptInResult<Field, Typed>, init?: ResponseInit) => data(result, init);
  const refuse = ({ field, message }: Refusal<Field | "limit">, status: number, headers?: Record<string, string>) =>
    answer({ ok: false, field, message, ...typed } as OptInResult<Field, Typed>, { status, headers });

  const parsed = form.parse(body);
  if (!parsed.ok) return refuse(parsed, 400);
  const input = parsed.value;
  const client = services.clientAddress ?? null;
  const gate = await admitUnderFlood({
    db: services.db,
    authSecret: services.config.authSecret,
    form: form.list.name,
    body,
    clientChecks: subscribeClientChecks(client),
  });
  if (!gate.admitted) {
    const challenge = { ok: false as const, field: "challenge" as const, message: form.messages.confirming, challenge: gate.challenge };
    return answer({ ...challenge, ...typed }, challengeAnswerInit());
  }
  const early = await form.check?.(services, input);
  if (early) return refuse(early, 400);
  const decision = await allowSubscribeAttempt(services.db, client, input.email);
  if (!decision.allowed) {
    return refuse({ field: "limit", message: form.messages.limited }, 429, { "Retry-After": String(decision.retryAfterSeconds) });
  }
  let refused: Refusal<Field> | null;
  try {
    refused = await form.subscribe(services, input);
  } catch (error) {
    log.error(`A ${form.list.name} sign-up could not be completed: ${(error as Error)?.message ?? error}`);
    return refuse({ field: "limit", message: form.messages.failed }, 503);
  }
  if (refused) return refuse(refused, 400);
  return answer({ ok: true, message: form.messages.thanks });
}
