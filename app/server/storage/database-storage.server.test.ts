import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { ImageResizer } from "../images/resize.server";
import { CHUNK_BYTES, DatabaseStorage } from "./database-storage.server";
import { MAX_IMAGE_BYTES } from "~/lib/admin/upload-limits";
import { moveImagesToDatabase } from "./move-to-database.server";
import { LocalDiskStorage, productImagesStorage } from "./storage.server";

const readAll = async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer());

function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

describe.each(testDialects)("product images in the database on %s", (dialect) => {
  let test: TestDatabase;
  let dir: string | undefined;
  afterEach(async () => {
    await test?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps a file in chunks and gives back the same bytes, size and time, a chunk per read", async () => {
    test = await createTestDatabase(dialect);
    const storage = new DatabaseStorage(test.db);
    const bytes = pseudoRandomBytes(2 * CHUNK_BYTES + 1234, 7);
    const before = Date.now();
    await storage.put("big-photo.jpg", bytes);
    const chunks = await test.db.selectFrom("stored_file_chunks").select("seq").execute();
    expect(chunks).toHaveLength(3);

    const file = await storage.open("big-photo.jpg");
    expect(file!.size).toBe(bytes.byteLength);
    expect(file!.modified.getTime()).toBeGreaterThanOrEqual(before - 1);
    const reader = file!.body.getReader();
    const pieces: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value);
    expect(pieces.map((piece) => piece.byteLength)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 1234]);
    expect(Buffer.concat(pieces).equals(Buffer.from(bytes))).toBe(true);
    expect(await storage.check({ create: false })).toEqual({ state: "ready", files: 1 });
  });

  it("replaces a file whole (old chunks gone), removes it, and refuses unsafe names and files over 10 MB", async () => {
    test = await createTestDatabase(dialect);
    const storage = new DatabaseStorage(test.db);
    await storage.put("a.png", pseudoRandomBytes(CHUNK_BYTES + 10, 1));
    const stale = await storage.open("a.png");
    await storage.put("a.png", pseudoRandomBytes(100, 2));
    expect(Buffer.from(await readAll((await storage.open("a.png"))!.body)).equals(Buffer.from(pseudoRandomBytes(100, 2)))).toBe(true);
    expect(await test.db.selectFrom("stored_file_chunks").select("seq").execute()).toHaveLength(1);
    // A reader of the old version stops with an error instead of mixing two pictures.
    await expect(readAll(stale!.body)).rejects.toThrow(/replaced or removed/);

    expect(await storage.remove("a.png")).toBe(true);
    expect(await storage.remove("a.png")).toBe(false);
    expect(await storage.open("a.png")).toBeNull();
    expect(await test.db.selectFrom("stored_file_chunks").select("seq").execute()).toHaveLength(0);

    await expect(storage.put("../escape.png", new Uint8Array(10))).rejects.toThrow(/refusing/);
    expect(await storage.open("../escape.png")).toBeNull();
    await expect(storage.put("huge.jpg", new Uint8Array(MAX_IMAGE_BYTES + 1))).rejects.toThrow(/larger than 10 MB/);
    expect(await storage.check({ create: true })).toEqual({ state: "ready", files: 0 });
  });

  it("feeds the image route: renders come from the database's original and are cached on this instance's disk", async () => {
    test = await createTestDatabase(dialect);
    dir = mkdtempSync(path.join(tmpdir(), "sauna-db-img-"));
    mkdirSync(path.join(dir, "public"));
    const storage = new DatabaseStorage(test.db);
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#2f6b3a" } })
      .jpeg()
      .toBuffer();
    await storage.put("cabin.jpg", photo);
    const resizer = new ImageResizer({ publicDir: path.join(dir, "public"), uploads: storage, cacheDir: path.join(dir, "image-cache") });
    const get = (src: string) => resizer.handle(new Request(`http://site.test/img/320x240${src}`, { headers: { accept: "image/webp" } }));

    const first = await get("/storage/product-images/cabin.jpg");
    expect(first.status).toBe(200);
    expect(await sharp(Buffer.from(await first.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });
    const again = await get("/storage/product-images/cabin.jpg");
    expect(again.status).toBe(200);
    await again.arrayBuffer();
    expect(resizer.renderCount).toBe(1);
    expect(readdirSync(path.join(dir, "image-cache"), { recursive: true }).some((name) => String(name).endsWith(".webp"))).toBe(true);

    // A replaced picture is a new source (new size and time): rendered again, not served stale.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await storage.put(
      "cabin.jpg",
      await sharp({ create: { width: 800, height: 600, channels: 3, background: "#b4500f" } })
        .jpeg()
        .toBuffer(),
    );
    expect((await get("/storage/product-images/cabin.jpg")).status).toBe(200);
    expect(resizer.renderCount).toBe(2);
    expect((await get("/storage/product-images/missing.jpg")).status).toBe(404);
  });

  it("is the driver IMAGE_STORAGE=database picks; disk stays the folder under DATA_DIR", async () => {
    test = await createTestDatabase(dialect);
    expect(productImagesStorage({ dataDir: "/srv/data", storage: "database" }, test.db)).toBeInstanceOf(DatabaseStorage);
    expect(productImagesStorage({ dataDir: "/srv/data", storage: "disk" }, test.db)).toBeInstanceOf(LocalDiskStorage);
  });

  it("moves the disk bucket into the database once: a second run skips what is there, and a file an upload would refuse stays out", async () => {
    test = await createTestDatabase(dialect);
    dir = mkdtempSync(path.join(tmpdir(), "sauna-move-"));
    const disk = new LocalDiskStorage(dir);
    mkdirSync(disk.directory, { recursive: true });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#b4500f" } })
      .jpeg()
      .toBuffer();
    await disk.put("one.jpg", photo);
    await disk.put("two.jpg", photo);
    writeFileSync(path.join(disk.directory, "fake.png"), "<html>not a picture</html>");

    const first = await moveImagesToDatabase(disk, test.db);
    expect(first).toEqual({ moved: ["one.jpg", "two.jpg"], alreadyThere: [], refused: [{ name: "fake.png", reason: "is not an image" }] });
    const second = await moveImagesToDatabase(disk, test.db);
    expect(second).toEqual({ moved: [], alreadyThere: ["one.jpg", "two.jpg"], refused: [{ name: "fake.png", reason: "is not an image" }] });
    const stored = await new DatabaseStorage(test.db).open("two.jpg");
    expect(Buffer.from(await readAll(stored!.body)).equals(photo)).toBe(true);
    // The originals stay on disk until the operator removes them.
    expect(await disk.names()).toEqual(["fake.png", "one.jpg", "two.jpg"]);
  });
});
