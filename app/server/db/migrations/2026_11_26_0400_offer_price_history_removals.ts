import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * An offer the owner removes writes one last history row: no price, "Discontinued" (a state no
 * reader can buy at), from the moment of removal (docs/decisions/0063). Without it the offer's
 * last recorded price would hold forever, since a row's state lasts until the offer's next row,
 * and a shop gone for months would keep pulling the product's lowest price down.
 *
 * The row is written only while the product still exists: removing a product deletes its offers
 * through the foreign key after the product row is gone, and its history goes with it.
 */

const COPIED = "product_id, offer_id, merchant_id, price_minor, sale_price_minor, sale_ends_at, currency, availability, recorded_at";

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`
      create function offers_record_price_history_removal() returns trigger language plpgsql as $$
      begin
        insert into offer_price_history (${sql.raw(COPIED)})
        select old.product_id, old.id, old.merchant_id, null, null, null, old.currency, 'Discontinued', now()
        where exists (select 1 from products where id = old.product_id);
        return null;
      end
      $$
    `.execute(db);
    await sql`create trigger offers_price_history_delete after delete on offers for each row execute function offers_record_price_history_removal()`.execute(
      db,
    );
  } else {
    await sql
      .raw(
        `create trigger offers_price_history_delete after delete on offers begin
           insert into offer_price_history (${COPIED})
           select old.product_id, old.id, old.merchant_id, null, null, null, old.currency, 'Discontinued', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           where exists (select 1 from products where id = old.product_id);
         end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists offers_price_history_delete on offers`.execute(db);
    await sql`drop function if exists offers_record_price_history_removal()`.execute(db);
  } else {
    await sql`drop trigger if exists offers_price_history_delete`.execute(db);
  }
}
