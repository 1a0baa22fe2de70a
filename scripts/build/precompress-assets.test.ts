import express from "express";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module of the process (server.js), no type declarations
import { acceptedEncodings, precompressedAssets } from "../../precompressed-assets.js";
import { precompressClientAssets, precompressDirectory } from "./precompress-assets";

const SCRIPT = "export const words = [" + Array.from({ length: 400 }, (_, i) => `"word ${i % 37}"`).join(",") + "];\n";

let dir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
  writeFileSync(path.join(dir, "app-1234.js"), SCRIPT);
  writeFileSync(path.join(dir, "tiny-1234.js"), "export {};\n");
  writeFileSync(path.join(dir, "font-1234.woff2"), Buffer.alloc(4096, 7));
  await precompressDirectory(dir);

  const app = express();
  app.use("/assets", precompressedAssets(dir, { immutable: true, maxAge: "1y" }), express.static(dir, { fallthrough: false }));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("precompressDirectory", () => {
  it("writes a Brotli and a gzip copy that decompress to the original", () => {
    expect(zlib.brotliDecompressSync(readFileSync(path.join(dir, "app-1234.js.br"))).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(readFileSync(path.join(dir, "app-1234.js.gz"))).toString()).toBe(SCRIPT);
    expect(readFileSync(path.join(dir, "app-1234.js.br")).length).toBeLessThan(readFileSync(path.join(dir, "app-1234.js.gz")).length);
  });

  it("writes a gzip copy smaller than zlib's best", () => {
    const zlibBest = zlib.gzipSync(SCRIPT, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
    expect(readFileSync(path.join(dir, "app-1234.js.gz")).length).toBeLessThan(zlibBest);
  });

  it("leaves tiny files and already compressed formats alone", () => {
    expect(existsSync(path.join(dir, "tiny-1234.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "font-1234.woff2.br"))).toBe(false);
    expect(existsSync(path.join(dir, "font-1234.woff2.gz"))).toBe(false);
  });
});

describe("precompressClientAssets", () => {
  it("compresses every asset of the client build, the route manifest included", async () => {
    const client = mkdtempSync(path.join(tmpdir(), "precompress-client-"));
    try {
      mkdirSync(path.join(client, "assets"));
      writeFileSync(path.join(client, "assets", "manifest-1a2b3c4d.js"), SCRIPT);
      writeFileSync(path.join(client, "assets", "home-1234.js"), SCRIPT);
      writeFileSync(path.join(client, "robots-like.txt"), SCRIPT);
      expect(await precompressClientAssets(client)).toBe(4);
      expect(zlib.gunzipSync(readFileSync(path.join(client, "assets", "manifest-1a2b3c4d.js.gz"))).toString()).toBe(SCRIPT);
      expect(existsSync(path.join(client, "assets", "manifest-1a2b3c4d.js.br"))).toBe(true);
      expect(existsSync(path.join(client, "assets", "home-1234.js.br"))).toBe(true);
      // Only the hashed assets: files outside assets/ are served as they are.
      expect(existsSync(path.join(client, "robots-like.txt.gz"))).toBe(false);
    } finally {
      rmSync(client, { recursive: true, force: true });
    }
  });
});

describe("acceptedEncodings", () => {
  it("prefers Brotli whatever order the browser lists codings in", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
  });
  it("honours q=0 and the wildcard", () => {
    expect(acceptedEncodings("br;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("*, br;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe("precompressedAssets middleware", () => {
  async function get(name: string, acceptEncoding: string, method = "GET") {
    // fetch() would decompress and hide the coding; read the raw bytes over http instead.
    const { request } = await import("node:http");
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${origin}/assets/${name}`, { method, headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("sends the Brotli copy with the original's type and the cache headers", async () => {
    const response = await get("app-1234.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["vary"]).toBe("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it("sends gzip to a browser without Brotli", async () => {
    const response = await get("app-1234.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(response.body).toString()).toBe(SCRIPT);
  });

  it("passes other requests on: no accepted coding, no copy, or a file the build does not compress", async () => {
    const plain = await get("app-1234.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(SCRIPT);

    const tiny = await get("tiny-1234.js", "br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("export {};\n");

    const font = await get("font-1234.woff2", "br");
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.body.length).toBe(4096);
  });

  it("answers HEAD with the headers of the copy and 404 for a missing asset", async () => {
    const head = await get("app-1234.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(readFileSync(path.join(dir, "app-1234.js.br")).length);
    expect((await get("missing-1234.js", "br")).status).toBe(404);
  });
});
