/** Settings and backgrounds: sky, sun, clouds, hills, water, ground, tree lines, foreground. */

import { fade, tint, type Mood } from "./mood";
import { mix, shade } from "./palette";
import type { Rng } from "./rng";
import { birch, blobD, conifer, deciduous, fern, grass, rock, shrub, treeLine } from "./flora";
import type { Doc } from "./svg";
import { circle, g, n, path, pathD, poly, rect, smoothD, type P } from "./svg";

export type Setting = "lake" | "forest" | "snow" | "garden" | "mountain" | "coast";

export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export interface Frame {
  w: number;
  h: number;
  setting: Setting;
  mood: Mood;
  rng: Rng;
  /** Screen y where sky meets far land or water. */
  horizonY: number;
  /** Screen y where the near ground starts (shore line for water settings). */
  groundY: number;
  sunX: number;
  sunY: number;
  /** Screen box of the main subject: background keeps it readable, foreground never covers it. */
  keep: Box;
  /** Screen y of the subject's front base. */
  baseY: number;
}

export const GREENS = {
  dark: "#2c4634",
  mid: "#3d5e45",
  light: "#5f8158",
  lawn: "#7f9d58",
  lawnDark: "#6c8a4c",
  moss: "#56703f",
  farForest: "#52695e",
  birchLeaf: { light: "#a9bf6a", dark: "#6f8f4a" },
  leaf: { light: "#8fae62", mid: "#6b8c4c", dark: "#4c6b3d", trunk: "#5a4332" },
};

const S = (f: Frame) => f.w / 1600;

/** A frame: where things go for a given canvas, setting and mood. */
export function makeFrame(w: number, h: number, setting: Setting, m: Mood, rng: Rng, keep: Box, baseY: number, sunLeft: boolean): Frame {
  const horizonBy: Record<Setting, number> = { lake: 0.5, forest: 0.52, snow: 0.52, garden: 0.54, mountain: 0.56, coast: 0.5 };
  const horizonY = h * (horizonBy[setting] + rng.range(-0.025, 0.02));
  // the ground begins a little behind the subject's back edge
  const groundY =
    setting === "lake" || setting === "coast"
      ? Math.max(horizonY + h * 0.1, Math.min(keep.y1 - h * 0.16, horizonY + h * 0.2))
      : horizonY + h * 0.06;
  const sunX = sunLeft ? w * rng.range(0.1, 0.28) : w * rng.range(0.72, 0.9);
  const sunY = horizonY * m.sunY;
  return { w, h, setting, mood: m, rng, horizonY, groundY, sunX, sunY, keep, baseY };
}

export function sky(doc: Doc, f: Frame): string {
  const m = f.mood;
  const { w, h } = f;
  let s = rect(
    0,
    0,
    w,
    h,
    doc.linear(
      [
        [0, m.sky[0]],
        [0.55, m.sky[1]],
        [1, m.sky[2]],
      ],
      0,
      0,
      0,
      f.horizonY + h * 0.05,
      true,
    ),
  );
  if (m.stars) {
    const r = f.rng.fork("stars");
    let d = "";
    for (let i = 0; i < 60; i++) {
      const x = r.range(0, w);
      const y = r.range(0, f.horizonY * 0.5);
      const rr = r.range(0.8, 2.1) * S(f);
      d += `M${n(x - rr)} ${n(y)}a${n(rr)} ${n(rr)} 0 1 0 ${n(rr * 2)} 0a${n(rr)} ${n(rr)} 0 1 0 ${n(-rr * 2)} 0`;
    }
    s += path(d, "#fff7e8", `opacity="0.7"`);
  }
  // sun glow
  s += circle(
    f.sunX,
    f.sunY,
    w * 0.55,
    doc.radial([
      [0, m.sunGlow, 0.75],
      [0.18, m.sunGlow, 0.35],
      [0.55, m.sunGlow, 0.08],
      [1, m.sunGlow, 0],
    ]),
  );
  if (m.showSun) {
    s += circle(
      f.sunX,
      f.sunY,
      w * 0.05,
      doc.radial([
        [0, m.sunColor, 0.8],
        [1, m.sunColor, 0],
      ]),
    );
    s += circle(f.sunX, f.sunY, w * 0.022, m.sunColor, `opacity="0.95"`);
  }
  s += clouds(doc, f);
  return s;
}

