import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { LocalDiskStorage, type Storage } from "../storage/storage.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  avifQuality,
  encodeWithSharp,
  ImageResizer,
  parseResizeUrl,
  parseSourcePath,
  preferredFormat,
  sharpResizeOptions,
  type ResizeParams,
} from "./resize.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/** The query form, /img?<query>. */
const params = (query: string) => parseResizeUrl(new URL(`http://site.test/img?${query}`));
/**
 * The path form, /img/<rest>, read from the path exactly as written: a URL object would already
 * have resolved '..' and '%2e%2e' segments, and the parser must refuse them on its own too.
 */
const pathParams = (rest: string) => parseResizeUrl({ pathname: `/img/${rest}`, searchParams: new URLSearchParams() });

/**
 * Waits, event-loop turn by turn, for a state the code under test reaches on its own (a real
 * render in between can take a while on a busy machine); gives up after 15 s.
 */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("the expected state was never reached");
}

describe("parseSourcePath", () => {
  it("accepts site paths under /images/ and /storage/product-images/, decoded once", () => {
    expect(parseSourcePath("/images/samples/a-1.webp")).toEqual({
      src: "/images/samples/a-1.webp",
      root: "public",
      relativePath: "images/samples/a-1.webp",
    });
    expect(parseSourcePath("/storage/product-images/my%20photo.JPG")).toEqual({
      src: "/storage/product-images/my photo.JPG",
      root: "uploads",
      relativePath: "my photo.JPG",
    });
    // A query on the path is not part of the file name.
    expect(parseSourcePath("/images/a.webp?v=2")).toMatchObject({ relativePath: "images/a.webp" });
  });

  it.each([
    ["missing", null],
    ["blank", "  "],
    ["an absolute URL", "https://evil.example/images/a.webp"],
    ["a protocol-relative URL", "//evil.example/images/a.webp"],
    ["a relative path", "images/a.webp"],
    ["another site path", "/favicon.svg"],
    ["the build's server code", "/assets/../../server/index.js"],
    ["a parent segment", "/images/../../etc/passwd.png"],
    ["a parent segment at the end of a root", "/images/..%2f..%2fsecret.webp"],
    ["an encoded parent segment", "/images/%2e%2e/%2e%2e/secret.webp"],
    ["a doubly encoded parent segment", "/images/%252e%252e/secret.webp"],
    ["an encoded backslash", "/images/..%5csecret.webp"],
    ["a backslash", "/images\\..\\secret.webp"],
    ["an encoded NUL", "/images/a.webp%00.png"],
    ["a current-directory segment", "/images/./a.webp"],
    ["an empty segment", "/images//a.webp"],
    ["the bare root", "/images/"],
    ["a prefix lookalike", "/images-private/a.webp"],
    ["a file that is not an image", "/images/notes.txt"],
    ["malformed encoding", "/images/%E0%A4%A.webp"],
  ])("refuses %s", (_label, value) => {
    expect(typeof parseSourcePath(value)).toBe("string");
  });
});

describe("parseResizeUrl, query form", () => {
  it("reads w, h, q and fit with the defaults: q 80, cover with a height, inside without", () => {
    expect(params("src=/images/a.webp&w=1600&h=600&q=85")).toMatchObject({
      ok: true,
      params: { width: 1600, height: 600, quality: 85, fit: "cover" },
    });
    expect(params("src=/images/a.webp&w=480")).toMatchObject({
      ok: true,
      params: { width: 480, height: undefined, quality: 80, fit: "inside" },
    });
    expect(params("src=/images/a.webp&w=480&h=360&fit=cover&refresh=123")).toMatchObject({ ok: true, params: { fit: "cover" } });
  });

  it("refuses malformed numbers and fits", () => {
    for (const bad of [
      "w=15",
      "w=2401",
      "w=800&h=15",
      "w=800&h=2401",
      "w=800&q=0",
      "w=800&q=101",
      "w=12.5",
      "w=-20",
      "w=abc",
      "",
      "w=800&fit=fill",
    ]) {
      expect(params(`src=/images/a.webp&${bad}`).ok, bad).toBe(false);
    }
  });

  it("accepts only the sizes the pages use", () => {
    expect(params("src=/images/a.webp&w=1600&h=600&q=85&fit=cover").ok).toBe(true);
    expect(params("src=/images/a.webp&w=640&h=480").ok).toBe(true);
  });

  // Each size no page uses, in both spellings: the same refusal, naming what is wrong.
  it.each([
    ["src=/images/a.webp&w=1234", "1234/images/a.webp", /^w=1234 is not a width this site serves/],
    ["src=/images/a.webp&w=1234&h=925", "1234x925/images/a.webp", /^w=1234 is not a width this site serves/],
    ["src=/images/a.webp&w=640&q=79", "640q79/images/a.webp", /^q=79 is not a quality this site serves/],
    ["src=/images/a.webp&w=640&h=480&q=79", "640x480q79/images/a.webp", /^q=79 is not a quality/],
    // Listed width and quality, but a crop no page asks for.
    ["src=/images/a.webp&w=640&h=641", "640x641/images/a.webp", /is not a size this site serves/],
    ["src=/images/a.webp&w=1600&h=600&q=80", "1600x600/images/a.webp", /is not a size this site serves/],
    ["src=/images/a.webp&w=640&h=480&fit=inside", "640x480-inside/images/a.webp", /is not a size this site serves/],
  ])("refuses %s, and /img/%s", (query, path, message) => {
    expect(params(query)).toEqual({ ok: false, message: expect.stringMatching(message) });
    expect(pathParams(path)).toEqual(params(query));
  });
});

