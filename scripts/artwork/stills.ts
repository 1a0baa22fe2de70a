/** Still lifes and article heroes: towels, water, brushes, buckets, a workbench, a split scene. */

import type { Art } from "./compose";
import { interiorBody } from "./interiors";
import { mood, tint, type Mood } from "./mood";
import { interiorTone, shade, STEEL, STONE, woodTone, type WoodTone } from "./palette";
import { Rng } from "./rng";
import { backdrop, makeFrame, steamWisps, vignette } from "./scenes";
import { circle, Doc, ellipse, line, n, path, poly, rect } from "./svg";

/** Wooden bench top seen from the front and slightly above, spanning the width. */
function benchTop(doc: Doc, w: number, y: number, depth: number, t: WoodTone, rng: Rng, edge = 40): string {
  let s = "";
  const planks = 4;
  for (let i = 0; i < planks; i++) {
    const y0 = y + (depth * i) / planks;
    s += rect(0, y0, w, depth / planks - 3, shade(t.light, -0.02 * i + rng.range(-0.03, 0.03)));
    s += rect(0, y0 + depth / planks - 3, w, 3, shade(t.seam, 0.1), `opacity="0.6"`);
  }
  s += rect(0, y + depth, w, edge, shade(t.base, -0.12));
  s += rect(0, y + depth + edge, w, 12, "#000", `opacity="0.18"`);
  return s;
}

function wallBoards(w: number, h: number, t: WoodTone, rng: Rng, dir: "h" | "v" = "h", size = 70, darken = 0): string {
  let s = "";
  let d = "";
  const count = Math.ceil((dir === "h" ? h : w) / size);
  for (let i = 0; i < count; i++) {
    const c = shade(t.base, darken + rng.range(-t.vary, t.vary));
    s += dir === "h" ? rect(0, i * size, w, size, c) : rect(i * size, 0, size, h, c);
    if (i) d += dir === "h" ? `M0 ${i * size}h${w}` : `M${i * size} 0v${h}`;
  }
  return s + path(d, "none", `stroke="${t.seam}" stroke-width="2" opacity="0.5"`);
}

function rolledTowel(x: number, base: number, r: number, len: number, color: string, stripe: string): string {
  let s = ellipse(x + len / 2, base, len * 0.6, r * 0.25, "#000", `opacity="0.18"`);
  s += rect(x, base - 2 * r, len, 2 * r, shade(color, -0.05), `rx="${n(r * 0.3)}"`);
  s += rect(x, base - 2 * r, len, r * 0.5, shade(color, 0.2), `rx="${n(r * 0.2)}"`);
  s += rect(x + len * 0.7, base - 2 * r, len * 0.08, 2 * r, stripe, `opacity="0.8"`);
  // spiral end
  s += circle(x, base - r, r, shade(color, 0.05));
  s += path(
    `M${n(x)} ${n(base - r)}m${n(-r * 0.15)} 0a${n(r * 0.15)} ${n(r * 0.15)} 0 1 1 ${n(r * 0.3)} 0a${n(r * 0.35)} ${n(r * 0.35)} 0 1 1 ${n(-r * 0.6)} 0a${n(r * 0.6)} ${n(r * 0.6)} 0 1 1 ${n(r * 1.15)} 0a${n(r * 0.85)} ${n(r * 0.85)} 0 1 1 ${n(-r * 1.6)} 0`,
    "none",
    `stroke="${shade(color, -0.2)}" stroke-width="${n(r * 0.06)}"`,
  );
  return s;
}

function waterGlass(x: number, base: number, w: number, h: number): string {
  let s = ellipse(x, base, w * 0.7, w * 0.12, "#000", `opacity="0.15"`);
  s += path(
    `M${n(x - w / 2)} ${n(base - h)}L${n(x + w / 2)} ${n(base - h)}L${n(x + w * 0.42)} ${n(base)}L${n(x - w * 0.42)} ${n(base)}Z`,
    "#e8f1f4",
    `opacity="0.55"`,
  );
  s += path(
    `M${n(x - w * 0.47)} ${n(base - h * 0.7)}L${n(x + w * 0.47)} ${n(base - h * 0.7)}L${n(x + w * 0.42)} ${n(base)}L${n(x - w * 0.42)} ${n(base)}Z`,
    "#a9d0de",
    `opacity="0.6"`,
  );
  s += ellipse(x, base - h * 0.7, w * 0.47, w * 0.07, "#d4ecf4", `opacity="0.8"`);
  s += rect(x - w * 0.36, base - h * 0.92, w * 0.07, h * 0.8, "#ffffff", `opacity="0.5"`);
  s += ellipse(x, base - h, w / 2, w * 0.08, "none", `stroke="#ffffff" stroke-width="2" opacity="0.8"`);
  // lemon slice
  s += circle(x + w * 0.18, base - h * 0.72, w * 0.2, "#f2d45c", `opacity="0.9"`);
  return s;
}