function clouds(doc: Doc, f: Frame): string {
  const r = f.rng.fork("clouds");
  const m = f.mood;
  const count = r.int(2, 4);
  let s = "";
  const fill = doc.linear([
    [0, m.cloud],
    [0.7, mix(m.cloud, m.cloudShade, 0.6)],
    [1, m.cloudShade],
  ]);
  for (let i = 0; i < count; i++) {
    const y = f.horizonY * r.range(0.12, 0.6);
    const k = 1 - y / f.horizonY; // higher clouds are larger
    const ww = f.w * r.range(0.16, 0.32) * (0.6 + k * 0.6);
    const x = r.range(0.05, 0.95) * f.w;
    const hh = ww * r.range(0.13, 0.19);
    const pts: P[] = [[x - ww / 2, y]];
    const bumps = r.int(3, 5);
    for (let j = 0; j < bumps; j++) {
      const t = (j + 0.5) / bumps;
      const lift = Math.sin(t * Math.PI) * 0.75 + 0.25;
      pts.push([x - ww / 2 + ww * t, y - hh * lift * r.range(0.8, 1.05)]);
    }
    pts.push([x + ww / 2, y], [x + ww * 0.3, y + hh * 0.12], [x - ww * 0.3, y + hh * 0.12]);
    const alpha = Math.round(m.cloudAlpha * (0.55 + k * 0.4) * 100) / 100;
    s += path(smoothD(pts, true, 0.9), fill, `opacity="${alpha}"`);
    // a thin streak below
    if (r.chance(0.6)) {
      const sx = x + r.range(-ww * 0.3, ww * 0.3);
      const sw = ww * r.range(0.5, 0.9);
      s += path(
        smoothD(
          [
            [sx - sw / 2, y + hh * 0.5],
            [sx - sw * 0.1, y + hh * 0.3],
            [sx + sw / 2, y + hh * 0.45],
            [sx, y + hh * 0.6],
          ],
          true,
          0.9,
        ),
        m.cloud,
        `opacity="${Math.round(alpha * 50) / 100}"`,
      );
    }
  }
  return s;
}

function circD(x: number, y: number, r: number): string {
  return `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(r * 2)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-r * 2)} 0Z`;
}

/** Smooth wavy line across the frame. */
export function wave(rng: Rng, w: number, base: number, amp: number, step = 60): P[] {
  const p1 = rng.range(0, 6.28);
  const p2 = rng.range(0, 6.28);
  const p3 = rng.range(0, 6.28);
  const f1 = (rng.range(1.2, 2.2) / w) * Math.PI * 2 * 0.5;
  const f2 = (rng.range(2.5, 4.5) / w) * Math.PI * 2 * 0.5;
  const f3 = (rng.range(6, 10) / w) * Math.PI * 2 * 0.5;
  const out: P[] = [];
  for (let x = -step; x <= w + step; x += step) {
    const y = base - amp * (0.5 + 0.3 * Math.sin(x * f1 + p1) + 0.15 * Math.sin(x * f2 + p2) + 0.05 * Math.sin(x * f3 + p3));
    out.push([x, y]);
  }
  return out;
}

export function hills(rng: Rng, w: number, h: number, base: number, amp: number, color: string): string {
  const top = wave(rng, w, base, amp, w / 16);
  return path(smoothD([...top, [w + 200, h], [-200, h]], true, 0.9), color);
}

