import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { fileWebStream } from "./file-web-stream.server";

/** The stream of an open file, sized by the handle's own stat as the callers do. */
async function streamOf(handle: FileHandle) {
  return fileWebStream(handle, (await handle.stat()).size);
}

/** "closed" once the stream has let go of the file: a read on a closed handle is refused. */
function fileState(handle: FileHandle): Promise<"open" | "closed"> {
  return handle.read(Buffer.alloc(1), 0, 1, 0).then(
    () => "open" as const,
    () => "closed" as const,
  );
}

describe("a file as a web stream", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "file-web-stream-"));
  const file = path.join(folder, "data.bin");
  const bytes = randomBytes(1_000_000);
  writeFileSync(file, bytes);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("gives every byte of the file, in order, and closes the file at its end", async () => {
    const handle = await open(file, "r");
    const read = Buffer.from(await new Response(await streamOf(handle)).arrayBuffer());
    expect(read.equals(bytes)).toBe(true);
    // Closed: a second close is refused by Node as EBADF or resolves; a read is refused.
    await expect(handle.read(Buffer.alloc(1), 0, 1, 0)).rejects.toThrow();
  });

  it("stops cleanly when the reader cancels mid-file, as an import cancelled during its save does", async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      for (let round = 0; round < 50; round++) {
        const handle = await open(file, "r");
        let chunks = 0;
        // The import reads through a Node stream made from the web stream, and breaks off.
        for await (const _chunk of Readable.fromWeb((await streamOf(handle)) as import("node:stream/web").ReadableStream<Uint8Array>)) {
          if (++chunks === 3) break;
        }
        // Closed once the cancel has reached the stream (a read in flight finishes first).
        await expect.poll(() => fileState(handle)).toBe("closed");
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });

  it("closes a file of one chunk before anyone reads it, so a response dropped unread holds no file", async () => {
    const small = path.join(folder, "small.bin");
    writeFileSync(small, bytes.subarray(0, 20_000));
    const handle = await open(small, "r");
    const stream = await streamOf(handle);
    await expect.poll(() => fileState(handle)).toBe("closed");
    expect(Buffer.from(await new Response(stream).arrayBuffer()).equals(bytes.subarray(0, 20_000))).toBe(true);
  });

  it("gives an empty file as an empty stream", async () => {
    const empty = path.join(folder, "empty.bin");
    writeFileSync(empty, "");
    expect((await new Response(await streamOf(await open(empty, "r"))).arrayBuffer()).byteLength).toBe(0);
  });

  it("passes a read error on to the reader and closes the file", async () => {
    const handle = await open(folder, "r"); // a directory: reading it fails with EISDIR
    await expect(new Response(await streamOf(handle)).arrayBuffer()).rejects.toThrow(/EISDIR/);
  });
});