function birchWhisk(rng: Rng, x: number, base: number, len: number): string {
  let s = "";
  s += rect(x, base - 16, len * 0.35, 16, "#8a6a45", `rx="6"`);
  s += rect(x + len * 0.1, base - 18, 14, 20, "#c9b48a");
  let d = "";
  const tones = ["#5f8a45", "#7aa152", "#4c7339", "#8fb461"];
  for (let layer = 0; layer < 4; layer++) {
    d = "";
    for (let i = 0; i < 16; i++) {
      const lx = x + len * 0.3 + rng.range(0, len * 0.7);
      const ly = base - rng.range(6, 70) * (1 - (lx - x - len * 0.3) / (len * 1.4));
      const r = rng.range(12, 20);
      const a = rng.range(-0.6, 0.6);
      d += `M${n(lx - r)} ${n(ly)}Q${n(lx)} ${n(ly - r * 0.8)} ${n(lx + r)} ${n(ly + a * 4)}Q${n(lx)} ${n(ly + r * 0.7)} ${n(lx - r)} ${n(ly)}Z`;
    }
    s += path(d, tones[layer]!);
  }
  return s;
}

function frontTub(doc: Doc, x: number, base: number, w: number, h: number, t: WoodTone, m: Mood): string {
  let s = ellipse(x, base, w * 0.65, w * 0.08, m.shadow, `opacity="0.3"`);
  s += rect(
    x - w / 2,
    base - h,
    w,
    h,
    doc.linear(
      [
        [0, shade(t.base, 0.12)],
        [0.4, t.base],
        [1, shade(t.base, -0.35)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  let d = "";
  for (let i = 1; i < 10; i++) d += `M${n(x - w / 2 + (w * i) / 10)} ${n(base - h)}v${n(h)}`;
  s += path(d, "none", `stroke="${t.seam}" stroke-width="2" opacity="0.6"`);
  for (const f of [0.2, 0.78]) s += rect(x - w / 2 - 3, base - h * f - 7, w + 6, 14, tint(m, STEEL.dark));
  s += ellipse(x, base - h, w / 2, w * 0.1, shade(t.end, 0));
  s += ellipse(x, base - h + 4, w * 0.44, w * 0.075, tint(m, "#6fa6bd"));
  s += ellipse(x - w * 0.1, base - h + 2, w * 0.18, w * 0.02, "#ffffff", `opacity="0.5"`);
  return s;
}

function healthHero(doc: Doc, w: number, h: number, rng: Rng): string {
  const m = mood("morning");
  const f = makeFrame(w, h, "lake", m, rng.fork("bg"), { x0: w * 0.5, x1: w * 0.9, y0: h * 0.3, y1: h * 0.8 }, h * 0.8, true);
  f.horizonY = h * 0.5;
  f.groundY = h * 0.66;
  let s = backdrop(doc, f);
  s += rect(0, 0, w, h, "#f6efe6", `opacity="0.18"`);
  const t = woodTone("thermowood");
  // plunge tub in the middle distance with a little mist
  s += frontTub(doc, w * 0.76, h * 0.74, 300, 190, tint(m, t.base) ? { ...t, base: tint(m, t.base) } : t, m);
  s += steamWisps(doc, w * 0.76, h * 0.74 - 200, 260, 260, rng, 3, 0.35);
  // deck bench in front
  const bt = woodTone("hemlock");
  s += benchTop(doc, w, h * 0.78, h * 0.12, bt, rng, 60);
  s += rolledTowel(w * 0.16, h * 0.86, 60, 320, "#f3efe8", "#b45309");
  s += rolledTowel(w * 0.19, h * 0.86 - 110, 50, 260, "#e9dfcf", "#2f5d3a");
  s += waterGlass(w * 0.46, h * 0.88, 90, 170);
  s += birchWhisk(rng, w * 0.54, h * 0.9, 300);
  s += steamWisps(doc, w * 0.3, h * 0.7, 300, 380, rng, 3, 0.3);
  s += vignette(doc, { w, h }, 0.22);
  return s;
}

function brush(x: number, base: number, len: number, t: WoodTone): string {
  let s = ellipse(x + len / 2, base, len * 0.6, 10, "#000", `opacity="0.2"`);
  s += rect(x, base - 70, len, 40, shade(t.light, 0.05), `rx="18"`);
  s += rect(x, base - 70, len, 12, shade(t.light, 0.2), `rx="8"`);
  let d = "";
  for (let i = 0; i < len / 8; i++) d += `M${n(x + 8 + i * 8)} ${n(base - 32)}v30`;
  s += path(d, "none", `stroke="#d9c9a0" stroke-width="5"`);
  s += path(d, "none", `stroke="#b9a77a" stroke-width="2"`);
  return s;
}

function oilCan(x: number, base: number, sc: number): string {
  let s = ellipse(x, base, 90 * sc, 14 * sc, "#000", `opacity="0.2"`);
  s += rect(x - 70 * sc, base - 200 * sc, 140 * sc, 200 * sc, "#2f5d3a", `rx="${n(10 * sc)}"`);
  s += rect(x - 70 * sc, base - 200 * sc, 40 * sc, 200 * sc, "#ffffff", `opacity="0.12"`);
  s += rect(x - 58 * sc, base - 140 * sc, 116 * sc, 80 * sc, "#efe6d8", `rx="${n(4 * sc)}"`);
  s += path(
    `M${n(x - 30 * sc)} ${n(base - 120 * sc)}q${n(30 * sc)} ${n(-30 * sc)} ${n(60 * sc)} 0q${n(-30 * sc)} ${n(30 * sc)} ${n(-60 * sc)} 0Z`,
    "#7aa152",
  );
  s += rect(x - 74 * sc, base - 212 * sc, 148 * sc, 16 * sc, "#9aa0a5", `rx="${n(6 * sc)}"`);
  s += rect(x + 10 * sc, base - 250 * sc, 40 * sc, 40 * sc, "#b8bdc2", `rx="${n(4 * sc)}"`);
  s += rect(x + 16 * sc, base - 262 * sc, 28 * sc, 14 * sc, "#5a5f64");
  return s;
}

function smallBucket(x: number, base: number, w: number, h: number, t: WoodTone): string {
  let s = ellipse(x, base, w * 0.7, w * 0.1, "#000", `opacity="0.2"`);
  s += path(
    `M${n(x - w / 2)} ${n(base - h)}L${n(x + w / 2)} ${n(base - h)}L${n(x + w * 0.42)} ${n(base)}L${n(x - w * 0.42)} ${n(base)}Z`,
    t.base,
  );
  s += path(
    `M${n(x + w * 0.1)} ${n(base - h)}L${n(x + w / 2)} ${n(base - h)}L${n(x + w * 0.42)} ${n(base)}L${n(x + w * 0.08)} ${n(base)}Z`,
    "#000",
    `opacity="0.18"`,
  );
  let d = "";
  for (let i = 1; i < 7; i++) d += `M${n(x - w / 2 + (w * i) / 7)} ${n(base - h)}L${n(x - w * 0.42 + (w * 0.84 * i) / 7)} ${n(base)}`;
  s += path(d, "none", `stroke="${t.seam}" stroke-width="2" opacity="0.6"`);
  for (const f of [0.2, 0.75]) s += rect(x - w * (0.5 - f * 0.08) - 2, base - h * (1 - f) - 6, w * (1 - f * 0.16) + 4, 12, STEEL.dark);
  s += ellipse(x, base - h, w / 2, w * 0.1, t.end);
  s += ellipse(x, base - h + 3, w * 0.42, w * 0.075, "#40616d");
  s += line([x + w * 0.1, base - h], [x + w * 0.75, base - h - w * 0.9], shade(t.light, 0.1), 12, `stroke-linecap="round"`);
  return s;
}

function stoneHeap(rng: Rng, x: number, base: number, w: number): string {
  let s = ellipse(x, base, w * 0.6, w * 0.08, "#000", `opacity="0.2"`);
  for (let row = 0; row < 3; row++) {
    const c = 5 - row;
    for (let i = 0; i < c; i++) {
      const sx = x - w / 2 + (w * (i + 0.5 + row * 0.5)) / 5 + rng.range(-8, 8);
      const sy = base - 22 - row * 34 + rng.range(-5, 5);
      const rx = rng.range(28, 40);
      const col = rng.pick(STONE);
      s +=
        ellipse(sx, sy, rx, rx * 0.7, col) + ellipse(sx - rx * 0.25, sy - rx * 0.25, rx * 0.5, rx * 0.3, shade(col, 0.2), `opacity="0.8"`);
    }
  }
  return s;
}

function maintenanceHero(doc: Doc, w: number, h: number, rng: Rng): string {
  const t = interiorTone("hemlock");
  let s = wallBoards(w, h, t, rng, "h", 64, -0.06);
  s += rect(
    0,
    0,
    w,
    h,
    doc.linear(
      [
        [0, "#ffffff", 0.1],
        [1, "#000000", 0.12],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  // window light falling on the wall
  s += poly(
    [
      [w * 0.55, 0],
      [w * 0.85, 0],
      [w * 0.7, h * 0.65],
      [w * 0.4, h * 0.65],
    ],
    "#fff6e0",
    `opacity="0.18"`,
  );
  const top = h * 0.66;
  s += benchTop(doc, w, top, h * 0.16, t, rng, 50);
  const base = top + h * 0.1;
  s += smallBucket(w * 0.22, base, 180, 160, interiorTone("cedar"));
  s += brush(w * 0.36, base + 10, 240, interiorTone("pine"));
  s += stoneHeap(rng, w * 0.6, base + 6, 260);
  s += oilCan(w * 0.8, base, 1);
  // folded cloth and sanding block
  s += rect(w * 0.66, base - 26, 150, 26, "#d8cbb5", `rx="6"`) + rect(w * 0.66, base - 26, 150, 8, "#e8dcc8", `rx="4"`);
  s += rect(w * 0.9, base - 50, 110, 50, "#c0532a", `rx="8"`) + rect(w * 0.9, base - 14, 110, 14, "#8f8466", `rx="4"`);
  s += vignette(doc, { w, h }, 0.35, "#1a0e08");
  return s;
}

function clamp(x: number, base: number, hgt: number, open: number): string {
  // F-clamp: bar, fixed jaw, sliding jaw and handle
  let s = rect(x - 8, base - hgt, 16, hgt + 40, "#5b6066");
  s += rect(x - 8, base - hgt, 90, 22, "#c2410c", `rx="4"`);
  s += rect(x - 8, base - hgt + open, 90, 22, "#c2410c", `rx="4"`);
  s += rect(x + 60, base - hgt + open + 22, 14, 40, "#7c8287");
  s += rect(x + 50, base - hgt + open + 60, 34, 70, "#2b2522", `rx="10"`);
  return s;
}

function diyHero(doc: Doc, w: number, h: number, rng: Rng): string {
  // workshop wall of plywood with a saw and a square hanging
  let s = rect(0, 0, w, h, "#d9c29a");
  for (let i = 0; i < 3; i++) s += rect(0, (h * i) / 3, w, 3, "#b89d74", `opacity="0.6"`);
  for (let i = 1; i < 4; i++) s += rect((w * i) / 4, 0, 3, h * 0.62, "#b89d74", `opacity="0.6"`);
  s += rect(
    0,
    0,
    w,
    h,
    doc.radial(
      [
        [0, "#fff7e6", 0.35],
        [1, "#fff7e6", 0],
      ],
      0.3,
      0.1,
      0.8,
    ),
  );
  // hand saw
  s += path(
    `M${n(w * 0.62)} ${n(h * 0.1)}L${n(w * 0.8)} ${n(h * 0.1)}L${n(w * 0.8)} ${n(h * 0.16)}L${n(w * 0.62)} ${n(h * 0.2)}Z`,
    "#c7ccd1",
  );
  s += rect(w * 0.8, h * 0.08, 80, 70, "#9a3412", `rx="16"`) + rect(w * 0.8 + 22, h * 0.08 + 18, 40, 30, "#d9c29a", `rx="8"`);
  // square
  s += path(`M${n(w * 0.12)} ${n(h * 0.08)}h24v${n(h * 0.3)}h${n(w * 0.12)}v24h${n(-w * 0.12 - 24)}Z`, "#8d9399");
  s += rect(w * 0.12, h * 0.08, 24, h * 0.2, "#6b4a2a");
  // workbench
  const t = woodTone("pine");
  const top = h * 0.62;
  s += rect(0, top, w, h * 0.08, shade(t.light, 0.02));
  s += rect(0, top + h * 0.08, w, 36, shade(t.base, -0.15));
  s += rect(0, top + h * 0.08 + 36, w, h, "#6b5a48");
  s += rect(w * 0.05, top + h * 0.08 + 36, 40, h, "#4e4035") + rect(w * 0.92, top + h * 0.08 + 36, 40, h, "#4e4035");
  // half-built bench: frame with legs and some slats
  const ct = interiorTone("cedar");
  const bx = w * 0.22;
  const bw = w * 0.5;
  const by = top + h * 0.04;
  const legH = 200;
  s += rect(bx, by - legH, 34, legH, shade(ct.base, -0.1)) + rect(bx + bw - 34, by - legH, 34, legH, shade(ct.base, -0.15));
  s += rect(bx, by - legH, bw, 30, shade(ct.base, -0.05));
  s += rect(bx, by - 60, bw, 22, shade(ct.base, -0.2));
  // slats: three fastened, two lying loose
  for (let i = 0; i < 3; i++) {
    s += rect(
      bx - 10,
      by - legH - 26 - i * 0,
      bw * 0.55 + 20,
      26,
      shade(ct.light, 0.05 - i * 0.03),
      `transform="translate(${n(i * 0)} 0)" rx="4"`,
    );
  }
  s += rect(bx - 10, by - legH - 26, bw + 20, 26, shade(ct.light, 0.06), `rx="4" opacity="0.0"`);
  s += rect(bx - 10, by - legH - 26, bw * 0.55 + 20, 26, shade(ct.light, 0.05), `rx="4"`);
  for (let i = 0; i < 3; i++) s += circle(bx + 20 + (bw * 0.5 * i) / 2, by - legH - 13, 4, "#4b4f54");
  // loose slats stacked at the right of the bench
  for (let i = 0; i < 4; i++)
    s += rect(
      w * 0.7,
      top - 24 - i * 24,
      w * 0.26,
      22,
      shade(ct.light, 0.04 - i * 0.03 + rng.range(-0.02, 0.02)),
      `rx="3" stroke="${ct.seam}" stroke-width="1.5"`,
    );
  // clamps on the slats
  s += clamp(w * 0.74, top, 150, 40);
  s += clamp(w * 0.88, top, 150, 40);
  // pencil, sawdust
  s += path(`M${n(w * 0.1)} ${n(top + 20)}l180 -10l14 8l-14 6l-180 10Z`, "#f2c14e");
  for (let i = 0; i < 60; i++)
    s += circle(rng.range(w * 0.15, w * 0.8), top + rng.range(4, h * 0.07), rng.range(1.5, 4), "#f0dcb2", `opacity="0.8"`);
  s += vignette(doc, { w, h }, 0.3, "#1a0e08");
  return s;
}

function splitHero(doc: Doc, w: number, h: number): string {
  const ir: Art = { shape: "cube", wood: "hemlock", setting: "forest", heater: "infrared", accent: "#222222" };
  const wood: Art = { shape: "cabin", wood: "spruce", setting: "lake", heater: "wood", accent: "#7a4a2a" };
  const left = interiorBody(doc, w, h, ir, "split-ir", 2);
  const right = interiorBody(doc, w, h, wood, "split-wood", 4);
  const cl = doc.clip(rect(0, 0, w / 2, h, "#000"));
  const cr = doc.clip(rect(w / 2, 0, w / 2, h, "#000"));
  let s = `<g clip-path="${cl}"><g transform="translate(${n(-w * 0.2)} 0)">${left}</g></g>`;
  s += `<g clip-path="${cr}"><g transform="translate(${n(w * 1.12)} 0) scale(-1 1)">${right}</g></g>`;
  s += rect(w / 2 - 3, 0, 6, h, "#f5efe6", `opacity="0.9"`);
  s += rect(
    w / 2 - 40,
    0,
    80,
    h,
    doc.linear(
      [
        [0, "#000", 0],
        [0.5, "#000", 0.18],
        [1, "#000", 0],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  return s;
}

export type ArticleHero = "infrared-vs-traditional" | "health-benefits-of-sauna" | "sauna-maintenance" | "diy-sauna-bench";

export function articleSvg(kind: ArticleHero, w: number, h: number): string {
  const rng = new Rng(`article:${kind}`);
  const doc = new Doc(w, h, rng);
  let s = "";
  if (kind === "infrared-vs-traditional") s = splitHero(doc, w, h);
  else if (kind === "health-benefits-of-sauna") s = healthHero(doc, w, h, rng);
  else if (kind === "sauna-maintenance") s = maintenanceHero(doc, w, h, rng);
  else s = diyHero(doc, w, h, rng);
  return doc.render(s);
}
