import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createPostgresPool, openDatabase } from "./connection.server";

const mode = (file: string) => statSync(file).mode & 0o777;

describe("the SQLite file", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is created readable by the owner only, with its -wal and -shm files, whatever the umask", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "sauna-modes-"));
    const file = path.join(dir, "data", "site.sqlite");
    const previous = process.umask(0o022);
    try {
      const db = openDatabase({ dialect: "sqlite", file });
      await sql`create table t (x integer)`.execute(db);
      await sql`insert into t values (1)`.execute(db);
      expect(mode(path.dirname(file))).toBe(0o700);
      for (const part of [file, `${file}-wal`, `${file}-shm`]) expect(mode(part), part).toBe(0o600);
      await db.destroy();
    } finally {
      process.umask(previous);
    }
  });

  it("is tightened when an older install left it world-readable", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "sauna-modes-"));
    const file = path.join(dir, "site.sqlite");
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    const db = openDatabase({ dialect: "sqlite", file });
    await sql`select 1`.execute(db);
    expect(mode(file)).toBe(0o600);
    await db.destroy();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a PostgreSQL connection the server ends", () => {
  it("is dropped with a log line, never an uncaught error, even while checked out between statements", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const pool = createPostgresPool(url, { max: 2 });
    const killer = createPostgresPool(url, { max: 1 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      // Held by us between two statements, as a transaction waiting on our code holds it.
      const held = await pool.connect();
      const { rows } = await held.query<{ pid: number }>("select pg_backend_pid() as pid");
      await killer.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
      // The server's goodbye arrives on the idle socket of the checked-out client.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(held.query("select 1")).rejects.toThrow();
      held.release(true);
      // The pool carries on with a new connection.
      expect((await pool.query<{ one: number }>("select 1 as one")).rows[0]!.one).toBe(1);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await pool.end();
      await killer.end();
    }
  });
});
