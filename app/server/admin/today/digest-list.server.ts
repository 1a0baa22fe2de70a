import type { MailListLinks } from "../../mail-lists/unsubscribe-link.server";
import type { DB } from "../../db/connection.server";
import { hasAdminRole } from "../../auth/guard.server";
import {
  parseUnsubscribeToken,
  UNSUBSCRIBE_PURPOSES,
  unsubscribeSignatureMatches,
  unsubscribeToken,
} from "../../newsletter/newsletter-tokens.server";

/**
 * The weekly digest's list: every admin account, on it until they unsubscribe (by the mail's
 * one-click link or the Today page's switch). A row is written the first time an admin is looked
 * at; its numeric id is what the signed unsubscribe link names, under a purpose of its own, so a
 * newsletter or price-alert link can never take an admin off this list.
 */

export interface DigestRecipient {
  id: number;
  userId: string;
  email: string;
  subscribed: boolean;
}

const toRecipient = (row: { id: number; user_id: string; email: string; status: string }): DigestRecipient => ({
  id: Number(row.id),
  userId: row.user_id,
  email: row.email,
  subscribed: row.status === "subscribed",
});

/** The admin's row, made (subscribed) if there is none yet; the address follows the account's. */
export async function digestRecipientOf(db: DB, user: { id: string; email: string }, now = Date.now()): Promise<DigestRecipient> {
  await db
    .insertInto("owner_digest_recipients")
    .values({ user_id: user.id, email: user.email, status: "subscribed", created_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ email: user.email }))
    .execute();
  const row = await db.selectFrom("owner_digest_recipients").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
  return toRecipient(row);
}

/** Every admin account (not banned) with its place on the list. */
export async function digestRecipients(db: DB, now = Date.now()): Promise<DigestRecipient[]> {
  const users = await db.selectFrom("user").select(["id", "email", "role", "banned"]).where("role", "like", "%admin%").execute();
  const admins = users.filter((user) => hasAdminRole(user.role) && !user.banned);
  const out: DigestRecipient[] = [];
  for (const admin of admins) out.push(await digestRecipientOf(db, admin, now));
  return out;
}

export async function setDigestSubscribed(
  db: DB,
  user: { id: string; email: string },
  subscribed: boolean,
  now = Date.now(),
): Promise<void> {
  await digestRecipientOf(db, user, now);
  await db
    .updateTable("owner_digest_recipients")
    .set(subscribed ? { status: "subscribed", unsubscribed_at: null } : { status: "unsubscribed", unsubscribed_at: now })
    .where("user_id", "=", user.id)
    .execute();
}

export function digestUnsubscribeUrl(baseUrl: string, authSecret: string, recipient: Pick<DigestRecipient, "id" | "email">): string {
  const token = unsubscribeToken(authSecret, recipient.id, recipient.email, UNSUBSCRIBE_PURPOSES.ownerDigest);
  return `${baseUrl}/digest/unsubscribe?token=${encodeURIComponent(token)}`;
}

async function recipientOfLink(db: DB, authSecret: string, token: string) {
  const parsed = parseUnsubscribeToken(token);
  if (!parsed) return null;
  const row = await db.selectFrom("owner_digest_recipients").selectAll().where("id", "=", parsed.id).executeTakeFirst();
  if (!row || !unsubscribeSignatureMatches(authSecret, Number(row.id), row.email, parsed.signature, UNSUBSCRIBE_PURPOSES.ownerDigest)) {
    return null;
  }
  return row;
}

/** The digest's unsubscribe link, one behaviour with the other lists' (mail-lists/unsubscribe-link.server.ts). */
export const OWNER_DIGEST_LINKS: MailListLinks = {
  async find(db, authSecret, token) {
    const row = await recipientOfLink(db, authSecret, token);
    return row ? { unsubscribed: row.status === "unsubscribed" } : null;
  },
  async unsubscribe(db, authSecret, token) {
    const row = await recipientOfLink(db, authSecret, token);
    if (!row) return false;
    if (row.status !== "unsubscribed") {
      await db
        .updateTable("owner_digest_recipients")
        .set({ status: "unsubscribed", unsubscribed_at: Date.now() })
        .where("id", "=", row.id)
        .execute();
    }
    return true;
  },
};
