import type { SitePrices } from "~/lib/offers/price-view";
import type { DB } from "../../db/connection.server";
import type { PeriodicJob } from "../../jobs/job-runner.server";
import { log } from "../../log.server";
import type { MailQueue } from "../../mail/outbox.server";
import { digestRecipients, digestUnsubscribeUrl } from "./digest-list.server";
import { ownerDigestMail } from "./digest-mail";
import { todayList } from "./today.server";

/**
 * The weekly digest: the Today list mailed to every admin on the digest's list, through the
 * outbox (docs/decisions/0101), in one transaction with the recipients' last_sent_at, so a crash
 * sends it whole or not at all. An empty list sends nothing: a mail that says "nothing" every
 * week teaches its reader to skip it.
 */

export const OWNER_DIGEST_JOB_NAME = "owner-digest";
export const OWNER_DIGEST_EVERY_MS = 7 * 86_400_000;

export interface OwnerDigestContext {
  mail: MailQueue;
  baseUrl: string;
  authSecret: string;
  prices: SitePrices;
  now?: () => number;
}

export async function sendOwnerDigest(db: DB, ctx: OwnerDigestContext): Promise<{ recipients: number; queued: number; items: number }> {
  const now = (ctx.now ?? Date.now)();
  const recipients = (await digestRecipients(db, now)).filter((recipient) => recipient.subscribed);
  if (recipients.length === 0) return { recipients: 0, queued: 0, items: 0 };
  const list = await todayList(db, ctx.prices, now);
  if (list.items.length === 0) return { recipients: recipients.length, queued: 0, items: 0 };
  const queued = await db.transaction().execute(async (trx) => {
    let count = 0;
    for (const recipient of recipients) {
      const message = ownerDigestMail(recipient.email, list, {
        baseUrl: ctx.baseUrl,
        unsubscribe: digestUnsubscribeUrl(ctx.baseUrl, ctx.authSecret, recipient),
      });
      const outcome = await ctx.mail.queue(trx, message, { now });
      if (!outcome.queued) continue;
      count += 1;
      await trx.updateTable("owner_digest_recipients").set({ last_sent_at: now }).where("id", "=", recipient.id).execute();
    }
    return count;
  });
  log.info(`Weekly digest: ${list.items.length} items mailed to ${queued} of ${recipients.length} admins`);
  return { recipients: recipients.length, queued, items: list.items.length };
}

export function ownerDigestJob(ctx: OwnerDigestContext): PeriodicJob {
  return { name: OWNER_DIGEST_JOB_NAME, label: "Weekly digest", everyMs: OWNER_DIGEST_EVERY_MS, run: (db) => sendOwnerDigest(db, ctx) };
}
