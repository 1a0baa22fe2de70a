/** Trees, shrubs, grass, rocks: the living parts of every setting. */

import { mix, shade } from "./palette";
import type { Rng } from "./rng";
import { circle, line, n, path, pathD, poly, smoothD, type P } from "./svg";

/** Outline of a conifer, as a closed polygon. */
export function coniferPoints(rng: Rng, x: number, base: number, h: number, w: number, tiers = 6): { right: P[]; left: P[]; apex: P } {
  const apex: P = [x + rng.jitter(0, w * 0.03), base - h];
  const crown = h * 0.9;
  const right: P[] = [];
  const left: P[] = [];
  for (let i = 1; i <= tiers; i++) {
    const t = i / tiers;
    const y = apex[1] + crown * t;
    const hw = w * (0.22 + 0.78 * t) * rng.range(0.88, 1.08);
    const tierH = crown / tiers;
    const droop = tierH * 0.18;
    right.push([x + hw, y + droop]);
    left.push([x - hw * rng.range(0.9, 1.05), y + droop * rng.range(0.6, 1.2)]);
    if (i < tiers) {
      right.push([x + hw * 0.42, y - tierH * 0.1]);
      left.push([x - hw * 0.42, y - tierH * 0.1]);
    }
  }
  right.push([x + w * 0.07, base - h * 0.1]);
  left.push([x - w * 0.07, base - h * 0.1]);
  return { right, left, apex };
}

