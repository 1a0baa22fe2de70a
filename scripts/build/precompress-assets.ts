/**
 * Writes a Brotli (quality 11) and a gzip copy beside every script, style sheet and SVG of the
 * client build, so the server sends assets compressed once at build time instead of compressing
 * them on every request (docs/decisions/0035). Brotli at quality 11 is about 13% smaller than
 * gzip on our scripts but far too slow to run per request, which is why the on-the-fly
 * middleware settles for quality 4 (larger than gzip -9).
 *
 * The gzip copy is Zopfli's: a gzip stream any browser reads, about 3% smaller than zlib's level
 * 9 because Zopfli searches far longer for its matches (half a second for the framework chunk,
 * once per build). Browsers without Brotli, and proxies that strip it, receive that copy.
 */
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);

/** Zopfli's own advice for files under a few megabytes; more iterations gain bytes, not kilobytes. */
const ZOPFLI_ITERATIONS = 15;

/** What compresses well; fonts (woff2) and pictures are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this, the framing costs more than compression saves (same as the middleware's default). */
const MIN_BYTES = 1024;

export const PRECOMPRESSED_ENCODINGS = [
  { encoding: "br", extension: ".br" },
  { encoding: "gzip", extension: ".gz" },
] as const;

/**
 * Compresses every compressible file under `dir` (recursively) whose name `only` accepts (all by
 * default); returns how many copies it wrote.
 */
export async function precompressDirectory(dir: string, only: (name: string) => boolean = () => true): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && only(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        zopfliGzip(content, { numiterations: ZOPFLI_ITERATIONS }),
      ]);
      // A copy that is not smaller would only cost disk and a header.
      if (br.length < content.length) {
        await writeFile(file + ".br", br);
        written++;
      }
      if (gz.length < content.length) {
        await writeFile(file + ".gz", gz);
        written++;
      }
    }),
  );
  return written;
}

/**
 * Every asset of a finished build: react-router.config.ts calls this once both builds are written.
 * Not a bundler plugin: React Router writes the route manifest (`assets/manifest-<hash>.js`,
 * docs/decisions/0047) during the server build, after the client build's own hooks have run,
 * and Zopfli's few seconds are a step after bundling, not part of it.
 */
export async function precompressClientAssets(clientDir: string): Promise<number> {
  return precompressDirectory(path.join(clientDir, "assets"));
}
