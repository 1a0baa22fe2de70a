import { appContext } from "~/server/load-context";
import { data, useNavigation } from "react-router";
import { AdminPageLinks } from "~/components/admin/page-links";
import { MailTable } from "~/components/admin/mail-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { cn } from "~/components/ui/cn";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { pageCount, pageOffset } from "~/lib/catalog/pagination";
import type { ResultToast } from "~/lib/forms/result-toast";
import { MAIL_PAGE_SIZE, mailQuery, mailQueryParams, OUTBOX_STATE_LABELS, OUTBOX_STATES } from "~/lib/mail/outbox-view";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { readFlash, redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import { countOutboxByState, listOutbox, retryFailedMail } from "~/server/mail/outbox.server";
import type { Route } from "./+types/mail";

/**
 * /admin/mail: every message the site sends, newest first (docs/decisions/0101): account mail,
 * newsletter and price-alert confirmations, price alerts. Counted and filtered by state, with the
 * attempts and the last error of each, and Retry for one that failed. Admins only.
 */

export const meta: Route.MetaFunction = () => [{ title: `Mail - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = mailQuery(new URL(request.url));
  const counts = await countOutboxByState(context.get(appContext).db);
  const total = query.state ? counts[query.state] : OUTBOX_STATES.reduce((sum, state) => sum + counts[state], 0);
  const pages = pageCount(total, MAIL_PAGE_SIZE);
  const page = Math.min(query.page, pages);
  const rows = await listOutbox(context.get(appContext).db, {
    state: query.state,
    limit: MAIL_PAGE_SIZE,
    offset: pageOffset(page, MAIL_PAGE_SIZE),
  });
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  return data(
    { counts, rows, query: { ...query, page }, pages, smtp: Boolean(context.get(appContext).config.smtpUrl), flash },
    { headers },
  );
}

interface ActionResult {
  toast?: ResultToast;
}

const intents = {
  retry: async ({ form, request, context }) => {
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || id <= 0) {
      return data<ActionResult>(
        { toast: { kind: "error", title: "Nothing retried", description: "No message was named." } },
        { status: 400 },
      );
    }
    const retried = await retryFailedMail(context.db, id);
    if (!retried) {
      return data<ActionResult>(
        {
          toast: {
            kind: "error",
            title: "Nothing retried",
            description: "This message has not failed (it was sent, or retried already). The list is up to date now.",
          },
        },
        { status: 409 },
      );
    }
    await recordAdminAction({ request, context }, "mail-retried", `Mail ${id} to ${retried.to}: ${retried.subject}`);
    const url = new URL(request.url);
    throw await redirectWithFlash(request, context.config, `${url.pathname}${url.search}`, {
      toast: { kind: "success", title: "Mail queued again", description: `The mail to ${retried.to} will be sent in a moment.` },
    });
  },
} satisfies IntentTable;

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

export default function MailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, rows, query, pages, smtp, flash } = loaderData;
  useResultToast(actionData as ActionResult | undefined);
  useResultToast(flash);
  const navigation = useNavigation();
  const busyId =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "retry" ? Number(navigation.formData.get("id")) : null;
  return (
    <>
      <AdminPageHeader
        title="Mail"
        description="Every message the site sends: account mail, newsletter and price-alert confirmations, price alerts. The background worker sends them within seconds; one the mail server turns away for now is tried again later, each wait longer. One refused for good can be sent again with Retry."
      />
      <FlashNotice flash={flash} />
      {!smtp && (
        <Notice tone="blue" title="No mail server set" className="mb-6">
          SMTP_URL is not set: messages are written to DATA_DIR/mail as .eml files, and their links are printed in the log.
        </Notice>
      )}
      <ul className="mb-6 grid gap-3 sm:grid-cols-4" aria-label="Mail by state">
        {OUTBOX_STATES.map((state) => (
          <li key={state}>
            <Link
              to={query.state === state ? "/admin/mail" : `/admin/mail?state=${state}`}
              aria-current={query.state === state ? "true" : undefined}
              className={cn(
                "block rounded-card border bg-surface p-4 shadow-card hover:border-brand/40",
                query.state === state ? "border-brand" : "border-line",
              )}
              data-testid={`mail-count-${state}`}
            >
              <span className="block text-sm text-ink-muted">{OUTBOX_STATE_LABELS[state]}</span>
              <span
                className={cn("mt-1 block text-2xl font-semibold tabular-nums", state === "failed" && counts.failed > 0 && "text-red-700")}
              >
                {counts[state].toLocaleString("en-US")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <MailTable rows={rows} filtered={Boolean(query.state)} busyId={busyId} />
      <AdminPageLinks
        page={query.page}
        pages={pages}
        path="/admin/mail"
        query={mailQueryParams(query)}
        label="Mail pages"
        className="mt-4"
      />
      <p className="mt-4 text-sm text-ink-muted">Sent messages are listed for 30 days, without their text; failed ones until then too.</p>
    </>
  );
}