/** A semi-flat conifer: dark body, lit left half, optional snow on the tiers. */
export function conifer(
  rng: Rng,
  x: number,
  base: number,
  h: number,
  light: string,
  dark: string,
  snow = false,
  trunk = "#4a3326",
): string {
  const w = h * rng.range(0.2, 0.26);
  const tiers = Math.max(4, Math.round(h / 38) + rng.int(0, 1));
  const { right, left, apex } = coniferPoints(rng, x, base, h, w, Math.min(tiers, 9));
  const outline = [apex, ...right, [x, base - h * 0.1] as P, ...[...left].reverse()];
  let s = "";
  s += poly(
    [
      [x - w * 0.06, base],
      [x + w * 0.06, base],
      [x + w * 0.05, base - h * 0.14],
      [x - w * 0.05, base - h * 0.14],
    ],
    trunk,
  );
  s += poly(outline, dark);
  const lit = [apex, [x + w * 0.02, base - h * 0.12] as P, ...[...left].reverse()];
  s += poly(lit, light);
  if (snow) {
    const caps: string[] = [];
    const all = [apex, ...right];
    const allL = [apex, ...left];
    for (let i = 1; i < left.length; i += 2) {
      const tipL = allL[i]!;
      const tipR = all[i]!;
      const top = allL[i - 1]!;
      const th = Math.max(2, h * 0.018);
      caps.push(
        pathD([
          top,
          [lerp(top[0], tipL[0], 0.5), lerp(top[1], tipL[1], 0.5) - th * 0.2],
          tipL,
          [tipL[0] + th, tipL[1] - th * 0.2],
          [lerp(top[0], tipL[0], 0.45), lerp(top[1], tipL[1], 0.45) + th * 1.3],
          [top[0], top[1] + th * 2.2],
          [lerp(top[0], tipR[0], 0.4), lerp(top[1], tipR[1], 0.4) + th * 0.9],
          [tipR[0] - th * 1.5, tipR[1] - th * 0.1],
          [lerp(top[0], tipR[0], 0.5), lerp(top[1], tipR[1], 0.5) - th * 0.3],
        ]),
      );
    }
    s += path(caps.join(""), "#f4f7fb");
  }
  return s;
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** Many small conifers merged into one silhouette path (for distant tree lines). */
export function treeLine(
  rng: Rng,
  x0: number,
  x1: number,
  base: number,
  hMin: number,
  hMax: number,
  color: string,
  density = 1,
  extra = "",
): string {
  let d = "";
  let x = x0;
  while (x < x1) {
    const h = rng.range(hMin, hMax);
    const w = h * rng.range(0.18, 0.25);
    const b = base + rng.range(0, hMin * 0.15);
    const { right, left, apex } = coniferPoints(rng, x, b, h, w, Math.max(3, Math.min(6, Math.round(h / 25))));
    d += pathD([apex, ...right, [x + w * 0.1, b + 2], [x - w * 0.1, b + 2], ...[...left].reverse()]);
    x += (w * rng.range(0.7, 1.3)) / density;
  }
  d += `M${n(x0 - 20)} ${n(base)}L${n(x1 + 20)} ${n(base)}L${n(x1 + 20)} ${n(base + hMax * 0.5)}L${n(x0 - 20)} ${n(base + hMax * 0.5)}Z`;
  return path(d, color, extra);
}

/** A rounded canopy tree (maple, oak, apple). */
export function deciduous(
  rng: Rng,
  x: number,
  base: number,
  h: number,
  colors: { light: string; mid: string; dark: string; trunk: string },
  snow = false,
): string {
  const r = h * 0.32;
  const cy = base - h + r * 1.05;
  let s = "";
  s += poly(
    [
      [x - r * 0.09, base],
      [x + r * 0.09, base],
      [x + r * 0.06, cy + r * 0.3],
      [x - r * 0.06, cy + r * 0.3],
    ],
    colors.trunk,
  );
  s += line([x, cy + r * 0.6], [x - r * 0.35, cy + r * 0.1], colors.trunk, r * 0.06, `stroke-linecap="round"`);
  s += line([x, cy + r * 0.45], [x + r * 0.4, cy], colors.trunk, r * 0.05, `stroke-linecap="round"`);
  if (snow) {
    // bare winter tree: branches only
    for (let i = 0; i < 7; i++) {
      const a = -Math.PI / 2 + rng.range(-1.1, 1.1);
      const len = r * rng.range(0.6, 1.05);
      const o: P = [x, cy + r * rng.range(0.1, 0.5)];
      const e: P = [o[0] + Math.cos(a) * len, o[1] + Math.sin(a) * len];
      s += line(o, e, colors.trunk, r * 0.025, `stroke-linecap="round"`);
    }
    return s;
  }
  s += path(blobD(rng, x, cy, r * 1.05, r, 14, 0.12), colors.dark);
  s += path(blobD(rng, x - r * 0.18, cy - r * 0.16, r * 0.8, r * 0.72, 12, 0.12), colors.mid);
  s += path(blobD(rng, x - r * 0.38, cy - r * 0.36, r * 0.38, r * 0.32, 10, 0.15), colors.light);
  return s;
}

/** A white-barked birch with a light, airy crown. */
export function birch(rng: Rng, x: number, base: number, h: number, leaf: { light: string; dark: string }, snow = false): string {
  const tw = h * 0.025;
  let s = "";
  const top = base - h * 0.92;
  s += poly(
    [
      [x - tw, base],
      [x + tw, base],
      [x + tw * 0.5, top],
      [x - tw * 0.5, top],
    ],
    "#efeae2",
  );
  s += poly(
    [
      [x + tw * 0.2, base],
      [x + tw, base],
      [x + tw * 0.5, top],
      [x + tw * 0.1, top],
    ],
    "#cfc8bd",
  );
  for (let i = 0; i < 9; i++) {
    const y = base - h * rng.range(0.05, 0.85);
    const ww = tw * (1 - ((base - y) / h) * 0.5);
    s += poly(
      [
        [x - ww, y],
        [x + ww * rng.range(-0.2, 0.9), y - 1],
        [x + ww * rng.range(-0.2, 0.9), y + h * 0.012],
        [x - ww, y + h * 0.008],
      ],
      "#2e2a27",
    );
  }
  if (snow) {
    for (let i = 0; i < 6; i++) {
      const y = base - h * rng.range(0.45, 0.9);
      const dir = rng.chance(0.5) ? -1 : 1;
      s += line(
        [x, y],
        [x + dir * h * rng.range(0.08, 0.18), y - h * rng.range(0.05, 0.12)],
        "#3a302a",
        tw * 0.35,
        `stroke-linecap="round"`,
      );
    }
    return s;
  }
  const cy = base - h * 0.7;
  // drooping branches
  for (let i = 0; i < 5; i++) {
    const y = cy + rng.range(-h * 0.15, h * 0.1);
    const dir = i % 2 ? -1 : 1;
    s += line([x, y + h * 0.05], [x + dir * h * rng.range(0.1, 0.16), y - h * 0.04], "#3a302a", tw * 0.25, `stroke-linecap="round"`);
  }
  const tones = [leaf.dark, mix(leaf.dark, leaf.light, 0.5), leaf.light];
  for (let layer = 0; layer < 3; layer++) {
    let d = "";
    const count = layer === 2 ? 9 : 14;
    for (let i = 0; i < count; i++) {
      const a = rng.range(0, Math.PI * 2);
      const rr = Math.sqrt(rng.next());
      const bx = x + Math.cos(a) * rr * h * 0.19 - layer * h * 0.02;
      const by = cy + Math.sin(a) * rr * h * 0.22 - layer * h * 0.03;
      const r = h * rng.range(0.035, 0.06) * (1 - layer * 0.15);
      d += blobD(rng, bx, by, r * 1.2, r, 8, 0.2);
    }
    s += path(d, tones[layer]!);
  }
  return s;
}

/** Irregular ellipse outline. */
export function blobD(rng: Rng, x: number, y: number, rx: number, ry: number, k = 12, rough = 0.12): string {
  const points: P[] = [];
  const phase = rng.range(0, Math.PI * 2);
  for (let i = 0; i < k; i++) {
    const a = phase + (i / k) * Math.PI * 2;
    const f = 1 + rng.range(-rough, rough);
    points.push([x + Math.cos(a) * rx * f, y + Math.sin(a) * ry * f]);
  }
  return smoothD(points, true);
}

/** A rounded shrub sitting on the ground. */
export function shrub(
  rng: Rng,
  x: number,
  base: number,
  r: number,
  colors: { light: string; mid: string; dark: string },
  flowers?: string,
): string {
  let s = "";
  s += path(blobD(rng, x, base - r * 0.55, r * 1.25, r * 0.7, 12, 0.1), colors.dark);
  s += path(blobD(rng, x - r * 0.25, base - r * 0.75, r * 0.85, r * 0.5, 10, 0.12), colors.mid);
  s += path(blobD(rng, x - r * 0.45, base - r * 0.92, r * 0.4, r * 0.26, 8, 0.15), colors.light);
  if (flowers) {
    for (let i = 0; i < 9; i++) {
      const a = rng.range(Math.PI * 1.05, Math.PI * 1.95);
      const rr = rng.range(0.3, 0.95);
      s += circle(x + Math.cos(a) * r * 1.1 * rr, base - r * 0.5 + Math.sin(a) * r * 0.62 * rr, r * rng.range(0.05, 0.08), flowers);
    }
  }
  return s;
}

/** Short grass strokes scattered over a band. */
export function grass(rng: Rng, x0: number, x1: number, y0: number, y1: number, count: number, color: string, size: number): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = rng.range(x0, x1);
    const y = rng.range(y0, y1);
    const k = size * (0.5 + ((y - y0) / Math.max(1, y1 - y0)) * 0.7);
    for (let j = -1; j <= 1; j++) {
      const tipX = x + j * k * 0.35 + rng.range(-k * 0.15, k * 0.15);
      const tipY = y - k * rng.range(0.7, 1.1);
      d += `M${n(x - k * 0.06 + j * k * 0.05)} ${n(y)}Q${n(x + j * k * 0.1)} ${n(y - k * 0.5)} ${n(tipX)} ${n(tipY)}Q${n(x + j * k * 0.12 + k * 0.04)} ${n(y - k * 0.45)} ${n(x + k * 0.06 + j * k * 0.05)} ${n(y)}Z`;
    }
  }
  return path(d, color);
}

