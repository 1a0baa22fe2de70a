import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "~/lib/admin/upload-limits";
import { checkImage, storeProductImages } from "./image-upload.server";
import { LocalDiskStorage, localProductImages } from "./storage.server";

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sauna-storage-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const png = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: "#b4500f" } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: "#2f6b3a" } })
    .jpeg()
    .toBuffer();

describe("the product-images bucket on local disk: status (the products page's storage check)", () => {
  it("is missing at first, created on request, then ready with its file count", async () => {
    const storage = localProductImages({ dataDir });
    expect(await storage.check({ create: false })).toEqual({ state: "missing" });
    expect(await storage.check({ create: true })).toEqual({ state: "created", files: 0 });
    await storage.put("a.png", await png());
    await storage.put("b.png", await png());
    expect(await storage.check({ create: true })).toEqual({ state: "ready", files: 2 });
  });

  it("reports storage it cannot reach (a file where a folder should be) as inaccessible", async () => {
    writeFileSync(path.join(dataDir, "storage"), "a file where the folder should be");
    const status = await localProductImages({ dataDir }).check({ create: true });
    expect(status.state).toBe("inaccessible");
    const blocked = new LocalDiskStorage(path.join(dataDir, "storage", "deeper"));
    expect((await blocked.check({ create: true })).state).toBe("inaccessible");
  });

  it("reports partial access when the bucket exists but cannot be listed", async () => {
    mkdirSync(path.join(dataDir, "storage"), { recursive: true });
    writeFileSync(path.join(dataDir, "storage", "product-images"), "not a folder");
    expect((await localProductImages({ dataDir }).check({ create: true })).state).toBe("partial");
  });

  it("reports creation failure when the bucket folder cannot be made", async () => {
    // Tests run as root here, where permissions do not stop mkdir: fail it on purpose instead.
    class ReadOnlyDisk extends LocalDiskStorage {
      protected override makeBucketDirectory(): Promise<void> {
        return Promise.reject(Object.assign(new Error("read-only file system"), { code: "EROFS" }));
      }
    }
    expect(await new ReadOnlyDisk(path.join(dataDir, "storage")).check({ create: true })).toEqual({
      state: "create-failed",
      detail: "EROFS: read-only file system",
    });
  });
});

describe("uploading pictures", () => {
  it("stores real images under their safe names and serves them back", async () => {
    const storage = localProductImages({ dataDir });
    const results = await storeProductImages(storage, [
      { name: "Aurora Side.jpg", bytes: await jpeg() },
      { name: "front.png", bytes: await png(20, 10) },
    ]);
    expect(results).toEqual([
      { file: "Aurora Side.jpg", ok: true, storedAs: "Aurora-Side.jpg", width: 16, height: 12 },
      { file: "front.png", ok: true, storedAs: "front.png", width: 20, height: 10 },
    ]);
    const stored = readFileSync(path.join(dataDir, "storage", "product-images", "front.png"));
    expect(stored.equals(await png(20, 10))).toBe(true);
    const opened = await storage.open("front.png");
    expect(opened?.size).toBe(stored.length);
    expect(await storage.open("../front.png")).toBeNull();
    expect(await storage.open("missing.png")).toBeNull();
  });

  it("refuses what is not a real image, keeping the good files of the same upload", async () => {
    const storage = localProductImages({ dataDir });
    const good = await png();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const results = await storeProductImages(storage, [
      { name: "page.jpg", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
      { name: "truncated.png", bytes: good.subarray(0, good.length - 20) },
      { name: "vector.svg", bytes: svg },
      { name: "ok.png", bytes: good },
      { name: "empty.png", bytes: new Uint8Array() },
    ]);
    expect(results.map((result) => (result.ok ? `stored ${result.storedAs}` : `${result.file} ${result.reason}`))).toEqual([
      "page.jpg is not an image",
      "truncated.png is damaged or incomplete",
      "vector.svg is not a JPEG, PNG, WebP, AVIF or GIF image",
      "stored ok.png",
      "empty.png is empty",
    ]);
    expect(await storage.check({ create: false })).toEqual({ state: "ready", files: 1 });
  });

  it("refuses files over 10 MB and over 40 megapixels", async () => {
    expect(await checkImage(new Uint8Array(MAX_IMAGE_BYTES + 1))).toEqual({ ok: false, reason: "is larger than 10 MB" });
    // A decompression bomb in miniature: a tiny PNG whose header claims 8000 x 6000 (48 MP).
    const big = Buffer.from(await png());
    big.writeUInt32BE(8000, 16);
    big.writeUInt32BE(6000, 20);
    big.writeUInt32BE(crc32(big.subarray(12, 29)), 29);
    expect(await checkImage(big)).toEqual({ ok: false, reason: "is 8000 x 6000 pixels; the limit is 40 megapixels" });
  });
});
