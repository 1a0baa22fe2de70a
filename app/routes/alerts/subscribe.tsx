import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { PriceAlertAnswer } from "~/components/product/price-alert-form";
import { priceAlertSchema, MAX_TYPED_TARGET } from "~/lib/alerts/price-alert-form";
import { PRICE_ALERT_MESSAGES, productPathOrNull, type PriceAlertResult, type PriceAlertTyped } from "~/lib/alerts/price-alert-messages";
import { formValues, parseForm, valueText } from "~/lib/forms/parse-form";
import { MAX_TYPED_EMAIL } from "~/lib/newsletter/newsletter-form";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { priceToWatch, subscribeToPriceAlert, type PriceAlertOutcome } from "~/server/alerts/price-alerts.server";
import { assertSameSite } from "~/server/auth/origin.server";
import { admitUnderFlood, challengeAnswerInit } from "~/server/flood/flood-challenge.server";
import { readFormUnderLimit } from "~/server/http/request-body.server";
import { log } from "~/server/log.server";
import { allowSubscribeAttempt, subscribeClientChecks } from "~/server/newsletter/subscribe-limit.server";
import type { Route } from "./+types/subscribe";

/**
 * /alerts: the product page's 'Email me when the price drops' form posts here, so the product
 * page itself stays the same cacheable page for everyone. A script-driven form reads the answer
 * as data and shows it in place; a plain form lands on this page, which shows the same answer.
 * The newsletter's per-address limits guard it too (both send a confirmation mail to an address
 * anyone can type: docs/decisions/0062-price-drop-alerts.md); its flood gate counts its own posts,
 * so a flood of one list's form does not make the other's readers solve a challenge.
 */

export const meta: Route.MetaFunction = () => [{ title: `Price alert - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

/** The outcomes that all get the same thanks. */
const ACCEPTED = ["confirmation-sent", "confirmation-recently-sent", "already-confirmed"] as const;
type AcceptedKind = (typeof ACCEPTED)[number];
type Refused = Exclude<PriceAlertOutcome, { kind: AcceptedKind }>;
const isRefused = (outcome: PriceAlertOutcome): outcome is Refused => !(ACCEPTED as readonly string[]).includes(outcome.kind);

type Refusal = Exclude<PriceAlertResult, { ok: true } | { field: "challenge" }>["field"];

export async function action({ request, context }: Route.ActionArgs) {
  assertSameSite(request, context.get(appContext).config.baseUrl);
  const form = await readFormUnderLimit(request);
  const values = formValues(form);
  // What was typed goes back into the fields after any refusal, so nothing has to be typed again.
  const typedProduct = valueText(values, "product_id").trim();
  const typed: PriceAlertTyped = {
    email: valueText(values, "email").slice(0, MAX_TYPED_EMAIL),
    target: valueText(values, "target").slice(0, MAX_TYPED_TARGET),
    productId: /^\d{1,15}$/.test(typedProduct) ? Number(typedProduct) : null,
    productPath: productPathOrNull(valueText(values, "product_path")),
  };
  const refuse = (field: Refusal, message: string, status: number, headers?: HeadersInit) =>
    data<PriceAlertResult>({ ok: false, field, message, ...typed }, { status, headers });

  const parsed = parseForm(form, priceAlertSchema);
  if (!parsed.ok) {
    if (parsed.fieldErrors.email) return refuse("email", parsed.fieldErrors.email, 400);
    if (parsed.fieldErrors.target) return refuse("target", parsed.fieldErrors.target, 400);
    return refuse("product", PRICE_ALERT_MESSAGES.noPrice, 400);
  }
  const { email, product_id: productId, target } = parsed.value;
  const client = context.get(appContext).clientAddress ?? null;
  const gate = await admitUnderFlood({
    db: context.get(appContext).db,
    authSecret: context.get(appContext).config.authSecret,
    form: "price-alert",
    body: form,
    clientChecks: subscribeClientChecks(client),
  });
  if (!gate.admitted) {
    return data<PriceAlertResult>(
      { ok: false, field: "challenge", message: PRICE_ALERT_MESSAGES.confirming, ...typed, challenge: gate.challenge },
      challengeAnswerInit(),
    );
  }
  const refusal = (outcome: Refused) => {
    switch (outcome.kind) {
      case "invalid-email":
        return refuse("email", PRICE_ALERT_MESSAGES.invalidEmail, 400);
      case "no-product":
      case "no-price":
        return refuse("product", PRICE_ALERT_MESSAGES.noPrice, 400);
      case "target-too-high":
        return refuse("target", PRICE_ALERT_MESSAGES.targetTooHigh(outcome.priceText), 400);
    }
  };
  const { db, mail, config } = context.get(appContext);
  // A wrong target is answered before the limits count the post: correcting it costs no try.
  const check = await priceToWatch(db, config.prices, { productId, targetMajor: target });
  if (check.kind !== "ok") return refusal(check);
  const decision = await allowSubscribeAttempt(db, client, email);
  if (!decision.allowed) return refuse("limit", PRICE_ALERT_MESSAGES.limited, 429, { "Retry-After": String(decision.retryAfterSeconds) });

  let outcome: PriceAlertOutcome;
  try {
    outcome = await subscribeToPriceAlert(
      { db, mail, baseUrl: config.baseUrl, authSecret: config.authSecret, prices: config.prices },
      { email, productId, targetMajor: target },
    );
  } catch (error) {
    log.error(`A price alert sign-up could not be completed: ${(error as Error)?.message ?? error}`);
    return refuse("limit", PRICE_ALERT_MESSAGES.failed, 503);
  }
  if (isRefused(outcome)) return refusal(outcome);
  // The same answer for a new, a pending and a confirmed alert: the form tells no one who watches what.
  return data<PriceAlertResult>({ ok: true, message: PRICE_ALERT_MESSAGES.thanks });
}

export default function PriceAlertPage({ actionData }: Route.ComponentProps) {
  return <PriceAlertAnswer result={actionData} />;
}
