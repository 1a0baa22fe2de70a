import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-databases";

// Two processes of one SQLite site (the web process and its worker) write the same file. While
// one holds the write lock, the other's writes wait without blocking its event loop, and its reads
// go on: the guarantee that lets owner work run beside readers.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the SQLite driver while another connection holds the write lock", () => {
  it("waits for the lock asynchronously, reads meanwhile, and writes once it is free", async () => {
    const test = await createTestDatabase("sqlite");
    const worker = test.openAnother();
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inside!: () => void;
      const entered = new Promise<void>((resolve) => (inside = resolve));
      const transaction = worker.transaction().execute(async (trx) => {
        await trx.insertInto("merchants").values({ name: "Worker's shop", slug: "workers-shop" }).execute();
        inside();
        await held;
      });
      await entered;

      // The web process's write: refused at once by SQLite (busy_timeout 0), tried again after pauses.
      const write = test.db.insertInto("merchants").values({ name: "Reader's shop", slug: "readers-shop" }).execute();
      const writeAlso = test.db
        .transaction()
        .execute((trx) => trx.insertInto("merchants").values({ name: "Third", slug: "third" }).execute());
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 5);
      await sleep(200);
      clearInterval(ticker);
      // The event loop went on (a busy timeout inside SQLite would have held it for the whole wait)…
      expect(ticks).toBeGreaterThan(10);
      // …and so did reads on the waiting handle, which see only what is committed.
      const before = await test.db.selectFrom("merchants").select("slug").execute();
      expect(before.map((row) => row.slug)).toEqual([]);

      release();
      await transaction;
      await Promise.all([write, writeAlso]);
      const after = await test.db.selectFrom("merchants").select("slug").orderBy("slug").execute();
      expect(after.map((row) => row.slug)).toEqual(["readers-shop", "third", "workers-shop"]);
    } finally {
      await test.drop();
    }
  });
});
