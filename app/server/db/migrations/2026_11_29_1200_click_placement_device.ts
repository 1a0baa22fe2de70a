import { type Kysely } from "kysely";

/**
 * Where a click's link sat on its page and the class of device it came from (docs/decisions/0113):
 * `placement` is one of a fixed list (app/lib/clicks/placement.ts), "other" for links that named
 * none; `device` is phone, tablet or desktop, "unknown" for the clicks counted before this. Both
 * are also kept with the click's sub-ID, so a commission can be put against them. Views are
 * counted per page kind and device class as well, a count per UTC day and nothing else.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["clicks", "click_sub_ids"]) {
    await db.schema
      .alterTable(table)
      .addColumn("placement", "text", (col) => col.notNull().defaultTo("other"))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("device", "text", (col) => col.notNull().defaultTo("unknown"))
      .execute();
  }
  await db.schema
    .createTable("page_view_device_days")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("views", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("page_view_device_days_pk", ["day", "kind", "device"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("page_view_device_days").execute();
  for (const table of ["clicks", "click_sub_ids"]) {
    await db.schema.alterTable(table).dropColumn("device").execute();
    await db.schema.alterTable(table).dropColumn("placement").execute();
  }
}
