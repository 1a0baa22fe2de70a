import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { formValues, parseForm, valueText } from "~/lib/forms/parse-form";
import { SUBSCRIBE_MESSAGES, type SubscribeResult } from "~/lib/newsletter/newsletter";
import { MAX_TYPED_EMAIL, subscribeSchema } from "~/lib/newsletter/newsletter-form";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { assertSameSite } from "~/server/auth/origin.server";
import { log } from "~/server/log.server";
import { readFormUnderLimit } from "~/server/http/request-body.server";
import { admitUnderFlood, challengeAnswerInit } from "~/server/flood/flood-challenge.server";
import { allowSubscribeAttempt, subscribeClientChecks } from "~/server/newsletter/subscribe-limit.server";
import { subscribe } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/subscribe";

/**
 * /newsletter: the 'Stay Updated' forms post here. A script-driven form reads the answer as
 * data and shows it in place; a plain form lands on this page, which shows the same answer.
 */

export const meta: Route.MetaFunction = () => [{ title: `Newsletter - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: Route.ActionArgs) {
  assertSameSite(request, context.get(appContext).config.baseUrl);
  const form = await readFormUnderLimit(request);
  const parsed = parseForm(form, subscribeSchema);
  // What was typed goes back into the field after any refusal, so nothing has to be typed again.
  const typed = valueText(formValues(form), "email").slice(0, MAX_TYPED_EMAIL);
  if (!parsed.ok) {
    return data<SubscribeResult>(
      { ok: false, field: "email", message: parsed.fieldErrors.email ?? SUBSCRIBE_MESSAGES.invalid, email: typed },
      { status: 400 },
    );
  }
  const { email } = parsed.value;
  const client = context.get(appContext).clientAddress ?? null;
  const gate = await admitUnderFlood({
    db: context.get(appContext).db,
    authSecret: context.get(appContext).config.authSecret,
    form: "newsletter",
    body: form,
    clientChecks: subscribeClientChecks(client),
  });
  if (!gate.admitted) {
    return data<SubscribeResult>(
      { ok: false, field: "challenge", message: SUBSCRIBE_MESSAGES.confirming, email: typed, challenge: gate.challenge },
      challengeAnswerInit(),
    );
  }
  const decision = await allowSubscribeAttempt(context.get(appContext).db, client, email);
  if (!decision.allowed) {
    return data<SubscribeResult>(
      { ok: false, field: "limit", message: SUBSCRIBE_MESSAGES.limited, email: typed },
      { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } },
    );
  }
  try {
    const { db, mail, config } = context.get(appContext);
    await subscribe({ db, mail, baseUrl: config.baseUrl, authSecret: config.authSecret }, email);
  } catch (error) {
    log.error(`Newsletter sign-up could not be completed: ${(error as Error)?.message ?? error}`);
    return data<SubscribeResult>({ ok: false, field: "limit", message: SUBSCRIBE_MESSAGES.failed, email: typed }, { status: 503 });
  }
  // The same answer for a new, a pending and a confirmed address: the form tells no one who is subscribed.
  return data<SubscribeResult>({ ok: true, message: SUBSCRIBE_MESSAGES.thanks });
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="flex-1">
      <div className="page-container py-12 md:py-20">
        <h1 className="sr-only">Newsletter</h1>
        <NewsletterSignup result={actionData} />
      </div>
    </main>
  );
}