/** Jagged mountain range with shaded faces and snow caps. */
export function mountains(doc: Doc, rng: Rng, f: Frame, base: number, amp: number, color: string, snowAmt: number, fadeBy: number): string {
  const w = f.w;
  const peaks: { x: number; h: number; r: number }[] = [];
  const k = rng.int(3, 5);
  for (let i = 0; i < k; i++) {
    peaks.push({
      x: w * ((i + rng.range(0.1, 0.9)) / k) + rng.range(-0.05, 0.05) * w,
      h: amp * rng.range(0.55, 1),
      r: w * rng.range(0.16, 0.3),
    });
  }
  const pts: P[] = [];
  const step = w / 90;
  for (let x = -step * 2; x <= w + step * 2; x += step) {
    let hh = amp * 0.12;
    for (const p of peaks) {
      const t = Math.max(0, 1 - Math.abs(x - p.x) / p.r);
      hh = Math.max(hh, p.h * Math.pow(t, 1.25));
    }
    hh += rng.range(-1, 1) * amp * 0.025;
    pts.push([x, base - hh]);
  }
  const outline: P[] = [...pts, [w + 50, base + 4], [-50, base + 4]];
  const col = fade(f.mood, color, fadeBy);
  const clip = doc.clip(path(pathD(outline), "#000"));
  let inner = "";
  for (const p of peaks) {
    inner += poly(
      [
        [p.x, base - p.h],
        [p.x + p.r * 0.95, base + 2],
        [p.x + p.r * 0.1, base + 2],
        [p.x - p.r * 0.05, base - p.h * 0.55],
      ],
      shade(col, -0.12),
    );
  }
  if (snowAmt > 0) {
    const snowY = base - amp * (1 - snowAmt);
    const jag: P[] = [
      [-50, -10],
      [w + 50, -10],
    ];
    for (let x = w + 40; x >= -40; x -= w / 60) jag.push([x, snowY + rng.range(-1, 1) * amp * 0.09]);
    const snowCol = fade(f.mood, "#f1f5f9", fadeBy * 0.6);
    inner += path(pathD(jag), snowCol);
    for (const p of peaks) {
      inner += poly(
        [
          [p.x, base - p.h],
          [p.x + p.r * 0.95, base + 2],
          [p.x + p.r * 0.12, base + 2],
          [p.x - p.r * 0.04, base - p.h * 0.6],
        ],
        mix(snowCol, "#8fa3bf", 0.3),
        `opacity="0.55" clip-path="${clipFor(doc, jag)}"`,
      );
    }
  }
  return path(pathD(outline), col) + g(inner, `clip-path="${clip}"`);
}

function clipFor(doc: Doc, pts: P[]): string {
  return doc.clip(path(pathD(pts), "#000"));
}

/** Water between the horizon and the shore: gradient, sun glitter and ripples. */
export function water(doc: Doc, f: Frame, y0: number, y1: number, reflect = ""): string {
  const m = f.mood;
  const rng = f.rng.fork("water");
  let s = rect(
    0,
    y0,
    f.w,
    y1 - y0 + 4,
    doc.linear(
      [
        [0, mix(m.water[0], m.sky[2], 0.35)],
        [0.35, m.water[0]],
        [1, m.water[1]],
      ],
      0,
      y0,
      0,
      y1 + 40,
      true,
    ),
  );
  if (reflect) s += g(reflect, `transform="translate(0 ${n(2 * y0)}) scale(1 -1)" opacity="0.22"`);
  // glitter under the sun
  let d = "";
  for (let i = 0; i < 42; i++) {
    const t = rng.next();
    const y = y0 + 4 + (y1 - y0 - 8) * t * t;
    const spread = f.w * (0.02 + t * 0.08);
    const x = f.sunX + rng.range(-spread, spread);
    const len = f.w * rng.range(0.01, 0.045) * (0.4 + t);
    d += `M${n(x - len / 2)} ${n(y)}h${n(len)}`;
  }
  s += path(
    d,
    "none",
    `stroke="${m.sunColor}" stroke-width="${n(2 * S(f))}" stroke-linecap="round" opacity="${m.name === "mist" ? 0.25 : 0.55}"`,
  );
  let r = "";
  for (let i = 0; i < 60; i++) {
    const t = rng.next();
    const y = y0 + 6 + (y1 - y0 - 10) * t;
    const x = rng.range(0, f.w);
    const len = f.w * rng.range(0.015, 0.07) * (0.4 + t);
    r += `M${n(x)} ${n(y)}h${n(len)}`;
  }
  s += path(r, "none", `stroke="#ffffff" stroke-width="${n(1.6 * S(f))}" stroke-linecap="round" opacity="0.25"`);
  return s;
}

/** Near ground with a soft gradient and some texture. */
export function ground(doc: Doc, f: Frame, top: number, far: string, near: string, wavy = 0.012): string {
  const rng = f.rng.fork("ground");
  const edge = wave(rng, f.w, top + f.h * wavy, f.h * wavy * 2, f.w / 10);
  const s = path(
    smoothD([...edge, [f.w + 200, f.h + 10], [-200, f.h + 10]], true, 0.8),
    doc.linear(
      [
        [0, far],
        [1, near],
      ],
      0,
      top,
      0,
      f.h,
      true,
    ),
  );
  return s;
}

