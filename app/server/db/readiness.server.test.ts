import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { openDatabase } from "./connection.server";
import { migrateToLatest } from "./migrate.server";
import { checkReadiness } from "./readiness.server";

describe.each(testDialects)("readiness on %s", (dialect) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it("is ready only once every migration is applied", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    expect(await checkReadiness(test.db)).toMatchObject({
      ready: false,
      reason: expect.stringMatching(/^migrations not applied: 2026_11_22_0300_catalog/),
    });
    await migrateToLatest(test.db);
    expect(await checkReadiness(test.db)).toEqual({ ready: true });
  });
});

describe("readiness without a database", () => {
  it("says not ready, within the time allowed, when the database cannot be reached", async () => {
    // Nothing listens on port 9 (discard) on this machine: the connection is refused.
    const db = openDatabase({ dialect: "postgres", url: "postgres://nobody@127.0.0.1:9/none" });
    try {
      expect(await checkReadiness(db, 1_000)).toMatchObject({
        ready: false,
        reason: expect.stringMatching(/cannot be reached|did not answer/),
      });
    } finally {
      await db.destroy();
    }
  });

  it("gives up after the timeout when the database hangs", async () => {
    // A server that accepts the connection and never answers: PostgreSQL stuck, or a black-holed network.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const db = openDatabase({ dialect: "postgres", url: `postgres://nobody@127.0.0.1:${port}/none` });
    try {
      expect(await checkReadiness(db, 200)).toEqual({ ready: false, reason: "the database did not answer within 200 ms" });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await db.destroy().catch(() => {});
    }
  });
});
