import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
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
});
