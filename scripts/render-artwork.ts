/**
 * Renders the site's original artwork (the site ships its own: no third-party or stock images).
 * Everything is drawn as SVG by scripts/artwork/* and rasterised with sharp into public/.
 *
 *   npx tsx scripts/render-artwork.ts
 *
 * Output is deterministic: every picture is seeded from its slug.
 */

import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { parse as parseYaml } from "yaml";
import { sampleProducts } from "../app/server/seed/sample-products";
import { productJobs, siteJobs, type Job } from "./artwork/catalog";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const DEFAULT_AUTHORS = ["/images/authors/maija-lehtonen.webp", "/images/authors/daniel-okafor.webp"];

/** `image:` paths under `author:` in the front matter of content/articles/*.md. */
async function authorImages(): Promise<string[]> {
  const dir = path.join(root, "content", "articles");
  let files: string[] = [];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(".md"));
  } catch {
    files = [];
  }
  const found = new Set<string>();
  for (const f of files) {
    const text = await readFile(path.join(dir, f), "utf8");
    const frontMatter = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
    const image: unknown = frontMatter === undefined ? undefined : parseYaml(frontMatter)?.author?.image;
    if (typeof image === "string" && image) found.add(image);
  }
  return found.size ? [...found].sort() : DEFAULT_AUTHORS;
}

async function render(job: Job): Promise<number> {
  const out = path.join(publicDir, job.file);
  await mkdir(path.dirname(out), { recursive: true });
  const svg = job.svg();
  if (job.format === "svg") {
    await writeFile(out, svg);
    return Buffer.byteLength(svg);
  }
  let img = sharp(Buffer.from(svg)).resize(job.w, job.h);
  if (job.saturation !== undefined) img = img.modulate({ saturation: job.saturation });
  if (job.format === "webp") img = img.webp({ quality: 80, effort: 4 });
  else if (job.format === "jpg") img = img.flatten({ background: "#f5efe6" }).jpeg({ quality: 82, mozjpeg: true });
  else img = img.png({ compressionLevel: 9 });
  const info = await img.toFile(out);
  return info.size;
}

async function main(): Promise<void> {
  const started = Date.now();
  const authors = await authorImages();
  const jobs: Job[] = [
    ...sampleProducts.flatMap((p) => productJobs({ slug: p.slug, capacity: p.capacity, art: p.art })),
    ...siteJobs(authors),
  ];
  const only = process.argv[2];
  const todo = only ? jobs.filter((j) => j.file.includes(only)) : jobs;
  let bytes = 0;
  let done = 0;
  let next = 0;
  const sizes: { file: string; size: number }[] = [];
  const worker = async () => {
    while (next < todo.length) {
      const job = todo[next++]!;
      const size = await render(job);
      bytes += size;
      done += 1;
      sizes.push({ file: job.file, size });
    }
  };
  await Promise.all([worker(), worker()]);
  const big = sizes.filter((s) => s.size > 120 * 1024);
  for (const b of big) console.warn(`  large: ${b.file} ${(b.size / 1024).toFixed(0)} KB`);
  console.log(
    `Rendered ${done} files (${(bytes / 1024 / 1024).toFixed(2)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s; authors: ${authors.join(", ")}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
