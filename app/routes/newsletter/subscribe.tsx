import { NewsletterSignup } from "~/components/newsletter-signup";
import { parseForm, valueText } from "~/lib/forms/parse-form";
import { SUBSCRIBE_MESSAGES } from "~/lib/newsletter/newsletter";
import { MAX_TYPED_EMAIL, subscribeSchema } from "~/lib/newsletter/newsletter-form";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { NEWSLETTER_LIST } from "~/server/mail-lists/opt-in.server";
import { signUpAction, type SignUpForm } from "~/server/mail-lists/sign-up-action.server";
import { subscribe } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/subscribe";

/**
 * /newsletter: the 'Stay Updated' forms post here, through the sign-up flow every mail list shares
 * (mail-lists/sign-up-action.server.ts). A script-driven form reads the answer as data and shows
 * it in place; a plain form lands on this page, which shows the same answer.
 */

export const meta: Route.MetaFunction = () => [{ title: `Newsletter - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const NEWSLETTER_FORM: SignUpForm<"email", { email: string }, { email: string }> = {
  list: NEWSLETTER_LIST,
  messages: SUBSCRIBE_MESSAGES,
  typed: (values) => ({ email: valueText(values, "email").slice(0, MAX_TYPED_EMAIL) }),
  parse(form) {
    const parsed = parseForm(form, subscribeSchema);
    return parsed.ok ? parsed : { ok: false, field: "email", message: parsed.fieldErrors.email ?? SUBSCRIBE_MESSAGES.invalid };
  },
  async subscribe({ db, mail, config }, { email }) {
    await subscribe({ db, mail, baseUrl: config.baseUrl, authSecret: config.authSecret }, email);
    return null;
  },
};

export const action = (args: Route.ActionArgs) => signUpAction(NEWSLETTER_FORM, args);

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
