/**
 * Every picture the site ships, as render jobs: a path under public/, a size, and a function
 * returning the SVG. scripts/render-artwork.ts turns them into WebP / PNG / JPEG files.
 */

import { exteriorSvg, type Art, type ExteriorOpts } from "./compose";
import { detailSvg } from "./details";
import { avatarSvg, faviconSvg, genericPlaceholderSvg, touchIconSvg } from "./icons";
import { interiorSvg } from "./interiors";
import { articleSvg, type ArticleHero } from "./stills";

export interface Job {
  /** Path under public/, e.g. images/samples/x-1.webp */
  file: string;
  w: number;
  h: number;
  format: "webp" | "png" | "jpg" | "svg";
  svg: () => string;
  /** Post-processing: lower saturation (fallbacks and placeholders). */
  saturation?: number;
}

export interface ProductArtInput {
  slug: string;
  capacity?: number;
  art: Art;
}

export function sizeFor(capacity: number | undefined): number {
  const c = capacity ?? 4;
  if (c <= 2) return 0.75;
  if (c <= 4) return 1;
  if (c <= 6) return 1.2;
  return 1.35;
}

export function productJobs(p: ProductArtInput): Job[] {
  const size = sizeFor(p.capacity);
  return [
    {
      file: `images/samples/${p.slug}-1.webp`,
      w: 1600,
      h: 1200,
      format: "webp",
      svg: () => exteriorSvg({ w: 1600, h: 1200, art: p.art, seed: p.slug, size }),
    },
    {
      file: `images/samples/${p.slug}-2.webp`,
      w: 1600,
      h: 1200,
      format: "webp",
      svg: () => interiorSvg(1600, 1200, p.art, p.slug, p.capacity ?? 4),
    },
    { file: `images/samples/${p.slug}-3.webp`, w: 1000, h: 1600, format: "webp", svg: () => detailSvg(1000, 1600, p.art, p.slug) },
  ];
}

type Scene = Omit<ExteriorOpts, "w" | "h" | "seed">;

const a = (shape: Art["shape"], wood: string, setting: Art["setting"], heater: Art["heater"], accent: string): Art => ({
  shape,
  wood,
  setting,
  heater,
  accent,
});

export const COLLECTIONS: Record<string, Scene> = {
  "modern-outdoor-saunas": { art: a("modern", "charred", "lake", "electric", "#b45309"), mood: "golden", props: { lights: true } },
  "traditional-finnish-saunas": { art: a("cabin", "pine", "lake", "wood", "#7a4a2a"), mood: "golden" },
  "infrared-saunas": { art: a("cube", "hemlock", "garden", "infrared", "#3a302a"), mood: "dusk" },
  "barrel-saunas": { art: a("barrel", "cedar", "forest", "wood", "#2f2a26"), mood: "day" },
  "wood-fired-saunas": { art: a("cabin", "cedar", "snow", "wood", "#5a3420"), mood: "winterDusk" },
  "electric-saunas": { art: a("cube", "thermowood", "garden", "electric", "#2b2b2b"), mood: "day" },
  "clt-saunas": { art: a("clt", "spruce", "mountain", "electric", "#3a3330"), mood: "golden" },
  "custom-saunas": { art: a("modern", "cedar", "coast", "wood", "#2f3a3a"), mood: "morning", props: { greenRoof: true } },
  "two-person-saunas": { art: a("barrel", "hemlock", "forest", "electric", "#3b2f28"), mood: "morning", size: 0.7, fit: 0.4 },
  "four-person-saunas": { art: a("cabin", "spruce", "lake", "wood", "#6b4a2a"), mood: "day", size: 1, fit: 0.4 },
  "six-person-saunas": { art: a("cabin", "thermowood", "lake", "wood", "#c2a27a"), mood: "golden", size: 1.35, fit: 0.6 },
  "budget-saunas": { art: a("cube", "pine", "garden", "electric", "#6b5030"), mood: "day", size: 0.7, fit: 0.36 },
  "premium-saunas": { art: a("modern", "thermowood", "lake", "wood", "#c9a46a"), mood: "golden", props: { lights: true } },
  "luxury-saunas": { art: a("modern", "charred", "lake", "electric", "#d4a373"), mood: "dusk", props: { lights: true }, fit: 0.52 },
  "recovery-saunas": { art: a("barrel", "thermowood", "forest", "wood", "#2b2522"), mood: "morning", props: { plunge: true }, fit: 0.44 },
  "eco-friendly-saunas": { art: a("cube", "spruce", "forest", "wood", "#4d6b3c"), mood: "day", props: { greenRoof: true, solar: true } },
  "outdoor-saunas": { art: a("cabin", "cedar", "lake", "wood", "#3b2a20"), mood: "morning" },
};