/** Everything behind the subject for a setting. */
export function backdrop(doc: Doc, f: Frame): string {
  const { w, h, mood: m } = f;
  const sc = S(f);
  const rng = f.rng.fork("backdrop");
  const winter = f.setting === "snow";
  let s = sky(doc, f);
  const hz = f.horizonY;
  const treeDark = (d: number) => fade(m, winter ? "#2d4138" : GREENS.dark, d);
  switch (f.setting) {
    case "lake": {
      s += hills(rng, w, h, hz + 2, h * rng.range(0.06, 0.11), fade(m, "#6f8a86", 0.62));
      const far = treeLine(rng, -20, w + 20, hz + 2, 16 * sc, 42 * sc, fade(m, GREENS.farForest, 0.42), 1.2);
      s += far;
      s += water(doc, f, hz, f.groundY + h * 0.02, far);
      s += shore(doc, f, f.groundY);
      s += midTrees(doc, f, f.groundY + h * 0.015, 0.75);
      break;
    }
    case "coast": {
      // a distant headland and islands
      const isl = rng.range(0.05, 0.45) * w;
      s += path(
        smoothD(
          [
            [isl - w * 0.25, hz + 1],
            [isl - w * 0.1, hz - h * 0.035],
            [isl + w * 0.05, hz - h * 0.05],
            [isl + w * 0.2, hz - h * 0.02],
            [isl + w * 0.3, hz + 1],
          ],
          true,
          0.8,
        ),
        fade(m, "#5e716c", 0.62),
      );
      s += treeLine(rng, isl - w * 0.12, isl + w * 0.12, hz - h * 0.03, 8 * sc, 20 * sc, fade(m, GREENS.farForest, 0.55), 1.4);
      const x2 = rng.range(0.6, 0.95) * w;
      s += path(
        smoothD(
          [
            [x2 - w * 0.08, hz + 1],
            [x2 - w * 0.02, hz - h * 0.018],
            [x2 + w * 0.06, hz - h * 0.012],
            [x2 + w * 0.11, hz + 1],
          ],
          true,
          0.8,
        ),
        fade(m, "#5e716c", 0.7),
      );
      s += water(doc, f, hz, f.groundY + h * 0.03);
      // wave lines near the shore
      let d = "";
      for (let i = 0; i < 5; i++) {
        const y = f.groundY - h * 0.005 - i * h * 0.016;
        const pts = wave(rng, w, y, h * 0.006, w / 20);
        d += smoothD(pts, false, 0.8);
      }
      s += path(d, "none", `stroke="#ffffff" stroke-width="${n(2 * sc)}" opacity="0.35"`);
      s += coastShore(doc, f, f.groundY);
      break;
    }
    case "forest": {
      s += hills(rng, w, h, hz - h * 0.02, h * 0.1, fade(m, "#6e877c", 0.6));
      s += treeLine(rng, -20, w + 20, hz + h * 0.01, 30 * sc, 70 * sc, fade(m, GREENS.farForest, 0.45), 1.2);
      s += treeLine(rng, -20, w + 20, hz + h * 0.05, 60 * sc, 120 * sc, treeDark(0.3), 1.1);
      s += ground(doc, f, f.groundY, fade(m, "#5f7446", 0.15), tint(m, "#4c6236"));
      s += midTrees(doc, f, f.groundY + h * 0.02, 1);
      s += forestFloor(doc, f);
      break;
    }
    case "snow": {
      s += mountains(doc, rng, f, hz - h * 0.01, h * rng.range(0.12, 0.2), "#7d8da6", 0.6, 0.5);
      s += snowTreeLine(rng, f, hz + h * 0.01, 24 * sc, 60 * sc, 0.45);
      s += snowTreeLine(rng, f, hz + h * 0.05, 50 * sc, 110 * sc, 0.25);
      s += ground(doc, f, f.groundY, fade(m, "#e6edf4", 0.1), tint(m, "#f3f6fa"));
      s += drifts(doc, f);
      s += midTrees(doc, f, f.groundY + h * 0.02, 1);
      break;
    }
    case "garden": {
      // distant canopy and a hedge or fence
      const canopyCol = fade(m, "#58745a", 0.45);
      let d = "";
      for (let x = -40; x < w + 40; x += rng.range(50, 110) * sc) {
        d += blobD(rng, x, hz - rng.range(10, 40) * sc, rng.range(50, 90) * sc, rng.range(35, 70) * sc, 10, 0.15);
      }
      s += path(d, canopyCol) + rect(0, hz - 10 * sc, w, h * 0.2, canopyCol);
      s += ground(doc, f, f.groundY - h * 0.02, fade(m, GREENS.lawn, 0.12), tint(m, GREENS.lawnDark), 0.004);
      s += fence(doc, f, f.groundY + h * 0.005);
      s += lawn(doc, f);
      s += midTrees(doc, f, f.groundY + h * 0.012, 0.6);
      break;
    }
    case "mountain": {
      s += mountains(doc, rng, f, hz - h * 0.02, h * rng.range(0.28, 0.36), "#6f7f95", 0.42, 0.45);
      s += mountains(doc, rng, f, hz + h * 0.02, h * 0.12, "#4f6a5e", 0, 0.3);
      s += treeLine(rng, -20, w + 20, hz + h * 0.04, 22 * sc, 60 * sc, treeDark(0.3), 0.7);
      s += ground(doc, f, f.groundY, fade(m, "#8e9a5a", 0.15), tint(m, "#6f8046"));
      s += meadow(doc, f);
      s += midTrees(doc, f, f.groundY + h * 0.02, 0.55);
      break;
    }
  }
  return s;
}