describe("parseResizeUrl, path form", () => {
  it.each([
    ["320x240/images/samples/a-1.webp", "src=/images/samples/a-1.webp&w=320&h=240"],
    ["320/images/samples/a-1.webp", "src=/images/samples/a-1.webp&w=320"],
    ["1600x600q85/images/collections/barrel.webp", "src=/images/collections/barrel.webp&w=1600&h=600&q=85"],
    ["640x480-cover/images/a.webp", "src=/images/a.webp&w=640&h=480&fit=cover"],
    ["1600x600q85-cover/images/a.webp", "src=/images/a.webp&fit=cover&q=85&h=600&w=1600"],
    ["320/storage/product-images/my%2520photo.jpg", "src=/storage/product-images/my%2520photo.jpg&w=320"],
  ])("reads /img/%s as the query %s", (rest, query) => {
    const fromPath = pathParams(rest);
    expect(fromPath.ok, rest).toBe(true);
    expect(fromPath).toEqual(params(query));
  });

  it("reads the same size and source as the query form: one ResizeParams, one render key", () => {
    expect(pathParams("320x240/storage/product-images/my%2520photo.jpg")).toEqual({
      ok: true,
      params: {
        src: "/storage/product-images/my photo.jpg",
        root: "uploads",
        relativePath: "my photo.jpg",
        width: 320,
        height: 240,
        quality: 80,
        fit: "cover",
      },
    });
  });

  it("ignores a query on the path form (a cache-busting refresh, or query-form parameters)", () => {
    const withQuery = parseResizeUrl(new URL("http://site.test/img/480/images/a.webp?refresh=3&w=1234&src=/etc/passwd"));
    expect(withQuery).toEqual(pathParams("480/images/a.webp"));
    expect(withQuery.ok).toBe(true);
  });

  it.each([
    ["no size at all", "images/a.webp"],
    ["an empty size", "/images/a.webp"],
    ["a leading zero", "0320x240/images/a.webp"],
    ["a zero height", "320x0/images/a.webp"],
    ["a capital X", "320X240/images/a.webp"],
    ["a missing height", "320x/images/a.webp"],
    ["a height without a width", "x240/images/a.webp"],
    ["a decimal", "320.5/images/a.webp"],
    ["a negative number", "-320/images/a.webp"],
    ["a six-digit width", "100000/images/a.webp"],
    ["quality before height", "320q85x240/images/a.webp"],
    ["an unknown fit", "320x240-fill/images/a.webp"],
    ["a fit without its dash", "320x240cover/images/a.webp"],
    ["trailing text", "320x240px/images/a.webp"],
    ["an encoded size", "320%78240/images/a.webp"],
  ])("refuses a malformed size segment (%s) with a message that shows the grammar", (_label, rest) => {
    expect(pathParams(rest)).toEqual({
      ok: false,
      message: expect.stringMatching(/^the size must be <width>\[x<height>\]\[q<quality>\]\[-cover\|-inside\]/),
    });
  });

  it("checks numbers' ranges as the query form does", () => {
    expect(pathParams("15/images/a.webp")).toEqual(params("src=/images/a.webp&w=15"));
    expect(pathParams("2401/images/a.webp")).toEqual(params("src=/images/a.webp&w=2401"));
    expect(pathParams("800q101/images/a.webp")).toEqual(params("src=/images/a.webp&w=800&q=101"));
    expect(pathParams("15/images/a.webp").ok).toBe(false);
  });

  it.each([
    ["no source", "320x240"],
    ["an empty source", "320x240/"],
    ["a parent segment", "320x240/images/../../etc/passwd"],
    ["a parent segment with an image name", "320x240/images/../../etc/passwd.png"],
    ["encoded slashes", "320x240/images%2f..%2f..%2fetc%2fpasswd.png"],
    ["an encoded parent segment", "320x240/images/%2e%2e/%2e%2e/etc/passwd.png"],
    ["a doubly encoded parent segment", "320x240/images/%252e%252e/%252e%252e/etc/passwd.png"],
    ["a triply encoded parent segment", "320x240/images/%25252e%25252e/secret.webp"],
    ["an encoded backslash", "320x240/images/..%5c..%5csecret.webp"],
    ["a doubly encoded backslash", "320x240/images/..%255c..%255csecret.webp"],
    ["an encoded NUL", "320x240/images/a.webp%00.png"],
    ["a current-directory segment", "320x240/images/./a.webp"],
    ["an empty segment", "320x240/images//a.webp"],
    ["another site path", "320x240/favicon.svg"],
    ["the build's server code", "320x240/assets/../../server/index.js"],
    ["an absolute URL", "320x240/https://evil.example/images/a.webp"],
    ["a protocol-relative URL", "320x240//evil.example/images/a.webp"],
    ["an encoded protocol-relative URL", "320x240/%2F%2Fevil.example/images/a.webp"],
    ["a prefix lookalike", "320x240/images-private/a.webp"],
    ["malformed encoding", "320x240/images/%E0%A4%A.webp"],
  ])("refuses %s", (_label, rest) => {
    expect(pathParams(rest).ok, rest).toBe(false);
  });

  it("answers only at /img and below it", () => {
    expect(parseResizeUrl(new URL("http://site.test/etc/passwd")).ok).toBe(false);
    expect(parseResizeUrl(new URL("http://site.test/imgx?src=/images/a.webp&w=320")).ok).toBe(false);
  });
});