/** A rounded granite boulder with a lit top. */
export function rock(rng: Rng, x: number, base: number, w: number, h: number, color: string, snow = false): string {
  const pts: P[] = [];
  const k = 9;
  for (let i = 0; i <= k; i++) {
    const a = Math.PI + (i / k) * Math.PI;
    const f = rng.range(0.85, 1.08);
    pts.push([x + Math.cos(a) * w * 0.5 * f, base + Math.sin(a) * h * f]);
  }
  pts.push([x + w * 0.52, base], [x - w * 0.52, base]);
  let s = path(smoothD(pts, true, 0.8), shade(color, -0.12));
  const top: P[] = pts.slice(1, 6).map((p) => [p[0] + w * 0.02, p[1] + h * 0.06] as P);
  top.push([x - w * 0.05, base - h * 0.45], [x - w * 0.38, base - h * 0.35]);
  s += path(smoothD(top, true, 0.8), shade(color, 0.08));
  if (snow) {
    const cap: P[] = pts.slice(2, 8).map((p) => [p[0], p[1] - h * 0.05] as P);
    cap.push([x + w * 0.25, base - h * 0.7], [x - w * 0.25, base - h * 0.72]);
    s += path(smoothD(cap, true, 0.8), "#f2f6fa");
  }
  return s;
}

/** Simple fern / ground plant. */
export function fern(rng: Rng, x: number, base: number, h: number, color: string): string {
  let d = "";
  const fronds = 5;
  for (let i = 0; i < fronds; i++) {
    const a = -Math.PI / 2 + (i - (fronds - 1) / 2) * 0.42 + rng.range(-0.1, 0.1);
    const len = h * rng.range(0.75, 1.05);
    const tip: P = [x + Math.cos(a) * len, base + Math.sin(a) * len * 0.9];
    const ctrl: P = [x + Math.cos(a) * len * 0.4, base + Math.sin(a) * len * 0.75 - h * 0.15];
    const w = h * 0.09;
    d += `M${n(x - w * 0.3)} ${n(base)}Q${n(ctrl[0] - w)} ${n(ctrl[1])} ${n(tip[0])} ${n(tip[1])}Q${n(ctrl[0] + w)} ${n(ctrl[1] + w)} ${n(x + w * 0.3)} ${n(base)}Z`;
  }
  return path(d, color);
}
