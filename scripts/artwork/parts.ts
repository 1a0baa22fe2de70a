/**
 * Building parts drawn in a face's local coordinates (feet, v pointing up): boards, windows,
 * doors, electric boxes, lamps. Callers wrap them in a `<g transform=...>` for the face.
 */

import type { Mood } from "./mood";
import { GLOW, mix, shade, STEEL, type WoodTone } from "./palette";
import type { Rng } from "./rng";
import type { Doc } from "./svg";
import { rect, type Stop } from "./svg";

/** Vertical gradient for v-up local frames: stops listed top to bottom. */
export function vgrad(doc: Doc, stops: Stop[]): string {
  return doc.linear(stops, 0, 1, 0, 0);
}

/** Boards filling a rectangle: horizontal (along u) or vertical (along v), with seams. */
export function boards(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  base: string,
  tone: WoodTone,
  dir: "h" | "v",
  size = 0.5,
  seam = 0.035,
): string {
  let s = rect(x, y, w, h, base);
  const span = dir === "h" ? h : w;
  const count = Math.max(1, Math.round(span / size));
  const step = span / count;
  let d = "";
  for (let i = 0; i < count; i++) {
    const j = rng.range(-tone.vary, tone.vary);
    if (Math.abs(j) > tone.vary * 0.35) {
      const c = shade(base, j);
      s += dir === "h" ? rect(x, y + i * step, w, step, c) : rect(x + i * step, y, step, h, c);
    }
    if (i > 0) {
      d += dir === "h" ? `M${n2(x)} ${n2(y + i * step)}h${n2(w)}` : `M${n2(x + i * step)} ${n2(y)}v${n2(h)}`;
    }
  }
  if (d) s += `<path d="${d}" stroke="${mix(base, tone.seam, 0.7)}" stroke-width="${seam}" fill="none"/>`;
  return s;
}

/** Two-decimal formatting for local (feet) coordinates. */
export function n2(v: number): string {
  return String(Math.round(v * 100) / 100);
}