describe("preferredFormat", () => {
  it("answers AVIF only to browsers that list it", () => {
    expect(preferredFormat("image/avif,image/webp,image/apng,image/*,*/*;q=0.8")).toBe("avif");
    expect(preferredFormat("image/webp,*/*")).toBe("webp");
    expect(preferredFormat("image/avif;q=0, image/webp")).toBe("webp");
    expect(preferredFormat(null)).toBe("webp");
  });
});

describe("AVIF quality", () => {
  it("is WebP's quality less 25: the URL's number keeps WebP's meaning", () => {
    expect(avifQuality(80)).toBe(55);
    expect(avifQuality(85)).toBe(60);
    expect(avifQuality(10)).toBe(1);
  });

  it("gives a real photo the fidelity of its WebP in fewer bytes", async () => {
    const photo = path.resolve(import.meta.dirname, "../../../public/images/collections/outdoor-saunas.webp");
    const card: ResizeParams = {
      src: "/images/collections/outdoor-saunas.webp",
      root: "public",
      relativePath: "collections/outdoor-saunas.webp",
      width: 720,
      height: 450,
      quality: 80,
      fit: "cover",
    };
    const reference = await sharp(photo).resize(sharpResizeOptions(card)).removeAlpha().raw().toBuffer();
    /** Peak signal-to-noise ratio of an encoding against the unencoded resize, in dB. */
    const psnr = async (encoded: Buffer) => {
      const pixels = await sharp(encoded).removeAlpha().raw().toBuffer();
      let squares = 0;
      for (let index = 0; index < pixels.length; index++) squares += (pixels[index]! - reference[index]!) ** 2;
      return 10 * Math.log10((255 * 255) / (squares / pixels.length));
    };
    const avif = await encodeWithSharp(photo, card, "avif", 1e8);
    const webp = await encodeWithSharp(photo, card, "webp", 1e8);
    expect(avif.byteLength).toBeLessThan(webp.byteLength);
    expect(await psnr(avif)).toBeGreaterThan((await psnr(webp)) - 0.5);
  });
});

