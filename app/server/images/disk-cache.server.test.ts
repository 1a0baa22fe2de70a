import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ImageDiskCache } from "./disk-cache.server";

const bytes = (size: number, fill = 1) => Buffer.alloc(size, fill);

/** Every file under the cache folder with its size, as the disk sees it. */
function filesOnDisk(dir: string): Map<string, number> {
  const files = new Map<string, number>();
  if (!existsSync(dir)) return files;
  for (const shard of readdirSync(dir)) {
    for (const name of readdirSync(path.join(dir, shard))) files.set(name, statSync(path.join(dir, shard, name)).size);
  }
  return files;
}

/** How many descriptors this process holds open on `file` (Linux: /proc/self/fd). */
function openDescriptors(file: string): number {
  let count = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === file) count += 1;
    } catch {
      // closed while we looked
    }
  }
  return count;
}

const total = (files: Map<string, number>) => [...files.values()].reduce((sum, size) => sum + size, 0);

describe("ImageDiskCache", () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), "img-cache-")), "image-cache");
  });
  afterEach(() => {
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("keeps the files under the byte budget, evicting the least recently used first", async () => {
    const cache = new ImageDiskCache(dir, 1000);
    await cache.write("aa1.avif", bytes(400));
    await cache.write("bb2.avif", bytes(400));
    // Reading aa1 makes bb2 the least recently used.
    expect((await cache.read("aa1.avif"))?.byteLength).toBe(400);
    await cache.write("cc3.webp", bytes(400));

    expect([...filesOnDisk(dir).keys()].sort()).toEqual(["aa1.avif", "cc3.webp"]);
    expect(cache.bytes).toBe(800);
    expect(await cache.read("bb2.avif")).toBeUndefined();
  });

  it("holds its budget over many writes of different sizes", async () => {
    const cache = new ImageDiskCache(dir, 10_000);
    for (let i = 0; i < 300; i += 1) {
      await cache.write(`${String(i).padStart(4, "0")}.avif`, bytes(100 + ((i * 37) % 900)));
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    const files = filesOnDisk(dir);
    expect(total(files)).toBe(cache.bytes);
    expect(total(files)).toBeLessThanOrEqual(10_000);
    // The newest write is always kept.
    expect(files.has("0299.avif")).toBe(true);
  });

  it("does not store a file larger than the whole budget", async () => {
    const cache = new ImageDiskCache(dir, 500);
    await cache.write("aa1.avif", bytes(300));
    await cache.write("bb2.avif", bytes(600));
    expect([...filesOnDisk(dir).keys()]).toEqual(["aa1.avif"]);
  });

  it("after a restart, finds the files already on disk, oldest first, and trims them to a smaller budget", async () => {
    const before = new ImageDiskCache(dir, 10_000);
    await before.write("aa1.avif", bytes(400));
    await before.write("bb2.avif", bytes(400));
    await before.write("cc3.avif", bytes(400));
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(dir, "bb", "bb2.avif"), old, old);

    const after = new ImageDiskCache(dir, 900);
    expect((await after.read("aa1.avif"))?.byteLength).toBe(400);
    expect([...filesOnDisk(dir).keys()].sort()).toEqual(["aa1.avif", "cc3.avif"]);
    expect(after.bytes).toBe(800);
  });

  it("treats a file deleted behind its back as a miss", async () => {
    const cache = new ImageDiskCache(dir, 1000);
    await cache.write("aa1.avif", bytes(100));
    rmSync(path.join(dir, "aa", "aa1.avif"));
    expect(await cache.read("aa1.avif")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("streams a hit from disk with the file's size, and counts it as a use", async () => {
    const cache = new ImageDiskCache(dir, 1000);
    const picture = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 251));
    await cache.write("aa1.avif", picture);
    await cache.write("bb2.avif", bytes(400));
    const hit = await cache.open("aa1.avif");
    expect(hit?.size).toBe(300);
    expect(Buffer.from(await new Response(hit!.body).arrayBuffer()).equals(picture)).toBe(true);
    // The open made aa1 the most recently used: bb2 goes first.
    await cache.write("cc3.webp", bytes(400));
    expect([...filesOnDisk(dir).keys()].sort()).toEqual(["aa1.avif", "cc3.webp"]);
    expect(await cache.open("bb2.avif")).toBeUndefined();
  });

  it("closes the file when a stream is read to the end or cancelled (a HEAD, a client gone)", async () => {
    if (!existsSync("/proc/self/fd")) return;
    const cache = new ImageDiskCache(dir, 10_000_000);
    // Larger than one read chunk (64 KB), so a cancel lands before the end of the file.
    await cache.write("aa1.avif", bytes(1_000_000));
    const file = path.join(dir, "aa", "aa1.avif");
    const waitForClose = async () => {
      for (let i = 0; i < 100 && openDescriptors(file) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      return openDescriptors(file);
    };

    const read = await cache.open("aa1.avif");
    expect(openDescriptors(file)).toBe(1);
    expect((await new Response(read!.body).arrayBuffer()).byteLength).toBe(1_000_000);
    expect(await waitForClose()).toBe(0);

    const cancelled = await cache.open("aa1.avif");
    const reader = cancelled!.body.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    expect(await waitForClose()).toBe(0);
  });

  it("streams a file evicted after it was opened to the end, at the size it had", async () => {
    const cache = new ImageDiskCache(dir, 500);
    await cache.write("aa1.avif", bytes(400, 7));
    const hit = await cache.open("aa1.avif");
    await cache.write("bb2.avif", bytes(400)); // evicts aa1 from the index and the disk
    expect(filesOnDisk(dir).has("aa1.avif")).toBe(false);
    expect(hit?.size).toBe(400);
    expect(Buffer.from(await new Response(hit!.body).arrayBuffer()).equals(bytes(400, 7))).toBe(true);
  });

  it("treats a file deleted behind its back as a miss when opening it too", async () => {
    const cache = new ImageDiskCache(dir, 1000);
    await cache.write("aa1.avif", bytes(100));
    rmSync(path.join(dir, "aa", "aa1.avif"));
    expect(await cache.open("aa1.avif")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});
