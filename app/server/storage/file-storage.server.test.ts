import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { fileStorage, FEED_FILES_BUCKET, StoredFileTooLarge, UPLOADS_BUCKET, type Storage } from "./storage.server";

// The buckets besides pictures (an uploaded feed, an import's file), on both drivers: streamed in
// whole or not at all, read back by any process that shares the storage.

async function* pieces(...parts: string[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield new TextEncoder().encode(part);
}

const drivers = testDialects.flatMap((dialect) => [
  { dialect, storage: "disk" as const },
  { dialect, storage: "database" as const },
]);

describe.each(drivers)("file storage on $storage ($dialect)", ({ dialect, storage }) => {
  let test: TestDatabase;
  let dataDir: string;
  let bucket: Storage;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(tmpdir(), "file-storage-"));
    bucket = fileStorage({ dataDir, storage }, test.db, FEED_FILES_BUCKET);
  });
  afterEach(async () => {
    await test.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("streams a file in, larger than one chunk, and reads it back from another handle", async () => {
    const big = "x".repeat(300 * 1024);
    expect(await bucket.putStream("a1b2.feed", pieces("<rss>", big, "</rss>"), 1024 * 1024)).toBe(big.length + 11);
    const other = fileStorage({ dataDir, storage }, test.openAnother(), FEED_FILES_BUCKET);
    const opened = await other.open("a1b2.feed");
    expect(opened?.size).toBe(big.length + 11);
    expect(await text(opened!.body)).toBe(`<rss>${big}</rss>`);
    // Another bucket does not see it.
    expect(await fileStorage({ dataDir, storage }, test.db, UPLOADS_BUCKET).open("a1b2.feed")).toBeNull();
  });

  it("stores nothing from a stream past its cap, and keeps the file it would have replaced", async () => {
    await bucket.putStream("kept.feed", pieces("old"), 10);
    await expect(bucket.putStream("kept.feed", pieces("12345", "67890", "x"), 10)).rejects.toBeInstanceOf(StoredFileTooLarge);
    expect(await text((await bucket.open("kept.feed"))!.body)).toBe("old");
    if (storage === "database") {
      const chunks = await test.db
        .selectFrom("stored_file_chunks")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(chunks.n)).toBe(1);
    }
  });

  it("refuses names that are not one plain path segment", async () => {
    await expect(bucket.putStream("../escape", pieces("x"), 10)).rejects.toThrow(/refusing to store/);
    expect(await bucket.open("../escape")).toBeNull();
    expect(await bucket.remove("kept.feed")).toBe(false);
  });
});
