import { PriceAlertAnswer } from "~/components/product/price-alert-form";
import { priceAlertSchema, MAX_TYPED_TARGET } from "~/lib/alerts/price-alert-form";
import { PRICE_ALERT_MESSAGES, productPathOrNull, type PriceAlertField, type PriceAlertTyped } from "~/lib/alerts/price-alert-messages";
import { parseForm, valueText } from "~/lib/forms/parse-form";
import { MAX_TYPED_EMAIL } from "~/lib/newsletter/newsletter-form";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { priceToWatch, subscribeToPriceAlert, type PriceAlertOutcome } from "~/server/alerts/price-alerts.server";
import { PRICE_ALERT_LIST } from "~/server/mail-lists/opt-in.server";
import { signUpAction, type SignUpForm } from "~/server/mail-lists/sign-up-action.server";
import type { Route } from "./+types/subscribe";

/**
 * /alerts: the product page's 'Email me when the price drops' form posts here, so the product
 * page itself stays the same cacheable page for everyone. It goes through the sign-up flow every
 * mail list shares (mail-lists/sign-up-action.server.ts), whose limits are shared too (both send
 * a confirmation mail to an address anyone can type: docs/decisions/0062-price-drop-alerts.md);
 * its flood gate counts its own posts, so a flood of one list's form does not make the other's
 * readers solve a challenge. A script-driven form reads the answer as data and shows it in place;
 * a plain form lands on this page, which shows the same answer.
 */

export const meta: Route.MetaFunction = () => [{ title: `Price alert - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

type Field = PriceAlertField | "product";
type Input = { email: string; product_id: number; target: number | null };

/** The refusal an outcome is, or null for the ones that all get the same thanks. */
function refusalOf(outcome: PriceAlertOutcome | { kind: "ok" }): { field: Field; message: string } | null {
  switch (outcome.kind) {
    case "invalid-email":
      return { field: "email", message: PRICE_ALERT_MESSAGES.invalidEmail };
    case "no-product":
    case "no-price":
      return { field: "product", message: PRICE_ALERT_MESSAGES.noPrice };
    case "target-too-high":
      return { field: "target", message: PRICE_ALERT_MESSAGES.targetTooHigh(outcome.priceText) };
    default:
      return null;
  }
}

const PRICE_ALERT_FORM: SignUpForm<Field, PriceAlertTyped, Input> = {
  list: PRICE_ALERT_LIST,
  messages: PRICE_ALERT_MESSAGES,
  typed(values) {
    const product = valueText(values, "product_id").trim();
    return {
      email: valueText(values, "email").slice(0, MAX_TYPED_EMAIL),
      target: valueText(values, "target").slice(0, MAX_TYPED_TARGET),
      productId: /^\d{1,15}$/.test(product) ? Number(product) : null,
      productPath: productPathOrNull(valueText(values, "product_path")),
    };
  },
  parse(form) {
    const parsed = parseForm(form, priceAlertSchema);
    if (parsed.ok) return parsed;
    const { email, target } = parsed.fieldErrors;
    if (email) return { ok: false, field: "email", message: email };
    if (target) return { ok: false, field: "target", message: target };
    return { ok: false, field: "product", message: PRICE_ALERT_MESSAGES.noPrice };
  },
  // A wrong target is answered before the limits count the post: correcting it costs no try.
  check: async ({ db, config }, input) =>
    refusalOf(await priceToWatch(db, config.prices, { productId: input.product_id, targetMajor: input.target })),
  async subscribe({ db, mail, config }, input) {
    const outcome = await subscribeToPriceAlert(
      { db, mail, baseUrl: config.baseUrl, authSecret: config.authSecret, prices: config.prices },
      { email: input.email, productId: input.product_id, targetMajor: input.target },
    );
    return refusalOf(outcome);
  },
};

export const action = (args: Route.ActionArgs) => signUpAction(PRICE_ALERT_FORM, args);

export default function PriceAlertPage({ actionData }: Route.ComponentProps) {
  return <PriceAlertAnswer result={actionData} />;
}