function shore(doc: Doc, f: Frame, y: number): string {
  const m = f.mood;
  const rng = f.rng.fork("shore");
  const edge = wave(rng, f.w, y + f.h * 0.01, f.h * 0.012, f.w / 12);
  let s = path(smoothD([...edge.map(([x, yy]) => [x, yy - 4] as P), [f.w + 200, f.h], [-200, f.h]], true, 0.8), fade(m, "#b9a98a", 0.1));
  s += path(
    smoothD([...edge.map(([x, yy]) => [x, yy + f.h * 0.01] as P), [f.w + 200, f.h + 10], [-200, f.h + 10]], true, 0.8),
    doc.linear(
      [
        [0, fade(m, "#6d8a4e", 0.12)],
        [1, tint(m, "#4f6a3a")],
      ],
      0,
      y,
      0,
      f.h,
      true,
    ),
  );
  for (let i = 0; i < 7; i++) {
    s += path(
      blobD(rng, rng.range(0, f.w), rng.range(y + f.h * 0.06, f.h), rng.range(100, 260) * S(f), rng.range(14, 30) * S(f), 10, 0.2),
      tint(m, i % 2 ? "#7c9852" : "#46603a"),
      `opacity="0.28"`,
    );
  }
  s += grass(rng, 0, f.w, y + f.h * 0.04, f.h, 55, tint(m, "#6f8c4c"), 22 * S(f));
  return s;
}

function coastShore(doc: Doc, f: Frame, y: number): string {
  const m = f.mood;
  const rng = f.rng.fork("coast");
  const sc = S(f);
  let s = "";
  // granite slabs at the water's edge
  for (let i = 0; i < 7; i++) {
    const x = rng.range(-0.05, 1.05) * f.w;
    if (x > f.keep.x0 - 60 * sc && x < f.keep.x1 + 60 * sc && rng.chance(0.6)) continue;
    s += rock(rng, x, y + f.h * 0.03, rng.range(120, 280) * sc, rng.range(30, 60) * sc, fade(m, "#9b8f88", 0.1));
  }
  const edge = wave(rng, f.w, y + f.h * 0.025, f.h * 0.02, f.w / 10);
  s += path(
    smoothD([...edge, [f.w + 200, f.h + 10], [-200, f.h + 10]], true, 0.8),
    doc.linear(
      [
        [0, fade(m, "#9aa467", 0.1)],
        [1, tint(m, "#6d7c44")],
      ],
      0,
      y,
      0,
      f.h,
      true,
    ),
  );
  s += grass(rng, 0, f.w, y + f.h * 0.04, f.h, 70, fade(m, "#c0b27a", 0.05), 26 * sc);
  return s;
}

function snowTreeLine(rng: Rng, f: Frame, base: number, hMin: number, hMax: number, d: number): string {
  const m = f.mood;
  return treeLine(rng, -20, f.w + 20, base, hMin, hMax, fade(m, "#3c5249", d), 1.1) + rect(0, base, f.w, hMax * 0.5, fade(m, "#dfe7ef", d));
}