export function r2(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function poly2(points: [number, number][], fill: string, extra = ""): string {
  return `<polygon points="${points.map((p) => `${n2(p[0])},${n2(p[1])}`).join(" ")}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export interface GlassOpts {
  mood: Mood;
  infrared: boolean;
  /** Show bench silhouettes through large glass. */
  interior?: boolean;
  /** Extra glow (0..1) on top of the mood's. */
  boost?: number;
}

export function glowColors(o: GlassOpts): { warm: string; amount: number } {
  const warm = o.infrared ? GLOW.infrared : GLOW.warm;
  const g = Math.min(1, o.mood.glow + (o.boost ?? 0));
  const amount = o.infrared ? 0.45 + 0.4 * g : 0.22 + 0.72 * g;
  return { warm, amount };
}

/** A pane of glass: sky reflection at the top, warm light from inside at the bottom. */
export function glass(doc: Doc, x: number, y: number, w: number, h: number, o: GlassOpts): string {
  const { warm, amount } = glowColors(o);
  const dark = "#2a2220";
  const refl = mix(mix(o.mood.sky[1], dark, 0.55), "#ffffff", 0.05);
  const inner = mix(dark, warm, amount);
  const core = mix(inner, o.infrared ? GLOW.infraredCore : GLOW.core, amount * 0.35);
  let s = r2(
    x,
    y,
    w,
    h,
    vgrad(doc, [
      [0, refl],
      [0.45, mix(refl, inner, 0.7)],
      [0.85, inner],
      [1, core],
    ]),
  );
  if (o.interior) {
    // benches and back wall seen through the glass
    const b = mix(inner, dark, 0.45);
    s += r2(x, y + h * 0.26, w, h * 0.05, b, `opacity="0.75"`);
    s += r2(x, y + h * 0.08, w, h * 0.18, b, `opacity="0.35"`);
    s += r2(x, y + h * 0.44, w, h * 0.045, b, `opacity="0.7"`);
    s += r2(x, y + h * 0.31, w, h * 0.13, b, `opacity="0.25"`);
    if (!o.infrared) s += r2(x + w * 0.08, y + h * 0.08, w * 0.12, h * 0.3, mix(b, "#1a1412", 0.4), `opacity="0.6"`);
    else s += r2(x + w * 0.25, y + h * 0.52, w * 0.5, h * 0.26, mix(inner, GLOW.infraredCore, 0.5), `opacity="0.5"`);
  }
  // diagonal reflection streaks
  const clip = doc.clip(r2(x, y, w, h, "#000"));
  s +=
    `<g clip-path="${clip}" opacity="0.18">` +
    poly2(
      [
        [x + w * 0.15, y + h],
        [x + w * 0.42, y + h],
        [x + w * 0.02 - h * 0.15, y],
        [x - w * 0.25 - h * 0.15, y],
      ],
      "#ffffff",
    ) +
    poly2(
      [
        [x + w * 0.55, y + h],
        [x + w * 0.62, y + h],
        [x + w * 0.3 - h * 0.15, y],
        [x + w * 0.23 - h * 0.15, y],
      ],
      "#ffffff",
    ) +
    `</g>`;
  return s;
}

/** Framed window. */
export function windowPane(doc: Doc, x: number, y: number, w: number, h: number, frame: string, o: GlassOpts, mullion = false): string {
  const t = Math.min(0.18, w * 0.08);
  let s = r2(x - t, y - t * 1.4, w + 2 * t, h + 2.4 * t, frame);
  s += r2(x - t * 1.4, y - t * 1.6, w + 2.8 * t, t * 0.9, shade(frame, -0.25));
  s += glass(doc, x, y, w, h, o);
  if (mullion) s += r2(x + w / 2 - t * 0.35, y, t * 0.7, h, frame);
  return s;
}

/** A sauna door: glass with a wooden bar handle, or boards with a small window. */
export function door(
  doc: Doc,
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  kind: "glass" | "wood",
  tone: WoodTone,
  frame: string,
  o: GlassOpts,
  handleLeft = false,
): string {
  const t = 0.16;
  let s = r2(x - t, y, w + 2 * t, h + t, frame);
  if (kind === "glass") {
    s += r2(x, y, w, h, shade(frame, -0.15));
    s += glass(doc, x + 0.09, y + 0.09, w - 0.18, h - 0.18, { ...o, interior: true });
  } else {
    s += boards(rng, x, y, w, h, shade(tone.base, -0.05), tone, "v", 0.45);
    s += r2(
      x,
      y,
      w,
      h,
      vgrad(doc, [
        [0, "#000", 0],
        [1, "#000", 0.18],
      ]),
    );
    s += r2(x + w * 0.2 - 0.08, y + h * 0.6 - 0.08, w * 0.6 + 0.16, h * 0.3 + 0.16, frame);
    s += glass(doc, x + w * 0.2, y + h * 0.6, w * 0.6, h * 0.3, o);
  }
  const hx = handleLeft ? x + 0.28 : x + w - 0.4;
  s += r2(hx, y + h * 0.36, 0.13, h * 0.28, shade(tone.base === frame ? tone.dark : "#7a5230", 0.1), `rx="0.06"`);
  s += r2(hx + 0.02, y + h * 0.36, 0.04, h * 0.28, "#ffffff", `opacity="0.25"`);
  // hinges
  const hingeX = handleLeft ? x + w - 0.05 : x - 0.05;
  s += r2(hingeX, y + h * 0.15, 0.1, 0.35, STEEL.dark) + r2(hingeX, y + h * 0.8, 0.1, 0.35, STEEL.dark);
  return s;
}

/** Electric supply: grey box with an indicator and a conduit down to `groundY`. */
export function electricBox(x: number, y: number, groundY: number, scale = 1): string {
  const w = 0.62 * scale;
  const h = 0.8 * scale;
  let s = r2(x + w / 2 - 0.05, groundY, 0.1, y - groundY, "#8e9499");
  s += r2(x + w / 2 - 0.05, groundY, 0.035, y - groundY, "#c7cbce");
  s += r2(x, y, w, h, "#9aa0a5", `rx="0.05"`);
  s += r2(x + 0.05, y + 0.05, w - 0.1, h - 0.1, "#b9bec2", `rx="0.04"`);
  s += r2(x + 0.1, y + h - 0.26, w - 0.2, 0.13, "#6e7479");
  s += `<circle cx="${n2(x + w - 0.16)}" cy="${n2(y + 0.18)}" r="0.06" fill="#7ed67a"/>`;
  // small lightning mark
  s += poly2(
    [
      [x + w * 0.5, y + h * 0.62],
      [x + w * 0.36, y + h * 0.38],
      [x + w * 0.5, y + h * 0.4],
      [x + w * 0.42, y + h * 0.18],
      [x + w * 0.64, y + h * 0.45],
      [x + w * 0.5, y + h * 0.43],
    ],
    "#f2c14e",
  );
  return s;
}

/** Wall lantern with a halo when the light is low. */
export function lamp(doc: Doc, x: number, y: number, o: GlassOpts): string {
  const { amount } = glowColors({ ...o, infrared: false });
  let s = "";
  if (o.mood.glow > 0.5)
    s += `<circle cx="${n2(x)}" cy="${n2(y)}" r="1.4" fill="${doc.radial([
      [0, GLOW.warm, 0.55 * o.mood.glow],
      [1, GLOW.warm, 0],
    ])}"/>`;
  s += r2(x - 0.16, y - 0.3, 0.32, 0.55, "#2b2522", `rx="0.05"`);
  s += r2(x - 0.11, y - 0.22, 0.22, 0.38, mix("#5a4a3a", GLOW.core, amount));
  s += r2(x - 0.2, y + 0.22, 0.4, 0.07, "#2b2522");
  return s;
}

/** Cut end of CLT: bands of alternating laminations across thickness t, along a direction. */
export function lamination(x: number, y: number, w: number, h: number, base: string, dir: "h" | "v", layers = 5): string {
  let s = r2(x, y, w, h, base);
  for (let i = 0; i < layers; i++) {
    const c = i % 2 ? shade(base, -0.1) : shade(base, 0.06);
    s += dir === "v" ? r2(x + (w * i) / layers, y, w / layers, h, c) : r2(x, y + (h * i) / layers, w, h / layers, c);
  }
  // thin glue lines
  for (let i = 1; i < layers; i++) {
    s +=
      dir === "v"
        ? r2(x + (w * i) / layers - 0.01, y, 0.02, h, shade(base, -0.3), `opacity="0.5"`)
        : r2(x, y + (h * i) / layers - 0.01, w, 0.02, shade(base, -0.3), `opacity="0.5"`);
  }
  return s;
}
