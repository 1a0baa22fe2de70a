import { createHash } from "node:crypto";
import type { Kysely } from "kysely";

/**
 * What the flood defences share between instances (docs/decisions/0054):
 * - used_challenges: each solved proof-of-work challenge is accepted once; its signature is kept
 *   here until the challenge expires, so a second instance refuses a replay as well;
 * - mail_sends: one row per message sent, keyed on a hash of the recipient's address, so no
 *   address gets more than the daily cap however many forms are posted for it.
 * It also rewrites reset-link tokens already stored in plain text to the hashed form the auth
 * library now stores (SHA-256, base64url without padding, of the whole identifier): a database
 * reader then holds nothing that resets a password, and a link mailed before the upgrade still
 * works.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("used_challenges")
    .addColumn("signature", "text", (col) => col.primaryKey())
    // Milliseconds since 1970; the row may go once the challenge itself has expired.
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("used_challenges_expires_at").on("used_challenges").column("expires_at").execute();

  await db.schema
    .createTable("mail_sends")
    // SHA-256 (hex) of the trimmed, lower-cased address: the count needs no readable address.
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("mail_sends_recipient_at").on("mail_sends").columns(["recipient", "at"]).execute();
  await db.schema.createIndex("mail_sends_at").on("mail_sends").column("at").execute();

  const plain = await db.selectFrom("verification").select(["id", "identifier"]).where("identifier", "like", "reset-password:%").execute();
  for (const row of plain as { id: string; identifier: string }[]) {
    await db
      .updateTable("verification")
      .set({ identifier: hashedIdentifier(row.identifier) })
      .where("id", "=", row.id)
      .execute();
  }
}

/** The auth library's own hashing of a verification identifier (storeIdentifier: "hashed"). */
function hashedIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier, "utf8").digest("base64url");
}

export async function down(db: Kysely<any>): Promise<void> {
  // Hashed reset tokens cannot be turned back into plain ones: going back asks for new links.
  await db.deleteFrom("verification").where("identifier", "not like", "%:%").execute();
  await db.schema.dropTable("mail_sends").execute();
  await db.schema.dropTable("used_challenges").execute();
}