function drifts(doc: Doc, f: Frame): string {
  const rng = f.rng.fork("drifts");
  const m = f.mood;
  let s = "";
  for (let i = 0; i < 4; i++) {
    const y = f.groundY + (f.h - f.groundY) * (0.15 + i * 0.22);
    const pts = wave(rng, f.w, y, f.h * 0.03, f.w / 8);
    s += path(smoothD([...pts, [f.w + 200, y + f.h * 0.04], [-200, y + f.h * 0.04]], true, 0.9), tint(m, "#cdd9e8"), `opacity="0.55"`);
  }
  return s;
}

function forestFloor(doc: Doc, f: Frame): string {
  const rng = f.rng.fork("floor");
  const m = f.mood;
  let s = "";
  for (let i = 0; i < 9; i++) {
    const y = rng.range(f.groundY + 20, f.h);
    const x = rng.range(0, f.w);
    s += path(
      blobD(rng, x, y, rng.range(90, 240) * S(f), rng.range(12, 28) * S(f), 10, 0.2),
      tint(m, i % 2 ? "#6a7d45" : "#4a6038"),
      `opacity="0.3"`,
    );
  }
  s += grass(rng, 0, f.w, f.groundY + 20, f.h, 60, tint(m, "#6f8a4a"), 22 * S(f));
  return s;
}

function lawn(doc: Doc, f: Frame): string {
  const rng = f.rng.fork("lawn");
  const m = f.mood;
  let s = "";
  const stripes = 7;
  let d = "";
  for (let i = 0; i < stripes; i += 2) {
    const x0 = (i / stripes) * f.w * 1.6 - f.w * 0.3;
    const x1 = ((i + 1) / stripes) * f.w * 1.6 - f.w * 0.3;
    d += pathD([
      [x0, f.groundY],
      [x1, f.groundY],
      [x1 - f.w * 0.25, f.h],
      [x0 - f.w * 0.25, f.h],
    ]);
  }
  s += path(d, tint(m, "#93b064"), `opacity="0.22"`);
  s += grass(rng, 0, f.w, f.groundY + 30, f.h, 30, tint(m, "#6a884a"), 14 * S(f));
  return s;
}

function meadow(doc: Doc, f: Frame): string {
  const rng = f.rng.fork("meadow");
  const m = f.mood;
  const sc = S(f);
  let s = "";
  for (let i = 0; i < 5; i++) {
    const x = rng.range(0, f.w);
    if (x > f.keep.x0 && x < f.keep.x1) continue;
    s += rock(rng, x, rng.range(f.groundY + 20, f.h * 0.95), rng.range(60, 150) * sc, rng.range(20, 50) * sc, fade(m, "#8c8781", 0.05));
  }
  s += grass(rng, 0, f.w, f.groundY + 20, f.h, 70, tint(m, "#8a9a52"), 22 * sc);
  let flowers = "";
  for (let i = 0; i < 60; i++) {
    flowers += circD(rng.range(0, f.w), rng.range(f.groundY + 30, f.h), rng.range(2, 4) * sc);
  }
  s += path(flowers, tint(m, "#f1e3a0"), `opacity="0.8"`);
  return s;
}

function fence(doc: Doc, f: Frame, y: number): string {
  const m = f.mood;
  const sc = S(f);
  const rng = f.rng.fork("fence");
  const hedge = rng.chance(0.5);
  if (hedge) {
    let d = "";
    for (let x = -40; x < f.w + 40; x += 70 * sc) d += blobD(rng, x, y - 60 * sc, 60 * sc, 40 * sc, 9, 0.12);
    return (
      path(d, fade(m, "#456646", 0.15)) +
      rect(0, y - 70 * sc, f.w, 72 * sc, fade(m, "#456646", 0.15)) +
      path(d.replace(/M/g, "M"), fade(m, "#5a7d52", 0.15), `transform="translate(${n(-10 * sc)} ${n(-12 * sc)})" opacity="0.6"`)
    );
  }
  const fh = 110 * sc;
  const wood = fade(m, "#9c7a58", 0.18);
  let s = rect(0, y - fh, f.w, fh, wood);
  for (let i = 0; i < 6; i++) s += rect(0, y - fh + i * (fh / 6), f.w, 2.5 * sc, shade(wood, -0.25), `opacity="0.6"`);
  for (let x = 20 * sc; x < f.w; x += 220 * sc) s += rect(x, y - fh - 8 * sc, 14 * sc, fh + 8 * sc, shade(wood, -0.15));
  // shrubs along the fence
  for (let i = 0; i < 6; i++) {
    const x = rng.range(0, f.w);
    s += shrub(
      rng,
      x,
      y + 4 * sc,
      rng.range(30, 55) * sc,
      { light: tint(m, "#8fb067"), mid: tint(m, "#5f8448"), dark: tint(m, "#40603a") },
      rng.chance(0.5) ? tint(m, rng.pick(["#f3d36b", "#e89aa8", "#f6f1e8"])) : undefined,
    );
  }
  return s;
}

