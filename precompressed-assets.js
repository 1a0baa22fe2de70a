// Serves the Brotli or gzip copy the build wrote beside an asset (scripts/build/precompress-assets.ts)
// when the browser accepts it, so an asset is compressed once, at the best level, instead of on
// every request at a fast one (docs/decisions/0035). Anything without a copy falls through to the
// next handler (on-the-fly compression and the plain file).
import express from "express";
import { readdirSync } from "node:fs";
import path from "node:path";

// Our preference, best first: Brotli at quality 11 is smaller than gzip -9.
const ENCODINGS = [
  { coding: "br", extension: ".br" },
  { coding: "gzip", extension: ".gz" },
];

// Only the kinds the build compresses; the copy's own extension must not decide the type.
const CONTENT_TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * The codings an Accept-Encoding header allows, in our order of preference. A coding counts when
 * it is listed (or `*` is) with a quality above 0; `identity` is never chosen here.
 */
export function acceptedEncodings(header) {
  const qualities = new Map();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    qualities.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return ENCODINGS.filter(({ coding }) => (qualities.get(coding) ?? qualities.get("*") ?? 0) > 0).map(({ coding }) => coding);
}

/**
 * Middleware for a folder of build output. `staticOptions` are express.static's (cache headers);
 * the list of copies is read once, since a build's assets never change while the process runs.
 */
export function precompressedAssets(dir, staticOptions = {}) {
  let files;
  try {
    files = new Set(readdirSync(dir, { recursive: true }).map((name) => String(name).split(path.sep).join("/")));
  } catch {
    files = new Set();
  }
  const serve = express.static(dir, {
    ...staticOptions,
    fallthrough: true,
    setHeaders(res, filePath, stat) {
      staticOptions.setHeaders?.(res, filePath, stat);
      const encoding = ENCODINGS.find(({ extension }) => filePath.endsWith(extension));
      const original = filePath.slice(0, -encoding.extension.length);
      res.setHeader("Content-Type", CONTENT_TYPES[path.extname(original)] ?? "application/octet-stream");
      res.setHeader("Content-Encoding", encoding.coding);
      res.setHeader("Vary", "Accept-Encoding");
    },
  });

  return function servePrecompressed(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let name;
    try {
      name = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    if (!CONTENT_TYPES[path.extname(name)]) return next();
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = ENCODINGS.find(({ coding, extension }) => accepted.includes(coding) && files.has(name + extension));
    if (!encoding) {
      // The plain file is answered by the next handler; caches must still key on the header.
      if (files.has(name + ".br") || files.has(name + ".gz")) res.setHeader("Vary", "Accept-Encoding");
      return next();
    }
    const originalUrl = req.url;
    const queryStart = req.url.indexOf("?");
    req.url =
      req.url.slice(0, queryStart === -1 ? undefined : queryStart) +
      encoding.extension +
      (queryStart === -1 ? "" : req.url.slice(queryStart));
    serve(req, res, () => {
      // The copy disappeared (a rebuild under a running process): serve the plain file instead.
      req.url = originalUrl;
      res.removeHeader("Content-Encoding");
      next();
    });
  };
}