const FALLBACKS: Record<string, Scene> = {
  barrel: { art: a("barrel", "cedar", "garden", "electric", "#3b2f28"), mood: "mist" },
  infrared: { art: a("cube", "hemlock", "garden", "infrared", "#3a302a"), mood: "mist" },
  traditional: { art: a("cabin", "spruce", "forest", "wood", "#6b4a2a"), mood: "mist" },
  "eco-friendly": { art: a("cube", "spruce", "forest", "wood", "#4d6b3c"), mood: "mist", props: { greenRoof: true, solar: true } },
  electric: { art: a("cube", "thermowood", "garden", "electric", "#2b2b2b"), mood: "mist" },
  outdoor: { art: a("barrel", "cedar", "lake", "wood", "#2f2a26"), mood: "mist" },
  generic: { art: a("cabin", "pine", "forest", "electric", "#6b4a2a"), mood: "mist" },
};

const PLACEHOLDERS: Scene[] = [
  { art: a("barrel", "hemlock", "forest", "electric", "#6b5a4a"), mood: "mist" },
  { art: a("cabin", "spruce", "lake", "wood", "#7a6a5a"), mood: "mist" },
  { art: a("cube", "pine", "garden", "electric", "#5a5048"), mood: "mist" },
  { art: a("pod", "hemlock", "coast", "electric", "#6b5a4a"), mood: "mist" },
];

const BUILTIN: Record<string, Scene> = {
  barrel: { art: a("barrel", "cedar", "lake", "wood", "#2f2a26"), mood: "golden" },
  "traditional-finnish": { art: a("cabin", "spruce", "snow", "wood", "#7a3b22"), mood: "winterDay" },
  infrared: { art: a("cube", "hemlock", "garden", "infrared", "#2b2522"), mood: "dusk" },
  "diy-cedar-kit": {
    art: a("cabin", "cedar", "garden", "electric", "#6b4a2a"),
    mood: "day",
    props: { kit: true },
    fit: 0.4,
    centerX: 0.42,
    mirror: false,
  },
};

const ARTICLES: ArticleHero[] = ["infrared-vs-traditional", "health-benefits-of-sauna", "sauna-maintenance", "diy-sauna-bench"];

function scene(
  file: string,
  w: number,
  h: number,
  seed: string,
  sc: Scene,
  extra: Partial<Job> = {},
  opts: Partial<ExteriorOpts> = {},
): Job {
  return { file, w, h, format: "webp", svg: () => exteriorSvg({ ...sc, ...opts, w, h, seed }), ...extra };
}

export function siteJobs(authorImages: string[]): Job[] {
  const jobs: Job[] = [];
  for (const [slug, sc] of Object.entries(COLLECTIONS))
    jobs.push(scene(`images/collections/${slug}.webp`, 1600, 900, `collection:${slug}`, sc));
  for (const [slug, sc] of Object.entries(FALLBACKS))
    jobs.push(
      scene(`images/fallbacks/${slug}.webp`, 1600, 1200, `fallback:${slug}`, sc, { saturation: 0.7 }, { muted: 0.22, vignette: 0.1 }),
    );
  PLACEHOLDERS.forEach((sc, i) =>
    jobs.push(
      scene(
        `images/placeholders/sauna-${i + 1}.webp`,
        1600,
        1200,
        `placeholder:${i + 1}`,
        sc,
        { saturation: 0.5 },
        { muted: 0.42, vignette: 0.05 },
      ),
    ),
  );
  jobs.push({ file: "images/placeholders/generic.webp", w: 1600, h: 1200, format: "webp", svg: () => genericPlaceholderSvg(1600, 1200) });
  for (const [slug, sc] of Object.entries(BUILTIN)) jobs.push(scene(`images/builtin/${slug}.webp`, 1600, 1200, `builtin:${slug}`, sc));
  for (const k of ARTICLES)
    jobs.push({ file: `images/articles/${k}.webp`, w: 1600, h: 900, format: "webp", svg: () => articleSvg(k, 1600, 900) });
  jobs.push(
    scene("images/articles/best-barrel-saunas.webp", 1600, 900, "article:best-barrel-saunas", {
      art: a("barrel", "cedar", "garden", "wood", "#2f2a26"),
      mood: "golden",
    }),
  );
  for (const img of authorImages) {
    const slug = img.replace(/^.*\//, "").replace(/\.[a-z]+$/, "");
    jobs.push({ file: img.replace(/^\//, ""), w: 400, h: 400, format: "webp", svg: () => avatarSvg(slug, 400) });
  }
  jobs.push({ file: "favicon.svg", w: 32, h: 32, format: "svg", svg: faviconSvg });
  jobs.push({ file: "apple-touch-icon.png", w: 180, h: 180, format: "png", svg: () => touchIconSvg(180) });
  jobs.push(
    scene(
      "images/og-default.jpg",
      1200,
      630,
      "og-default",
      { art: a("barrel", "cedar", "lake", "wood", "#2f2a26"), mood: "golden", fit: 0.42 },
      { format: "jpg" },
    ),
  );
  return jobs;
}