/** Individual trees in the middle distance, left and right of the subject. */
function midTrees(doc: Doc, f: Frame, base: number, density: number): string {
  const rng = f.rng.fork("mid");
  const m = f.mood;
  const winter = f.setting === "snow";
  let s = "";
  const count = Math.round(rng.range(5, 9) * density);
  const items: { x: number; h: number; kind: number; b: number }[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng.range(-0.04, 1.04) * f.w;
    const inKeep = x > f.keep.x0 + (f.keep.x1 - f.keep.x0) * 0.15 && x < f.keep.x1 - (f.keep.x1 - f.keep.x0) * 0.15;
    if (inKeep && rng.chance(0.75)) continue;
    const h = f.h * rng.range(0.26, 0.44) * (inKeep ? 0.85 : 1);
    const b = base + rng.range(0, f.h * 0.02);
    const kind =
      f.setting === "garden" ? (rng.chance(0.7) ? 1 : 2) : f.setting === "coast" ? (rng.chance(0.6) ? 0 : 2) : rng.chance(0.75) ? 0 : 2;
    items.push({ x, h, kind, b });
  }
  items.sort((a, b) => a.b - b.b);
  for (const it of items) {
    const d = 0.18;
    if (it.kind === 0)
      s += conifer(
        rng,
        it.x,
        it.b,
        it.h,
        fade(m, winter ? "#45604f" : GREENS.mid, d),
        fade(m, winter ? "#2a3d34" : GREENS.dark, d),
        winter,
        fade(m, "#4a3326", d),
      );
    else if (it.kind === 1)
      s += deciduous(rng, it.x, it.b, it.h * 0.85, {
        light: fade(m, GREENS.leaf.light, d),
        mid: fade(m, GREENS.leaf.mid, d),
        dark: fade(m, GREENS.leaf.dark, d),
        trunk: fade(m, GREENS.leaf.trunk, d),
      });
    else s += birch(rng, it.x, it.b, it.h, { light: fade(m, GREENS.birchLeaf.light, d), dark: fade(m, GREENS.birchLeaf.dark, d) }, winter);
  }
  return s;
}

/** Framing and ground details in front of the subject; never covers f.keep. */
export function foreground(doc: Doc, f: Frame): string {
  const rng = f.rng.fork("fore");
  const m = f.mood;
  const sc = S(f);
  const winter = f.setting === "snow";
  let s = "";
  // one framing tree at an edge, clear of the subject
  const leftRoom = f.keep.x0;
  const rightRoom = f.w - f.keep.x1;
  const side = leftRoom > rightRoom ? -1 : 1;
  const room = Math.max(leftRoom, rightRoom);
  if (f.setting !== "garden" && f.setting !== "coast" && room > f.w * 0.16 && rng.chance(0.8)) {
    const h = f.h * rng.range(0.72, 0.92);
    const x =
      side < 0 ? rng.range(0.02, Math.min(0.08, room / f.w - 0.1)) * f.w : f.w - rng.range(0.02, Math.min(0.08, room / f.w - 0.1)) * f.w;
    if (f.setting === "lake" && rng.chance(0.5)) {
      s += birch(rng, x, f.h + 10 * sc, h, { light: tint(m, GREENS.birchLeaf.light), dark: tint(m, GREENS.birchLeaf.dark) }, false);
    } else {
      s += conifer(
        rng,
        x,
        f.h + 20 * sc,
        h,
        tint(m, winter ? "#3f5a48" : "#36553f"),
        tint(m, winter ? "#22342b" : "#203428"),
        winter,
        tint(m, "#3b281d"),
      );
    }
  }
  // ground details along the bottom, avoiding the subject's footprint
  const band0 = Math.max(f.baseY + 10 * sc, f.h * 0.88);
  const spots = rng.int(3, 6);
  for (let i = 0; i < spots; i++) {
    const x = rng.range(0, f.w);
    if (x > f.keep.x0 - 40 * sc && x < f.keep.x1 + 40 * sc) continue;
    const y = rng.range(band0, f.h + 10 * sc);
    if (f.setting === "forest") s += fern(rng, x, y, rng.range(50, 90) * sc, tint(m, rng.pick(["#4f7440", "#5d8248", "#3f6236"])));
    else if (f.setting === "garden")
      s += shrub(
        rng,
        x,
        y,
        rng.range(40, 70) * sc,
        { light: tint(m, "#9aba6e"), mid: tint(m, "#6a9050"), dark: tint(m, "#46683d") },
        rng.chance(0.6) ? tint(m, rng.pick(["#f3d36b", "#e89aa8", "#f6f1e8", "#c9a2e0"])) : undefined,
      );
    else if (f.setting === "mountain" || f.setting === "coast")
      s += rock(rng, x, y, rng.range(80, 160) * sc, rng.range(30, 60) * sc, tint(m, "#918a84"), false);
    else if (winter) s += rock(rng, x, y, rng.range(80, 160) * sc, rng.range(25, 45) * sc, tint(m, "#8a8c93"), true);
    else s += grass(rng, x - 40 * sc, x + 40 * sc, y - 10 * sc, y, 8, tint(m, "#5c7c42"), 40 * sc);
  }
  if (winter) s += snowfall(doc, f, 160);
  return s;
}

