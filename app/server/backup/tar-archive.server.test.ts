import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pack as tarPack, type Pack } from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { NotABackupError, readTarGz, TarGzWriter } from "./tar-archive.server";

const root = mkdtempSync(path.join(tmpdir(), "tar-archive-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function readAll(file: string) {
  const names: string[] = [];
  for await (const entry of readTarGz(file)) names.push(`${entry.name}:${entry.bytes.byteLength}`);
  return names;
}

/** A .tar.gz of the given headers, made by tar-stream directly (what a hostile file could hold). */
async function archiveOf(name: string, entries: Array<{ header: Parameters<Pack["entry"]>[0]; body?: string }>): Promise<string> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on("data", (chunk) => void chunks.push(chunk as Buffer));
  const done = new Promise<void>((resolve) => pack.on("end", () => resolve()));
  for (const { header, body } of entries) {
    if (body === undefined) pack.entry(header);
    else pack.entry(header, body);
  }
  pack.finalize();
  await done;
  const file = path.join(root, name);
  writeFileSync(file, gzipSync(Buffer.concat(chunks)));
  return file;
}

describe("backup archives", () => {
  it("round-trip files with long names, modes and dates", async () => {
    const file = path.join(root, "round-trip.tar.gz");
    const writer = new TarGzWriter(file);
    const longName = `storage/${"a".repeat(120)}/picture.webp`;
    await writer.add({ name: "manifest.json", bytes: Buffer.from("{}\n") });
    await writer.add({ name: longName, bytes: new Uint8Array(70_000).fill(7), mode: 0o644, modified: new Date("2026-01-02T03:04:05Z") });
    await writer.close();
    const entries = [];
    for await (const entry of readTarGz(file)) entries.push(entry);
    expect(entries.map((entry) => entry.name)).toEqual(["manifest.json", longName]);
    expect(entries[1]!.bytes.byteLength).toBe(70_000);
    expect(entries[1]!.mode).toBe(0o644);
    expect(entries[1]!.modified?.toISOString()).toBe("2026-01-02T03:04:05.000Z");
  });

  it("refuse a link, a name outside the folder and an absolute name", async () => {
    const link = await archiveOf("link.tar.gz", [{ header: { name: "storage/x", type: "symlink", linkname: "/etc/passwd" } }]);
    await expect(readAll(link)).rejects.toThrow(/something other than a plain file/);
    const climbing = await archiveOf("climb.tar.gz", [{ header: { name: "../outside", type: "file" }, body: "x" }]);
    await expect(readAll(climbing)).rejects.toThrow(/outside its folder/);
    const absolute = await archiveOf("absolute.tar.gz", [{ header: { name: "/etc/cron.d/x", type: "file" }, body: "x" }]);
    await expect(readAll(absolute)).rejects.toThrow(NotABackupError);
  });

  it("refuse a file cut short in the middle of an entry", async () => {
    const file = path.join(root, "whole.tar.gz");
    const writer = new TarGzWriter(file);
    await writer.add({ name: "big.bin", bytes: new Uint8Array(200_000).map((_, index) => (index * 7919) % 251) });
    await writer.close();
    const cut = path.join(root, "cut.tar.gz");
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(readAll(cut)).rejects.toThrow(/cut short|not a readable backup/);
  });
});
