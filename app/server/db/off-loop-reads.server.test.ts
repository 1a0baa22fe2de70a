import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { offLoopHandle } from "./off-loop-reads.server";

describe.each(testDialects)("reads off the event loop on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await test.db
      .insertInto("products")
      .values([
        { slug: "alpha", name: "Alpha", brand: "B", website: null, affiliate_link: null },
        { slug: "beta", name: "Beta", brand: "C", website: null, affiliate_link: null },
      ])
      .execute();
  });
  afterAll(async () => test?.drop());

  it("answers what the query answers on the site's own connection, parameters and flags included", async () => {
    // A flag is bound as true or false, as query code writes it for both databases.
    const query = sql<{ slug: string; name: string }>`
      select slug, name from products where (brand = ${"B"}) = ${true} order by slug`.compile(test.db);
    const offLoop = offLoopHandle(test.db);
    expect((await offLoop.executeQuery(query)).rows).toEqual((await test.db.executeQuery(query)).rows);
    expect((await offLoop.executeQuery(query)).rows).toEqual([{ slug: "alpha", name: "Alpha" }]);
    // The query builder too.
    expect(await offLoop.selectFrom("products").select("slug").where("brand", "=", "C").execute()).toEqual([{ slug: "beta" }]);
  });

  it("refuses a statement the database refuses, with its message", async () => {
    await expect(sql`select * from no_such_table`.execute(offLoopHandle(test.db))).rejects.toThrow(/no_such_table/);
  });

  it("writes nothing: the handle reads only", async () => {
    if (dialect === "postgres") return; // there the handle is the site's own
    await expect(offLoopHandle(test.db).deleteFrom("products").execute()).rejects.toThrow(/Only reads run off the event loop/);
    expect(await test.db.selectFrom("products").select("slug").execute()).toHaveLength(2);
  });

  it("leaves the event loop free while a long read runs: timers keep firing until its rows arrive", async () => {
    // About a quarter of a second of work for the database, whichever it is.
    const long = sql<{ n: number }>`
      with recursive counter(i) as (select 1 union all select i + 1 from counter where i < 2000000)
      select count(*) as n from counter`.compile(test.db);
    let ticks = 0;
    let reading = true;
    const ticking = (async () => {
      while (reading) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        ticks++;
      }
    })();
    const { rows } = await offLoopHandle(test.db).executeQuery(long);
    reading = false;
    await ticking;
    expect(Number(rows[0]!.n)).toBe(2_000_000);
    // Run on the loop, the read would let at most one timer through before its rows.
    expect(ticks).toBeGreaterThan(10);
  });
});