export function snowfall(doc: Doc, f: Frame, count: number): string {
  const rng = f.rng.fork("snowfall");
  let d = "";
  for (let i = 0; i < count; i++) {
    const r = rng.range(1.2, 3.6) * S(f);
    d += circD(rng.range(0, f.w), rng.range(0, f.h), r);
  }
  return path(d, "#ffffff", `opacity="0.75"`);
}

/** Darken the corners a little and warm the light side: a photographic finish. */
export function vignette(doc: Doc, f: { w: number; h: number }, strength = 0.22, color = "#1b130e"): string {
  return rect(
    0,
    0,
    f.w,
    f.h,
    doc.radial(
      [
        [0, color, 0],
        [0.65, color, 0],
        [1, color, strength],
      ],
      0.5,
      0.5,
      0.75,
    ),
  );
}

/** Soft rising smoke or steam from a point (radial-gradient puffs, no filters). */
export function smoke(doc: Doc, x: number, y: number, size: number, rng: Rng, color = "#eef0f2", alpha = 0.65, drift = 1): string {
  const fill = doc.radial([
    [0, color, 1],
    [0.5, color, 0.55],
    [1, color, 0],
  ]);
  let s = "";
  const puffs = 11;
  let cx = x;
  let cy = y;
  for (let i = 0; i < puffs; i++) {
    const t = i / (puffs - 1);
    const r = size * (0.45 + t * 1.5);
    cx += size * (0.2 + t * 0.45) * drift + rng.range(-size * 0.15, size * 0.15);
    cy -= size * (0.45 + t * 0.3);
    s += circle(cx, cy, r, fill, `opacity="${Math.round(alpha * (1 - t * 0.8) * 100) / 100}"`);
  }
  return s;
}

/** Soft curling wisps of steam: chains of radial-gradient puffs along gentle curves. */
export function steamWisps(doc: Doc, x: number, y: number, w: number, h: number, rng: Rng, count = 4, alpha = 0.5): string {
  const fill = doc.radial([
    [0, "#ffffff", 0.9],
    [0.45, "#ffffff", 0.4],
    [1, "#ffffff", 0],
  ]);
  let s = "";
  for (let i = 0; i < count; i++) {
    const x0 = x + rng.range(-w / 2, w / 2) * 0.8;
    const amp = w * rng.range(0.05, 0.1);
    const ph = rng.range(0, 6.28);
    const lean = rng.range(-0.25, 0.25) * w;
    const hh = h * rng.range(0.7, 1);
    const steps = 16;
    for (let k = 0; k <= steps; k++) {
      const t = k / steps;
      const px = x0 + lean * t + Math.sin(t * 3.2 + ph) * amp * (0.3 + t);
      const py = y - hh * t;
      const r = Math.max(w * (0.07 + t * 0.16), (hh / steps) * 1.6);
      s += circle(px, py, r, fill, `opacity="${Math.round(alpha * 0.6 * (1 - t * 0.85) * 100) / 100}"`);
    }
  }
  return s;
}
