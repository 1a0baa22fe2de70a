import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connection.server";

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