describe("sharpResizeOptions", () => {
  it("never enlarges, except that a cover crop fills its box", () => {
    expect(sharpResizeOptions({ width: 800, height: undefined, fit: "inside" }).withoutEnlargement).toBe(true);
    expect(sharpResizeOptions({ width: 800, height: 600, fit: "inside" }).withoutEnlargement).toBe(true);
    expect(sharpResizeOptions({ width: 800, height: undefined, fit: "cover" }).withoutEnlargement).toBe(true);
    expect(sharpResizeOptions({ width: 800, height: 600, fit: "cover" }).withoutEnlargement).toBe(false);
  });
});

describe("ImageResizer (real sharp renders on disk)", () => {
  let dir: string;
  let publicDir: string;
  let uploadsDir: string;
  let uploads: LocalDiskStorage;
  let cacheDir: string;
  const avifAccept = { accept: "image/avif,image/webp,*/*" };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "img-route-"));
    publicDir = path.join(dir, "client");
    uploadsDir = path.join(dir, "data", "storage", "product-images");
    uploads = new LocalDiskStorage(path.join(dir, "data", "storage"));
    cacheDir = path.join(dir, "data", "image-cache");
    mkdirSync(path.join(publicDir, "images", "collections"), { recursive: true });
    mkdirSync(uploadsDir, { recursive: true });
    const landscape = sharp({ create: { width: 2000, height: 1125, channels: 3, background: "#b4500f" } });
    await landscape
      .clone()
      .webp()
      .toFile(path.join(publicDir, "images", "collections", "barrel.webp"));
    await sharp({ create: { width: 1000, height: 1600, channels: 3, background: "#2f6b3a" } })
      .jpeg()
      .toFile(path.join(uploadsDir, "tall-photo.jpg"));
    await sharp({ create: { width: 400, height: 300, channels: 3, background: "#1f1a16" } })
      .png()
      .toFile(path.join(publicDir, "images", "small.png"));
    writeFileSync(path.join(dir, "secret.png"), "not for you");
    writeFileSync(path.join(publicDir, "images", "broken.png"), "this is not a PNG");
    symlinkSync(path.join(dir, "secret.png"), path.join(publicDir, "images", "escape.png"));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const resizer = () => new ImageResizer({ publicDir, uploads, cacheDir });
  const get = (r: ImageResizer, query: string, headers: Record<string, string> = {}, method = "GET") =>
    r.handle(new Request(`http://site.test/img?${query}`, { headers, method }));
  /** The path form: /img/<rest>, as the pages link to it. */
  const getPath = (r: ImageResizer, rest: string, headers: Record<string, string> = {}) =>
    r.handle(new Request(`http://site.test/img/${rest}`, { headers }));

  it("serves the path form, and both spellings of one size share one cached render and one ETag", async () => {
    const r = new ImageResizer({ publicDir, uploads, cacheDir: path.join(dir, "spellings-cache") });
    const byPath = await getPath(r, "800x600/images/collections/barrel.webp");
    expect(byPath.status).toBe(200);
    expect(byPath.headers.get("cache-control")).toBe(CACHE_CONTROL.image);
    const meta = await sharp(Buffer.from(await byPath.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 600]);
    expect(r.renderCount).toBe(1);

    const byQuery = await get(r, "src=/images/collections/barrel.webp&w=800&h=600&fit=cover");
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers.get("etag")).toBe(byPath.headers.get("etag"));
    const refreshed = await getPath(r, "800x600/images/collections/barrel.webp?refresh=5");
    expect(refreshed.headers.get("etag")).toBe(byPath.headers.get("etag"));
    expect(r.renderCount).toBe(1);
    expect(
      readdirSync(path.join(dir, "spellings-cache"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()),
    ).toHaveLength(1);

    const hero = await getPath(r, "1600x600q85/images/collections/barrel.webp", avifAccept);
    expect([hero.status, hero.headers.get("content-type")]).toEqual([200, "image/avif"]);
    const upload = await getPath(r, "320/storage/product-images/tall-photo.jpg");
    expect((await sharp(Buffer.from(await upload.arrayBuffer())).metadata()).height).toBe(512);
  });

  it("refuses traversal in the path form, spelled plainly or encoded, without reading anything", async () => {
    const r = resizer();
    for (const rest of [
      // The URL parser resolves these before the route sees them: they leave /img/ altogether.
      "320x240/images/../../etc/passwd",
      "320x240/images/%2e%2e/%2e%2e/etc/passwd",
      "320x240/../../secret.png",
      // These reach the route and are refused by its own checks.
      "320x240/images%2f..%2f..%2fsecret.png",
      "320x240/images/..%2f..%2fsecret.png",
      "320x240/images/%252e%252e/%252e%252e/secret.png",
      "320x240/images/..%5c..%5csecret.png",
      "320x240/images/..%255c..%255csecret.png",
      "320x240/images/a.png%00.png",
      "320x240/etc/passwd",
      "320x240/%2F%2Fevil.example/a.png",
    ]) {
      const response = await getPath(r, rest);
      expect(response.status, rest).toBe(400);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    }
    expect((await getPath(r, "320/images/escape.png")).status).toBe(404);
    expect((await getPath(r, "320/images/nope.webp")).status).toBe(404);
    expect(r.renderCount).toBe(0);
  });

  it("answers 400 in the path form to an unlisted width and to a malformed size, saying what is wrong", async () => {
    const r = resizer();
    const unlisted = await getPath(r, "1234/images/collections/barrel.webp");
    expect(unlisted.status).toBe(400);
    expect(await unlisted.text()).toMatch(/^w=1234 is not a width this site serves \(/);
    const unlistedCrop = await getPath(r, "640x123/images/collections/barrel.webp");
    expect(unlistedCrop.status).toBe(400);
    for (const rest of ["320px/images/collections/barrel.webp", "images/collections/barrel.webp", "320x240-fill/images/a.webp"]) {
      const malformed = await getPath(r, rest);
      expect(malformed.status, rest).toBe(400);
      expect(await malformed.text()).toBe("the size must be <width>[x<height>][q<quality>][-cover|-inside], e.g. 320x240 or 1600x600q85");
    }
    expect(r.renderCount).toBe(0);
  });

  it("renders the hero crop at exactly 1600x600, quality 85, as AVIF for browsers that accept it", async () => {
    const r = resizer();
    const response = await get(r, "src=/images/collections/barrel.webp&w=1600&h=600&q=85&fit=cover", avifAccept);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("cache-control")).toBe(CACHE_CONTROL.image);
    expect(response.headers.get("vary")).toBe("Accept");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
    expect(response.headers.get("last-modified")).toBeTruthy();
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(body.byteLength));
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe("heif");
    expect([meta.width, meta.height]).toEqual([1600, 600]);
  });

  it("answers WebP without image/avif in Accept, and never upscales a small source", async () => {
    const r = resizer();
    const response = await get(r, "src=/images/small.png&w=1280", { accept: "image/webp,*/*" });
    expect(response.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([400, 300]);
  });

  it("fits inside the box, keeping the aspect ratio, for uploads in the product-images bucket", async () => {
    const r = resizer();
    const response = await get(r, "src=/storage/product-images/tall-photo.jpg&w=320");
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 512]);
  });

  it("fills a cover box larger than the source instead of leaving it short", async () => {
    const r = resizer();
    const response = await get(r, "src=/images/small.png&w=800&h=600");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
  });

  it("serves a repeat request from the disk cache without rendering again, even after a restart", async () => {
    const query = "src=/images/collections/barrel.webp&w=320&h=180";
    const first = resizer();
    const a = await get(first, query);
    expect(first.renderCount).toBe(1);
    const b = await get(first, query);
    expect(first.renderCount).toBe(1);
    // The hit is streamed from the file, with the same length and ETag as the render.
    expect(b.headers.get("content-length")).toBe(a.headers.get("content-length"));
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
    expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
    const head = await get(first, query, {}, "HEAD");
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, a.headers.get("content-length"), ""]);
    expect(first.renderCount).toBe(1);

    const restarted = resizer();
    const c = await get(restarted, query);
    expect(c.status).toBe(200);
    expect(restarted.renderCount).toBe(0);

    // Another size, quality, fit or format is another render.
    await get(restarted, "src=/images/collections/barrel.webp&w=640&h=400");
    await get(restarted, query, avifAccept);
    expect(restarted.renderCount).toBe(2);
  });

  it("renders identical requests arriving together only once", async () => {
    const r = resizer();
    const query = "src=/images/collections/barrel.webp&w=960";
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(r, query)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(r.renderCount).toBe(1);
  });

  it("renders again when the source file changes", async () => {
    const r = resizer();
    const query = "src=/images/small.png&w=160";
    const before = await get(r, query);
    const file = path.join(publicDir, "images", "small.png");
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const after = await get(r, query);
    expect(r.renderCount).toBe(2);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("answers 304 to a matching ETag or an unchanged Last-Modified", async () => {
    const r = resizer();
    const query = "src=/images/collections/barrel.webp&w=320";
    const first = await get(r, query);
    const etag = first.headers.get("etag")!;
    const byEtag = await get(r, query, { "if-none-match": etag });
    expect(byEtag.status).toBe(304);
    expect(byEtag.headers.get("etag")).toBe(etag);
    expect(await byEtag.text()).toBe("");
    const byDate = await get(r, query, { "if-modified-since": first.headers.get("last-modified")! });
    expect(byDate.status).toBe(304);
    const stale = await get(r, query, { "if-none-match": '"something-else"' });
    expect(stale.status).toBe(200);
    // The WebP ETag does not match the AVIF render of the same picture.
    const otherFormat = await get(r, query, { "if-none-match": etag, ...avifAccept });
    expect(otherFormat.status).toBe(200);
  });

  it("refuses traversal and foreign URLs with 400, and answers 404 for a missing or escaping file", async () => {
    const r = resizer();
    for (const src of [
      "/images/../../secret.png",
      "/images/%2e%2e/%2e%2e/secret.png",
      encodeURIComponent("/images/%2e%2e/%2e%2e/secret.png"),
      "https://evil.example/a.png",
      "//evil.example/a.png",
      "/etc/passwd",
    ]) {
      const response = await get(r, `src=${encodeURIComponent(src)}&w=320`);
      expect(response.status, src).toBe(400);
      expect(response.headers.get("content-type")).toContain("text/plain");
    }
    expect((await get(r, "src=/images/nope.webp&w=320")).status).toBe(404);
    expect((await get(r, "src=/storage/product-images/nope.jpg&w=320")).status).toBe(404);
    // A symbolic link inside the public directory that points outside it.
    expect((await get(r, "src=/images/escape.png&w=320")).status).toBe(404);
    expect(r.renderCount).toBe(0);
  });

  it("answers 422 for a file sharp cannot read, and for a source above the pixel limit", async () => {
    const r = resizer();
    expect((await get(r, "src=/images/broken.png&w=320")).status).toBe(422);
    const strict = new ImageResizer({ publicDir, uploads, cacheDir: path.join(dir, "strict-cache"), maxInputPixels: 1000 * 1000 });
    expect((await get(strict, "src=/images/collections/barrel.webp&w=320")).status).toBe(422);
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
  });

  it("answers 400 with a short plain message to a width, quality or crop no page uses, without rendering", async () => {
    const r = resizer();
    const unlisted = await get(r, "src=/images/collections/barrel.webp&w=1234");
    expect(unlisted.status).toBe(400);
    expect(unlisted.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await unlisted.text()).toMatch(/^w=1234 is not a width this site serves \(/);
    const badQuality = await get(r, "src=/images/collections/barrel.webp&w=640&h=480&q=81");
    expect(badQuality.status).toBe(400);
    expect(await badQuality.text()).toMatch(/^q=81 is not a quality this site serves/);
    expect((await get(r, "src=/images/collections/barrel.webp&w=640&h=123")).status).toBe(400);
    expect(r.renderCount).toBe(0);
  });

  it("negotiates the format of one URL by Accept: AVIF, WebP, and WebP when AVIF is refused", async () => {
    const r = resizer();
    const query = "src=/images/collections/barrel.webp&w=480&h=360";
    const formats = [];
    for (const accept of ["image/avif,image/webp,*/*", "image/webp,*/*", "image/avif;q=0,image/webp", "*/*"]) {
      const response = await get(r, query, { accept });
      expect(response.headers.get("vary")).toBe("Accept");
      formats.push(response.headers.get("content-type"), (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format);
    }
    expect(formats).toEqual(["image/avif", "heif", "image/webp", "webp", "image/webp", "webp", "image/webp", "webp"]);
  });

  it("keeps its disk cache under the byte budget, evicting the least recently used renders", async () => {
    const budgetDir = path.join(dir, "budget-cache");
    const measure = new ImageResizer({ publicDir, uploads, cacheDir: path.join(dir, "measure-cache") });
    const sizeOf = async (query: string) => (await (await get(measure, query)).arrayBuffer()).byteLength;
    const queries = [160, 240, 320, 480, 640].map((w) => `src=/images/collections/barrel.webp&w=${w}&h=${(w * 3) / 4}`);
    const sizes = await Promise.all(queries.map(sizeOf));
    // Room for the last two renders, not three.
    const budget = sizes[3]! + sizes[4]! + Math.min(...sizes) - 1;
    const r = new ImageResizer({ publicDir, uploads, cacheDir: budgetDir, cacheMaxBytes: budget });
    for (const query of queries.slice(0, 4)) await get(r, query);
    // A hit on the first makes the second the least recently used.
    await get(r, queries[0]!);
    await get(r, queries[4]!);
    expect(r.cache.bytes).toBeLessThanOrEqual(budget);
    const onDisk = readdirSync(budgetDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(onDisk.reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0)).toBe(r.cache.bytes);
    expect(r.renderCount).toBe(5);
    // The evicted renders are rendered again; the kept ones are read from disk.
    await get(r, queries[4]!);
    expect(r.renderCount).toBe(5);
    await get(r, queries[1]!);
    expect(r.renderCount).toBe(6);
  });

  it("runs no more renders at once than its limit and answers 503 with Retry-After beyond the queue", async () => {
    const gates: (() => void)[] = [];
    const r = new ImageResizer({
      publicDir,
      uploads,
      cacheDir: path.join(dir, "limit-cache"),
      maxConcurrentRenders: 1,
      maxQueuedRenders: 1,
      // The real encoder, held open until the test lets it go.
      encode: async (...args) => {
        await new Promise<void>((resolve) => gates.push(resolve));
        return encodeWithSharp(...args);
      },
    });
    const query = (w: number) => `src=/images/collections/barrel.webp&w=${w}&h=${(w * 3) / 4}`;
    const first = get(r, query(160));
    await until(() => r.limiter.active === 1);
    const second = get(r, query(240));
    await until(() => r.limiter.queued === 1);

    const refused = await get(r, query(320));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toMatch(/try again/);
    // A cached or identical request does not need a slot of its own.
    const sameAsFirst = get(r, query(160));

    gates.shift()!();
    await until(() => gates.length === 1);
    expect(r.limiter.active).toBe(1);
    gates.shift()!();
    expect((await Promise.all([first, second, sameAsFirst])).map((response) => response.status)).toEqual([200, 200, 200]);
    expect(r.renderCount).toBe(2);
  });

  it("lets go of an upload it opened but did not read: a request refused by a full queue leaves no file open", async () => {
    let opened = 0;
    let cancelled = 0;
    // The disk driver, counting the streams it hands out and those cancelled.
    const counting: Storage = Object.assign(Object.create(uploads) as LocalDiskStorage, {
      async open(name: string) {
        const file = await uploads.open(name);
        if (!file) return null;
        opened++;
        const inner = file.body.getReader();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { done, value } = await inner.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
          cancel(reason) {
            cancelled++;
            return inner.cancel(reason);
          },
        });
        return { ...file, body };
      },
    });
    const gates: (() => void)[] = [];
    const r = new ImageResizer({
      publicDir,
      uploads: counting,
      cacheDir: path.join(dir, "release-cache"),
      maxConcurrentRenders: 1,
      maxQueuedRenders: 0,
      encode: async (...args) => {
        await new Promise<void>((resolve) => gates.push(resolve));
        return encodeWithSharp(...args);
      },
    });
    const first = get(r, "src=/storage/product-images/tall-photo.jpg&w=320");
    await until(() => r.limiter.active === 1);
    const refused = await get(r, "src=/storage/product-images/tall-photo.jpg&w=480");
    expect(refused.status).toBe(503);
    expect(opened).toBe(2);
    expect(cancelled).toBe(1);
    await until(() => gates.length === 1);
    gates.shift()!();
    expect((await first).status).toBe(200);
  });

  it("sends headers but no body to HEAD", async () => {
    const r = resizer();
    const response = await get(r, "src=/images/small.png&w=160", {}, "HEAD");
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await response.text()).toBe("");
  });
});
