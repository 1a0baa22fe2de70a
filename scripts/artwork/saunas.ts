/**
 * The sauna shapes, drawn in oblique projection from world dimensions in feet:
 * barrel, cabin, cube, pod, modern, clt and tent. Each returns SVG in screen space.
 */

import type { Obl } from "./geom";
import { lit, type V3 } from "./geom";
import { tint, type Mood } from "./mood";
import { GLOW, mix, shade, STEEL, woodTone, type WoodTone } from "./palette";
import { boards, door, electricBox, glass, glowColors, lamination, lamp, n2, poly2, r2, vgrad, windowPane, type GlassOpts } from "./parts";
import type { Rng } from "./rng";
import { smoke } from "./scenes";
import type { Doc } from "./svg";
import { circle, ellipse, n, poly, rect, type P } from "./svg";

export type Shape = "barrel" | "cabin" | "cube" | "pod" | "modern" | "clt" | "tent";
export type Heater = "wood" | "electric" | "infrared";

export interface SaunaSpec {
  shape: Shape;
  wood: string;
  heater: Heater;
  accent: string;
  /** 0.7 (two seats) .. 1.35 (six or more). */
  size: number;
  mood: Mood;
  snow: boolean;
  greenRoof?: boolean;
  solar?: boolean;
  /** Warm deck lights for dusk scenes. */
  lights?: boolean;
  /** Partly built kit: frame and a few courses of boards only (cabin). */
  kit?: boolean;
  /** Show smoke from the chimney (wood heaters). */
  smoke?: boolean;
}

export interface Dims {
  /** Width along x, depth along z, height along y (without chimney). */
  W: number;
  D: number;
  H: number;
  /** Extra room needed in front (z < 0) and to the left (x < 0). */
  front: number;
  left: number;
  chimney: number;
}

export function dims(sp: SaunaSpec): Dims {
  const k = sp.size;
  const ch = sp.heater === "wood" ? 3.2 : 0;
  switch (sp.shape) {
    case "barrel":
      return { W: 6.4, D: 7.2 * k, H: 6.95, front: 0, left: 0, chimney: ch };
    case "cabin":
      return { W: 7.2 * Math.sqrt(k), D: 8.6 * k, H: 9.9, front: 1.0, left: 0.6, chimney: ch * 0.6 };
    case "cube":
      return { W: 7 * Math.sqrt(k), D: 7 * Math.sqrt(k), H: 8.2, front: 2.4, left: 1.0, chimney: ch };
    case "pod":
      return { W: 6.2, D: 7.4 * k, H: 7.3, front: 0.2, left: 0, chimney: ch };
    case "modern":
      return { W: 9 * Math.sqrt(k), D: 6.4 * Math.sqrt(k), H: 8.7, front: 2.2, left: 0.7, chimney: ch };
    case "clt":
      return { W: 8 * Math.sqrt(k), D: 7 * Math.sqrt(k), H: 8.4, front: 0.3, left: 0, chimney: ch };
    case "tent":
      return { W: 7, D: 8 * k, H: 7.2, front: 0.3, left: 0.3, chimney: ch };
  }
}

export interface Drawn {
  body: string;
  /** Drawn after the body: smoke. */
  over: string;
  /** Warm light spilling onto the ground in front, drawn before the body. */
  under: string;
}

function moodTone(t: WoodTone, m: Mood): WoodTone {
  const k = (c: string) => tint(m, c, 0.02);
  return { ...t, base: k(t.base), light: k(t.light), dark: k(t.dark), seam: k(t.seam), end: k(t.end) };
}

const FRONT: V3 = [0, 0, -1];
const RIGHT: V3 = [1, 0, 0];
const UP: V3 = [0, 1, 0];

function at(transform: string, content: string): string {
  return `<g transform="${transform}">${content}</g>`;
}

function glassOpts(sp: SaunaSpec): GlassOpts {
  return { mood: sp.mood, infrared: sp.heater === "infrared" };
}

/** Stainless chimney pipe with a rain cap, rising from a screen point. */
function chimney(doc: Doc, base: P, s: number, height: number, m: Mood): { svg: string; top: P } {
  const pw = 0.42 * s;
  const ph = height * s;
  const x = base[0];
  const y = base[1];
  const steel = doc.linear(
    [
      [0, tint(m, "#6f757b")],
      [0.3, tint(m, "#e4e7ea")],
      [0.55, tint(m, "#b3b8bd")],
      [1, tint(m, "#545a60")],
    ],
    0,
    0,
    1,
    0,
  );
  let s2 = rect(x - pw / 2, y - ph, pw, ph + 0.15 * s, steel);
  s2 += rect(x - pw * 0.8, y - 0.05 * s, pw * 1.6, 0.28 * s, tint(m, "#3b3f44"), `rx="${n(0.05 * s)}"`);
  s2 += rect(x - pw * 0.56, y - ph * 0.55, pw * 1.12, 0.14 * s, tint(m, "#7c8287"));
  const capY = y - ph;
  s2 += rect(x - pw * 0.08, capY - 0.25 * s, pw * 0.16, 0.25 * s, tint(m, "#5c6268"));
  s2 += poly(
    [
      [x - pw * 1.0, capY - 0.18 * s],
      [x + pw * 1.0, capY - 0.18 * s],
      [x, capY - 0.5 * s],
    ],
    tint(m, "#5a6066"),
  );
  s2 += poly(
    [
      [x - pw * 1.0, capY - 0.18 * s],
      [x, capY - 0.5 * s],
      [x, capY - 0.18 * s],
    ],
    tint(m, "#9aa0a6"),
  );
  return { svg: s2, top: [x, capY - 0.3 * s] };
}

function smokeFrom(doc: Doc, top: P, s: number, sp: SaunaSpec, rng: Rng): string {
  if (sp.smoke === false) return "";
  const col = mix(sp.mood.cloud, "#eceef0", 0.5);
  const drift = rng.chance(0.5) ? 1 : -0.6;
  return smoke(doc, top[0], top[1] - 0.1 * s, 0.8 * s, rng, col, sp.mood.name === "dusk" ? 0.45 : 0.6, drift);
}

/** Warm pool of light on the ground in front of a glowing opening. */
function groundGlow(doc: Doc, c: P, rx: number, sp: SaunaSpec): string {
  const { warm, amount } = glowColors(glassOpts(sp));
  const a = sp.mood.glow > 0.5 ? amount * 0.55 : amount * 0.15;
  if (a < 0.05) return "";
  return ellipse(
    c[0],
    c[1],
    rx,
    rx * 0.32,
    doc.radial([
      [0, warm, a],
      [1, warm, 0],
    ]),
  );
}

const SNOW = "#f3f6fa";

/** Side faces of an extruded convex profile (counter-clockwise points), as stave polygons. */
function lateral(
  o: Obl,
  prof: P[],
  z0: number,
  z1: number,
  fill: (i: number, nrm: V3) => string,
  seam: (c: string) => string,
  seamW: number,
  inside = false,
): string {
  let s = "";
  for (let i = 0; i < prof.length; i++) {
    const a = prof[i]!;
    const b = prof[(i + 1) % prof.length]!;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const l = Math.hypot(dx, dy) || 1;
    let nrm: V3 = [dy / l, -dx / l, 0];
    if (inside) nrm = [-nrm[0], -nrm[1], 0];
    if (o.cx * nrm[0] + o.cy * nrm[1] <= 0.001) continue;
    const c = fill(i, nrm);
    s += poly(
      [o.p(a[0], a[1], z0), o.p(b[0], b[1], z0), o.p(b[0], b[1], z1), o.p(a[0], a[1], z1)],
      c,
      `stroke="${seam(c)}" stroke-width="${n2(seamW)}" stroke-linejoin="round"`,
    );
  }
  return s;
}

// ---------------------------------------------------------------- barrel

function barrel(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng): Drawn {
  const t = moodTone(woodTone(sp.wood), sp.mood);
  const m = sp.mood;
  const R = 3.2;
  const lift = 0.55;
  const L = dims(sp).D;
  const porch = L >= 7 ? 1.5 : 0.45;
  const C: P = [R, R + lift];
  const N = 46;
  const s = o.s;
  let out = "";
  // cradles
  const cradleZ = L > 8.5 ? [0.6, L / 2, L - 1.0] : [0.6, L - 1.0];
  for (const zc of [...cradleZ].reverse()) {
    const half = R * 0.78;
    const arc: [number, number][] = [];
    for (let k = 0; k <= 12; k++) {
      const x = C[0] + half - (2 * half * k) / 12;
      arc.push([x, C[1] - Math.sqrt(R * R - (x - C[0]) ** 2) + 0.05]);
    }
    const cr = shade(t.dark, 0.05);
    out += at(o.side(C[0] + half), r2(zc, 0, 0.32, arc[0]![1], lit(cr, RIGHT)));
    out += at(
      o.front(zc),
      poly2([[C[0] - half, 0], [C[0] + half, 0], ...arc], lit(cr, FRONT)) + r2(C[0] - half, 0, half * 2, 0.15, shade(cr, -0.3)),
    );
  }
  // staves
  const prof: P[] = [];
  for (let i = 0; i < N; i++) {
    const a = (i / N) * Math.PI * 2;
    prof.push([C[0] + R * Math.cos(a), C[1] + R * Math.sin(a)]);
  }
  const jit = Array.from({ length: N }, () => rng.range(-t.vary, t.vary));
  out += lateral(
    o,
    prof,
    0,
    L,
    (i, nrm) => {
      if (sp.snow && nrm[1] > 0.45) return lit(tint(m, SNOW), nrm, 0.4);
      return lit(shade(t.base, jit[i]!), nrm);
    },
    (c) => mix(c, t.seam, 0.45),
    0.025 * s,
  );
  // steel bands
  const phi = Math.atan2(o.cy, o.cx);
  const bandZ = L > 8.5 ? [0.45, L / 2, L - 0.45] : [0.45, L - 0.45];
  for (const bz of bandZ) {
    const segs: P[][] = [[]];
    for (let a = phi - Math.PI / 2 + 0.05; a <= phi + Math.PI / 2 - 0.05; a += 0.05) {
      if (sp.snow && Math.sin(a) > 0.5) {
        if (segs[segs.length - 1]!.length) segs.push([]);
        continue;
      }
      segs[segs.length - 1]!.push(o.p(C[0] + (R + 0.03) * Math.cos(a), C[1] + (R + 0.03) * Math.sin(a), bz));
    }
    for (const seg of segs) {
      if (seg.length < 2) continue;
      out += `<polyline points="${seg.map((p) => `${n(p[0])},${n(p[1])}`).join(" ")}" fill="none" stroke="${tint(m, STEEL.dark)}" stroke-width="${n(0.16 * s)}" stroke-linecap="round"/>`;
      out += `<polyline points="${seg.map((p) => `${n(p[0])},${n(p[1] - 0.04 * s)}`).join(" ")}" fill="none" stroke="${tint(m, STEEL.light)}" stroke-width="${n(0.04 * s)}" stroke-linecap="round" opacity="0.7"/>`;
    }
    // tension bolt at the lower right
    const ba = phi - Math.PI / 2 + 0.35;
    const bp = o.p(C[0] + (R + 0.05) * Math.cos(ba), C[1] + (R + 0.05) * Math.sin(ba), bz);
    out += rect(bp[0] - 0.12 * s, bp[1] - 0.1 * s, 0.24 * s, 0.2 * s, tint(m, STEEL.base), `rx="${n(0.04 * s)}"`);
  }
  // front ring: cut ends of the staves
  const Ri = R - 0.2;
  let ring = `<circle cx="${n2(C[0])}" cy="${n2(C[1])}" r="${R}" fill="${lit(t.end, FRONT)}"/>`;
  let ticks = "";
  for (let i = 0; i < N; i++) {
    const a = (i / N) * Math.PI * 2;
    ticks += `M${n2(C[0] + Ri * Math.cos(a))} ${n2(C[1] + Ri * Math.sin(a))}L${n2(C[0] + R * Math.cos(a))} ${n2(C[1] + R * Math.sin(a))}`;
  }
  ring += `<path d="${ticks}" stroke="${mix(t.end, t.seam, 0.6)}" stroke-width="0.03"/>`;
  if (sp.snow)
    ring += `<path d="M${n2(C[0] - R * 0.82)} ${n2(C[1] + R * 0.58)}A${R + 0.1} ${R + 0.1} 0 0 1 ${n2(C[0] + R * 0.82)} ${n2(C[1] + R * 0.58)}" stroke="${tint(m, SNOW)}" stroke-width="0.28" fill="none" stroke-linecap="round"/>`;
  out += at(o.front(0), ring);
  // porch / end wall
  const cScr = o.p(C[0], C[1], 0);
  const clip = doc.clip(circle(cScr[0], cScr[1], Ri * s, "#000"));
  const floorY = lift + 0.35;
  let inner = circle(cScr[0], cScr[1], Ri * s, shade(t.base, -0.5));
  const profI = prof.map(([x, y]) => [C[0] + (x - C[0]) * (Ri / R), C[1] + (y - C[1]) * (Ri / R)] as P);
  inner += lateral(
    o,
    profI,
    0,
    porch,
    (i, nrm) => lit(shade(t.base, -0.18 + jit[i]!), nrm, 0.6),
    (c) => mix(c, t.seam, 0.5),
    0.02 * s,
    true,
  );
  const chord = Math.sqrt(Math.max(0, Ri * Ri - (floorY - C[1]) ** 2));
  inner += at(o.top(floorY), boards(rng, C[0] - chord, 0, chord * 2, porch, lit(shade(t.base, -0.05), UP), t, "v", 0.4));
  // end wall
  const wallClip = doc.clip(`<circle cx="${n2(C[0])}" cy="${n2(C[1])}" r="${Ri}"/>`);
  let wall = boards(rng, C[0] - Ri, C[1] - Ri, Ri * 2, Ri * 2, lit(shade(t.base, porch > 1 ? -0.12 : -0.04), FRONT), t, "v", 0.42);
  const go = glassOpts(sp);
  const dw = 2.1;
  wall += door(doc, rng, C[0] - dw / 2, floorY, dw, 5.0, "glass", t, tint(m, sp.accent), go, rng.chance(0.5));
  wall += lamp(doc, C[0] + 1.55, floorY + 4.35, go);
  if (sp.heater === "electric") wall += electricBox(C[0] + 1.35, floorY + 1.7, floorY, 1);
  wall += r2(
    C[0] - Ri,
    C[1] - Ri,
    Ri * 2,
    Ri * 2,
    vgrad(doc, [
      [0, "#1a0f0a", porch > 1 ? 0.45 : 0.2],
      [0.45, "#1a0f0a", 0.05],
      [1, "#1a0f0a", 0],
    ]),
  );
  inner += at(o.front(porch), `<g clip-path="${wallClip}">${wall}</g>`);
  out += `<g clip-path="${clip}">${inner}</g>`;
  let over = "";
  if (sp.heater === "wood") {
    const a = 1.25;
    const zc = L * 0.7;
    const ch = chimney(doc, o.p(C[0] + R * Math.cos(a), C[1] + R * Math.sin(a) - 0.1, zc), s, 2.9, m);
    out += ch.svg;
    over += smokeFrom(doc, ch.top, s, sp, rng);
  }
  const under = groundGlow(doc, o.p(C[0], 0, porch - 0.5), 3.2 * s, sp);
  return { body: out, over, under };
}

// ---------------------------------------------------------------- pod

function pod(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng): Drawn {
  const t = moodTone(woodTone(sp.wood), sp.mood);
  const m = sp.mood;
  const s = o.s;
  const a = 3.1;
  const lift = 0.45;
  const yc = lift + 2.3;
  const b = 7.25 - yc;
  const L = dims(sp).D;
  // profile: flat bottom, straight lower sides, superelliptic top (counter-clockwise)
  const prof: P[] = [];
  prof.push([0.35, lift], [2 * a - 0.35, lift], [2 * a, lift + 0.35]);
  const k = 2.6;
  const steps = 30;
  for (let i = 0; i <= steps; i++) {
    const th = (i / steps) * Math.PI;
    const c = Math.cos(th);
    const sn = Math.sin(th);
    const x = a + a * Math.sign(c) * Math.pow(Math.abs(c), 2 / k);
    const y = yc + b * Math.pow(sn, 2 / k);
    prof.push([x, y]);
  }
  prof.push([0, lift + 0.35]);
  let out = "";
  for (const zc of [L - 1.2, 0.8]) {
    out += at(o.side(2 * a - 0.6), r2(zc, 0, 0.5, lift + 0.2, lit(tint(m, "#4a4440"), RIGHT)));
    out += at(o.front(zc), r2(0.6, 0, 2 * a - 1.2, lift + 0.2, tint(m, "#57504a")));
  }
  const jit = Array.from({ length: prof.length }, () => rng.range(-t.vary, t.vary));
  out += lateral(
    o,
    prof,
    0,
    L,
    (i, nrm) => {
      if (sp.snow && nrm[1] > 0.5) return lit(tint(m, SNOW), nrm, 0.4);
      return lit(shade(t.base, jit[i]!), nrm);
    },
    (c) => mix(c, t.seam, 0.5),
    0.025 * s,
  );
  // front: accent frame ring and a glass front with a door
  const frame = tint(m, sp.accent);
  let front = poly2(prof, lit(frame, FRONT));
  const inset = prof.map(([x, y]) => [a + (x - a) * 0.93, lift + 0.18 + (y - lift) * 0.955] as [number, number]);
  const clipId = doc.clip(poly2(inset, "#000"));
  const go = glassOpts(sp);
  let inside = glass(doc, 0, lift, 2 * a, 7, { ...go, interior: true });
  inside += r2(a - 1.15, lift, 0.14, 7, frame) + r2(a + 1.15, lift, 0.14, 7, frame);
  inside += r2(0, lift + 5.3, 2 * a, 0.14, frame);
  inside += r2(a + 0.85, lift + 2.3, 0.12, 1.3, shade(t.base, 0.1), `rx="0.05"`);
  front += `<g clip-path="${clipId}">${inside}</g>`;
  if (sp.snow)
    front += `<path d="M${n2(a - 2.2)} ${n2(7.0)}Q${n2(a)} ${n2(7.6)} ${n2(a + 2.2)} ${n2(7.0)}" stroke="${tint(m, SNOW)}" stroke-width="0.3" fill="none" stroke-linecap="round"/>`;
  out += at(o.front(0), front);
  // step
  out += at(o.top(0.3), r2(a - 1.2, -0.9, 2.4, 0.9, lit(shade(t.base, -0.05), UP)));
  out += at(o.front(-0.9), r2(a - 1.2, 0, 2.4, 0.3, lit(shade(t.dark, 0), FRONT)));
  let over = "";
  if (sp.heater === "electric") {
    out += at(o.side(2 * a, 0, 0), electricBox(1.1, lift + 1.0, 0, 0.9));
  }
  if (sp.heater === "wood") {
    const ch = chimney(doc, o.p(a + 1.1, 7.05, L * 0.72), s, 2.6, m);
    out += ch.svg;
    over += smokeFrom(doc, ch.top, s, sp, rng);
  }
  const under = groundGlow(doc, o.p(a, 0, -0.4), 3.4 * s, sp);
  return { body: out, over, under };
}

// ---------------------------------------------------------------- cabin

function cabin(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng): Drawn {
  const t = moodTone(woodTone(sp.wood), sp.mood);
  const m = sp.mood;
  const s = o.s;
  const dm = dims(sp);
  const W = dm.W;
  const D = dm.D;
  const deckH = 0.6;
  const Hw = 6.3;
  const eave = deckH + Hw;
  const rise = 2.7;
  const ridge = eave + rise;
  const ov = 0.55;
  const ovz = 0.45;
  const P = sp.size >= 1 ? 2.5 : 1.7;
  const slope = rise / (W / 2);
  const eaveLow = eave - ov * slope;
  const roofCol = sp.greenRoof ? tint(m, "#5f7f45") : tint(m, "#45403d");
  const frame = tint(m, sp.accent);
  const go = glassOpts(sp);
  let out = "";
  const kit = !!sp.kit;
  // left roof slope (visible as a sliver)
  if (!kit) {
    out += poly(
      [o.p(-ov, eaveLow, -ovz), o.p(W / 2, ridge, -ovz), o.p(W / 2, ridge, D + ovz), o.p(-ov, eaveLow, D + ovz)],
      sp.snow ? tint(m, "#dfe6ee") : shade(roofCol, -0.25),
    );
  }
  // deck platform
  out += at(o.side(W), boards(rng, 0, 0, D, deckH, lit(shade(t.dark, 0.05), RIGHT), t, "h", 0.3));
  out += at(o.top(deckH), boards(rng, 0, 0, W, P + 0.3, lit(shade(t.base, -0.02), UP), t, "v", 0.45));
  out += at(o.front(0), boards(rng, 0, 0, W, deckH, lit(shade(t.dark, 0.1), FRONT), t, "h", 0.3));
  if (kit) return cabinKit(doc, o, sp, rng, t, out, { W, D, deckH, Hw, P });
  // side wall with a window
  const sideCol = lit(t.base, RIGHT);
  let side = boards(rng, P, deckH, D - P, Hw, sideCol, t, "h", 0.45);
  const wz = P + (D - P) * 0.45;
  side += windowPane(doc, wz, deckH + 3.7, Math.min(2.6, D - P - 2.2), 1.3, lit(frame, RIGHT), go);
  if (sp.heater === "electric") side += electricBox(P + 0.5, deckH + 1.5, -deckH, 1);
  side += r2(
    P,
    eave - 1.2,
    D - P,
    1.2,
    vgrad(doc, [
      [0, "#140c08", 0.35],
      [1, "#140c08", 0],
    ]),
  );
  out += at(o.side(W), side);
  // front wall under the porch
  const fcol = lit(shade(t.base, -0.1), FRONT);
  let fw = boards(rng, 0, deckH, W, Hw, fcol, t, "h", 0.45);
  const dw = 2.2;
  const dx = W * 0.2;
  fw += door(doc, rng, dx, deckH, dw, 5.9, rng.chance(0.5) ? "glass" : "wood", t, frame, go);
  fw += windowPane(doc, W * 0.62, deckH + 3.2, Math.min(1.9, W * 0.28), 1.9, frame, go);
  fw += lamp(doc, dx + dw + 0.55, deckH + 4.9, go);
  fw += r2(
    0,
    deckH,
    W,
    Hw,
    vgrad(doc, [
      [0, "#140c08", 0.45],
      [0.4, "#140c08", 0.15],
      [1, "#140c08", 0.08],
    ]),
  );
  // bench on the porch
  fw +=
    r2(W * 0.6, deckH + 1.45, W * 0.32, 0.18, lit(t.light, UP)) +
    r2(W * 0.62, deckH, 0.15, 1.45, t.dark) +
    r2(W * 0.9, deckH, 0.15, 1.45, t.dark);
  out += at(o.front(P), fw);
  // porch side rail
  out += at(o.side(W), r2(0.2, deckH + 2.9, P - 0.2, 0.18, lit(t.light, RIGHT)) + r2(0.2, deckH + 1.4, P - 0.2, 0.14, lit(t.base, RIGHT)));
  // posts
  for (const px of [0, W - 0.4]) {
    out += at(o.side(px + 0.4), r2(0, deckH, 0.4, Hw, lit(shade(t.base, -0.05), RIGHT)));
    out += at(o.front(0), r2(px, deckH, 0.4, Hw, lit(t.light, FRONT)) + r2(px, deckH, 0.05, Hw, shade(t.light, -0.2), `opacity="0.5"`));
  }
  // beam under the gable
  out += at(o.front(0), r2(-0.1, eave - 0.45, W + 0.2, 0.45, lit(frame, FRONT)));
  // right roof slope
  const rs: V3 = [W / 2 + ov, eaveLow - ridge, 0];
  const len = Math.hypot(rs[0], rs[1]);
  const nrm: V3 = [-rs[1] / len, rs[0] / len, 0];
  const roofLit = lit(roofCol, nrm);
  let roof = r2(0, 0, D + 2 * ovz, 1, sp.snow ? lit(tint(m, SNOW), nrm, 0.4) : roofLit);
  if (!sp.snow) {
    if (sp.greenRoof) {
      for (let i = 0; i < 70; i++)
        roof += `<circle cx="${n2(rng.range(0, D + 2 * ovz))}" cy="${n2(rng.range(0.05, 0.95))}" r="0.04" fill="${shade(roofLit, rng.range(-0.15, 0.2))}" opacity="0.8"/>`;
    } else {
      for (let z = 0.5; z < D + 2 * ovz; z += 0.75) roof += r2(z, 0, 0.05, 1, shade(roofLit, -0.2));
      roof += r2(0, 0, D + 2 * ovz, 0.08, shade(roofLit, 0.12));
    }
  }
  out += at(o.plane([W / 2, ridge, -ovz], [0, 0, 1], [rs[0], rs[1], 0]), roof);
  // eave fascia
  out += at(o.side(W + ov), r2(-ovz, eaveLow - 0.3, D + 2 * ovz, 0.3, lit(sp.snow ? tint(m, SNOW) : frame, RIGHT)));
  if (sp.solar) out += solarOnSlope(o, W, ridge, eaveLow, ov, D, ovz, m);
  // front gable with vertical boards and a small window
  const gclip = doc.clip(
    poly2(
      [
        [0, eave - 0.05],
        [W, eave - 0.05],
        [W / 2, ridge],
      ],
      "#000",
    ),
  );
  let gable = boards(rng, -0.1, eave - 0.1, W + 0.2, rise + 0.2, lit(shade(t.base, 0.02), FRONT), t, "v", 0.4);
  gable +=
    glass(doc, W / 2 - 0.45, eave + 0.5, 0.9, 0.9, go) +
    r2(W / 2 - 0.05, eave + 0.5, 0.1, 0.9, frame) +
    r2(W / 2 - 0.45, eave + 0.9, 0.9, 0.1, frame);
  out += at(o.front(0), `<g clip-path="${gclip}">${gable}</g>`);
  // barge boards on the front edge of the roof
  const bt = 0.38;
  let barge = poly2(
    [
      [-ov, eaveLow],
      [W / 2, ridge],
      [W + ov, eaveLow],
      [W + ov, eaveLow - bt],
      [W / 2, ridge - bt * 1.15],
      [-ov, eaveLow - bt],
    ],
    lit(frame, FRONT),
  );
  barge += poly2(
    [
      [-ov, eaveLow + 0.1],
      [W / 2, ridge + 0.1],
      [W + ov, eaveLow + 0.1],
      [W + ov, eaveLow],
      [W / 2, ridge],
      [-ov, eaveLow],
    ],
    sp.snow ? tint(m, SNOW) : shade(roofCol, -0.3),
  );
  if (sp.snow)
    barge += poly2(
      [
        [-ov - 0.05, eaveLow + 0.1],
        [W / 2, ridge + 0.1],
        [W + ov + 0.05, eaveLow + 0.1],
        [W + ov, eaveLow + 0.35],
        [W / 2, ridge + 0.42],
        [-ov, eaveLow + 0.35],
      ],
      tint(m, SNOW),
    );
  out += at(o.front(-ovz), barge);
  // steps
  out += at(o.top(deckH * 0.5), r2(W / 2 - 1.3, -0.8, 2.6, 0.8, lit(t.base, UP)));
  out += at(o.side(W / 2 + 1.3), r2(-0.8, 0, 0.8, deckH * 0.5, lit(t.dark, RIGHT)));
  out += at(o.front(-0.8), r2(W / 2 - 1.3, 0, 2.6, deckH * 0.5, lit(t.dark, FRONT)));
  let over = "";
  if (sp.heater === "wood") {
    const x = W / 2 + (W / 2 + ov) * 0.42;
    const y = ridge - (x - W / 2) * ((ridge - eaveLow) / (W / 2 + ov));
    const ch = chimney(doc, o.p(x, y, D * 0.72), s, 2.2, m);
    out += ch.svg;
    over += smokeFrom(doc, ch.top, s, sp, rng);
  }
  const under = groundGlow(doc, o.p(dx + dw / 2, 0, -1.0), 3 * s, sp);
  return { body: out, over, under };
}

function solarOnSlope(o: Obl, W: number, ridge: number, eaveLow: number, ov: number, D: number, ovz: number, m: Mood): string {
  const rs: V3 = [W / 2 + ov, eaveLow - ridge, 0];
  let p = r2(D * 0.35, 0.12, D * 0.55, 0.7, tint(m, "#23324a"));
  for (let i = 1; i < 5; i++) p += r2(D * 0.35 + (D * 0.55 * i) / 5, 0.12, 0.03, 0.7, tint(m, "#6f86a6"));
  p += r2(D * 0.35, 0.46, D * 0.55, 0.02, tint(m, "#6f86a6"));
  p += r2(D * 0.35, 0.12, D * 0.55, 0.7, "none", `stroke="${tint(m, "#c4ccd6")}" stroke-width="0.04"`);
  return at(o.plane([W / 2, ridge + 0.05, -ovz], [0, 0, 1], [rs[0], rs[1], 0]), p);
}

/** A cabin kit halfway through assembly: posts, a few courses of wall boards, rafters. */
function cabinKit(
  doc: Doc,
  o: Obl,
  sp: SaunaSpec,
  rng: Rng,
  t: WoodTone,
  base: string,
  d: { W: number; D: number; deckH: number; Hw: number; P: number },
): Drawn {
  const { W, D, deckH, Hw, P } = d;
  let out = base;
  const courses = 7;
  const bh = 0.42;
  // back-left post and back wall courses visible through the open frame
  const post = (x: number, z: number) =>
    at(o.side(x + 0.35), r2(z, deckH, 0.35, Hw, lit(t.dark, RIGHT))) + at(o.front(z), r2(x, deckH, 0.35, Hw, lit(t.base, FRONT)));
  out += at(o.front(D), boards(rng, 0, deckH, W, courses * bh * 1.3, lit(shade(t.base, -0.2), FRONT), t, "h", bh));
  out += post(0, D - 0.35) + post(W - 0.35, D - 0.35);
  out += at(o.side(W), boards(rng, P, deckH, D - P, courses * bh, lit(t.base, RIGHT), t, "h", bh));
  out += at(
    o.front(P),
    boards(rng, 0, deckH, W, (courses - 2) * bh, lit(shade(t.base, -0.05), FRONT), t, "h", bh) +
      r2(W * 0.22, deckH, 2.2, (courses - 2) * bh, shade(t.dark, -0.3)),
  );
  out += post(0, P) + post(W - 0.35, P);
  // top plates and two rafters
  const eave = deckH + Hw;
  out += at(o.side(W), r2(P, eave - 0.3, D - P, 0.3, lit(t.light, RIGHT)));
  out += at(o.front(P), r2(0, eave - 0.3, W, 0.3, lit(t.light, FRONT)));
  for (const z of [P, D - 0.2]) {
    out += at(
      o.front(z),
      poly2(
        [
          [0, eave],
          [W / 2, eave + 2.6],
          [W, eave],
          [W - 0.3, eave],
          [W / 2, eave + 2.25],
          [0.3, eave],
        ],
        lit(t.light, FRONT),
      ),
    );
  }
  out +=
    `<g stroke="${t.dark}" stroke-width="${n(0.08 * o.s)}">` +
    `<line x1="${n(o.p(W / 2, eave + 2.55, P)[0])}" y1="${n(o.p(W / 2, eave + 2.55, P)[1])}" x2="${n(o.p(W / 2, eave + 2.55, D - 0.2)[0])}" y2="${n(o.p(W / 2, eave + 2.55, D - 0.2)[1])}"/></g>`;
  return { body: out, over: "", under: "" };
}

// ---------------------------------------------------------------- cube

function deck(o: Obl, rng: Rng, t: WoodTone, x0: number, x1: number, z0: number, z1: number, h: number): string {
  let s = at(o.side(x1), boards(rng, z0, 0, z1 - z0, h, lit(shade(t.dark, 0.1), RIGHT), t, "h", 0.25));
  s += at(o.top(h), boards(rng, x0, z0, x1 - x0, z1 - z0, lit(shade(t.base, 0.05), UP), t, "h", 0.42));
  s += at(o.front(z0), boards(rng, x0, 0, x1 - x0, h, lit(t.dark, FRONT), t, "h", 0.25));
  return s;
}

function deckTone(sp: SaunaSpec): WoodTone {
  const w = sp.wood === "charred" || sp.wood === "spruce" ? "thermowood" : sp.wood;
  return moodTone(woodTone(w), sp.mood);
}

function cube(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng): Drawn {
  const t = moodTone(woodTone(sp.wood), sp.mood);
  const m = sp.mood;
  const s = o.s;
  const { W, D } = dims(sp);
  const base = 0.45;
  const top = 7.7;
  const frame = tint(m, sp.accent);
  const go = glassOpts(sp);
  let out = deck(o, rng, deckTone(sp), -1.0, W + 1.4, -2.4, D + 0.2, base);
  // side wall
  let side = boards(rng, 0, base, D, top - base, lit(t.base, RIGHT), t, "h", 0.42);
  side += windowPane(doc, D * 0.55, base + 3.9, D * 0.3, 1.1, lit(frame, RIGHT), go);
  if (sp.heater === "electric") side += electricBox(0.6, base + 1.5, 0, 1);
  out += at(o.side(W), side);
  // glass front
  let fr = r2(0, base, W, top - base, lit(frame, FRONT));
  const gx = 0.22;
  fr += glass(doc, gx, base + 0.2, W - 2 * gx, top - base - 0.42, { ...go, interior: true });
  const doorW = 2.1;
  const doorX = W - gx - doorW - 0.6;
  fr += r2(doorX - 0.08, base + 0.2, 0.12, top - base - 0.42, frame) + r2(doorX + doorW, base + 0.2, 0.12, top - base - 0.42, frame);
  fr += r2(doorX, base + 6.0, doorW, 0.1, frame);
  fr += r2(doorX + 0.25, base + 2.4, 0.12, 1.5, shade(t.base, 0.15), `rx="0.05"`);
  fr += r2(gx + (doorX - gx) / 2 - 0.05, base + 0.2, 0.1, top - base - 0.42, frame);
  out += at(o.front(0), fr);
  // roof slab
  const rt = 0.42;
  out += at(o.side(W + 0.3), r2(-0.3, top, D + 0.6, rt, lit(shade(frame, -0.05), RIGHT)));
  out += roofTop(doc, o, sp, rng, -0.3, W + 0.3, -0.3, D + 0.3, top + rt);
  out += at(
    o.front(-0.3),
    r2(-0.3, top, W + 0.6, rt, lit(frame, FRONT)) + (sp.snow ? r2(-0.3, top + rt, W + 0.6, 0.22, tint(m, SNOW)) : ""),
  );
  if (sp.lights) out += ledStrip(doc, o, -0.3, W + 0.3, top - 0.02, -0.3);
  let over = "";
  if (sp.heater === "wood") {
    const ch = chimney(doc, o.p(W * 0.75, top + rt, D * 0.7), s, 2.3, m);
    out += ch.svg;
    over += smokeFrom(doc, ch.top, s, sp, rng);
  }
  const under = groundGlow(doc, o.p(W / 2, base, -1.2), 4 * s, sp);
  return { body: out, over, under };
}

/** Flat roof top: membrane, snow, or green roof; optional solar panel. */
function roofTop(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng, x0: number, x1: number, z0: number, z1: number, y: number, tilt = 0): string {
  const m = sp.mood;
  const plane = (content: string) => at(o.plane([x0, y, z0], [1, 0, 0], [0, -tilt, 1]), content);
  const w = x1 - x0;
  const d = z1 - z0;
  let c = "";
  if (sp.snow) {
    c += r2(0, 0, w, d, lit(tint(m, SNOW), UP, 0.5));
  } else if (sp.greenRoof) {
    c += r2(0, 0, w, d, lit(tint(m, "#6a8a48"), UP));
    for (let i = 0; i < 120; i++)
      c += `<circle cx="${n2(rng.range(0.2, w - 0.2))}" cy="${n2(rng.range(0.2, d - 0.2))}" r="${n2(rng.range(0.08, 0.22))}" fill="${tint(m, rng.pick(["#86a85a", "#54753c", "#9dbb6a", "#d9c36a"]))}" opacity="0.85"/>`;
  } else {
    c += r2(0, 0, w, d, lit(tint(m, "#4a4644"), UP)) + r2(0.15, 0.15, w - 0.3, d - 0.3, lit(tint(m, "#5a5653"), UP));
  }
  let out = plane(c);
  if (sp.greenRoof && !sp.snow) {
    // a fringe of grass over the front edge
    let tufts = "";
    for (let x = 0.1; x < w; x += 0.22)
      tufts += poly2(
        [
          [x - 0.1, 0],
          [x + 0.1, 0],
          [x + rng.range(-0.1, 0.1), rng.range(0.2, 0.45)],
        ],
        tint(m, rng.pick(["#6f9148", "#86a85a", "#557a3c"])),
      );
    out += at(o.front(z0, x0, y), tufts);
  }
  if (sp.solar) {
    const pw = Math.min(4.2, w * 0.55);
    const pd = Math.min(3.2, d * 0.45);
    // panel tilted up toward the back
    out += at(o.plane([x0 + w * 0.4, y + 0.35, z0 + d * 0.45], [1, 0, 0], [0, 0.5, 0.87]), solarPanel(pw, pd, m));
    out += at(o.front(z0 + d * 0.45, x0 + w * 0.4, y), r2(0.1, 0, 0.08, 0.35, "#6b7077") + r2(pw - 0.18, 0, 0.08, 0.35, "#6b7077"));
  }
  return out;
}

/** Warm LED strip under a roof edge, seen at dusk. */
function ledStrip(doc: Doc, o: Obl, x0: number, x1: number, y: number, z: number): string {
  const a = o.p(x0, y, z);
  const b = o.p(x1, y, z);
  return (
    rect(a[0], a[1] - 0.06 * o.s, b[0] - a[0], 0.12 * o.s, GLOW.core, `opacity="0.9"`) +
    rect(
      a[0],
      a[1],
      b[0] - a[0],
      0.9 * o.s,
      doc.linear([
        [0, GLOW.warm, 0.45],
        [1, GLOW.warm, 0],
      ]),
    )
  );
}

// ---------------------------------------------------------------- modern

function modern(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng): Drawn {
  const t = moodTone(woodTone(sp.wood), sp.mood);
  const m = sp.mood;
  const s = o.s;
  const { W, D } = dims(sp);
  const base = 0.4;
  const hl = 7.2;
  const hr = 8.2;
  const hAt = (x: number) => hl + ((hr - hl) * x) / W;
  const frame = tint(m, "#26221f");
  const go = glassOpts(sp);
  let out = deck(o, rng, deckTone(sp), -0.7, W + 0.6, -2.2, D + 0.3, base);
  // vertical slats
  const slats = (x0: number, x1: number, y0: number, h: (x: number) => number, nrm: V3) => {
    let c = r2(x0, y0, x1 - x0, Math.max(h(x0), h(x1)) - y0, lit(shade(t.dark, -0.35), nrm));
    const step = 0.32;
    for (let x = x0 + 0.04; x < x1 - 0.05; x += step) {
      const j = rng.range(-t.vary, t.vary);
      c += r2(x, y0, step * 0.72, h(x) - y0, lit(shade(t.base, j), nrm));
    }
    return c;
  };
  const sideClip = doc.clip(r2(0, base, D, hr - base, "#000"));
  let side = `<g clip-path="${sideClip}">${slats(0, D, base, () => hr, RIGHT)}</g>`;
  if (sp.heater === "electric") side += electricBox(0.7, base + 1.5, 0, 1);
  out += at(o.side(W), side);
  const fclip = doc.clip(
    poly2(
      [
        [0, base],
        [W, base],
        [W, hr],
        [0, hl],
      ],
      "#000",
    ),
  );
  let fr = `<g clip-path="${fclip}">${slats(0, W, base, hAt, FRONT)}</g>`;
  const gw = W * 0.55;
  fr += r2(0.35, base + 0.05, gw + 0.2, hl - base - 0.45, frame);
  fr += glass(doc, 0.45, base + 0.15, gw, hl - base - 0.65, { ...go, interior: true });
  fr += r2(0.45 + gw / 2 - 0.06, base + 0.15, 0.12, hl - base - 0.65, frame);
  const dx = 0.45 + gw + 0.75;
  const dw = Math.min(2.2, W - dx - 0.5);
  fr += r2(dx - 0.1, base, dw + 0.2, 6.3, frame);
  fr += slats(dx, dx + dw, base, () => base + 6.2, FRONT);
  fr += r2(dx + 0.25, base + 1.6, 0.1, 3.2, tint(m, "#c9ccd0"));
  if (sp.heater === "infrared")
    fr += r2(
      dx,
      base,
      dw,
      6.2,
      vgrad(doc, [
        [0, GLOW.infrared, 0],
        [1, GLOW.infrared, 0],
      ]),
    );
  out += at(o.front(0), fr);
  // roof slab with overhang, mono-pitch toward the right
  const rt = 0.35;
  const ovf = 0.8;
  const rx0 = -0.4;
  const rx1 = W + 0.5;
  const ry = (x: number) => hAt(x) + 0.1;
  out += at(
    o.side(rx1),
    poly2(
      [
        [-ovf, ry(rx1)],
        [D + 0.4, ry(rx1)],
        [D + 0.4, ry(rx1) + rt],
        [-ovf, ry(rx1) + rt],
      ],
      lit(tint(m, "#2f2b28"), RIGHT),
    ),
  );
  const tilt = (hr - hl) / W;
  const top = (content: string) => at(o.plane([rx0, ry(rx0) + rt, -ovf], [1, tilt, 0], [0, 0, 1]), content);
  const rw = rx1 - rx0;
  const rd = D + 0.4 + ovf;
  if (sp.snow) out += top(r2(0, 0, rw, rd, lit(tint(m, SNOW), UP, 0.5)));
  else if (sp.greenRoof) {
    let gr = r2(0, 0, rw, rd, lit(tint(m, "#6a8a48"), UP));
    for (let i = 0; i < 140; i++)
      gr += `<circle cx="${n2(rng.range(0.2, rw - 0.2))}" cy="${n2(rng.range(0.2, rd - 0.2))}" r="${n2(rng.range(0.08, 0.22))}" fill="${tint(m, rng.pick(["#86a85a", "#54753c", "#9dbb6a", "#d9c36a"]))}" opacity="0.85"/>`;
    out += top(gr);
  } else out += top(r2(0, 0, rw, rd, lit(tint(m, "#3b3734"), UP)) + r2(0.15, 0.15, rw - 0.3, rd - 0.3, lit(tint(m, "#4a4643"), UP)));
  out += at(
    o.front(-ovf),
    poly2(
      [
        [rx0, ry(rx0)],
        [rx1, ry(rx1)],
        [rx1, ry(rx1) + rt],
        [rx0, ry(rx0) + rt],
      ],
      lit(tint(m, sp.accent), FRONT),
    ),
  );
  if (sp.solar) out += solarFlat(o, rx0 + rw * 0.35, ry(W * 0.7) + rt, D * 0.35, m);
  if (sp.lights || m.glow > 0.8) {
    const a = o.p(rx0, ry(rx0) - 0.02, -ovf);
    const b = o.p(rx1, ry(rx1) - 0.02, -ovf);
    out += `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}" stroke="${GLOW.core}" stroke-width="${n(0.1 * s)}"/>`;
    out += poly(
      [a, b, [b[0], b[1] + 1.2 * s], [a[0], a[1] + 1.2 * s]],
      doc.linear([
        [0, GLOW.warm, 0.4],
        [1, GLOW.warm, 0],
      ]),
    );
  }
  let over = "";
  if (sp.heater === "wood") {
    const ch = chimney(doc, o.p(W * 0.72, ry(W * 0.72) + rt, D * 0.65), s, 2.2, m);
    out += ch.svg;
    over += smokeFrom(doc, ch.top, s, sp, rng);
  }
  const under = groundGlow(doc, o.p(W * 0.3, base, -1.1), 4.2 * s, sp);
  return { body: out, over, under };
}

/** A pw x pd solar panel in its own plane: cells, frame and a glint. */
function solarPanel(pw: number, pd: number, m: Mood): string {
  let p = r2(0, 0, pw, pd, tint(m, "#1f2d45"));
  for (let i = 1; i < 4; i++) p += r2((pw * i) / 4 - 0.02, 0, 0.04, pd, tint(m, "#7c93b4"));
  p += r2(0, pd / 2 - 0.02, pw, 0.04, tint(m, "#7c93b4"));
  p += r2(0, 0, pw, pd, "none", `stroke="${tint(m, "#d4dae2")}" stroke-width="0.06"`);
  p += r2(pw * 0.1, pd * 0.55, pw * 0.3, pd * 0.35, "#ffffff", `opacity="0.12"`);
  return p;
}

function solarFlat(o: Obl, x: number, y: number, z: number, m: Mood): string {
  const pw = 3.6;
  return (
    at(o.front(z, x, y), r2(0.2, 0, 0.1, 0.5, "#6b7077") + r2(pw - 0.3, 0, 0.1, 0.5, "#6b7077")) +
    at(o.plane([x, y + 0.45, z], [1, 0, 0], [0, 0.5, 0.87]), solarPanel(pw, 2.6, m))
  );
}

// ---------------------------------------------------------------- CLT

function clt(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng): Drawn {
  const t = moodTone(woodTone(sp.wood), sp.mood);
  const m = sp.mood;
  const s = o.s;
  const { W, D } = dims(sp);
  const T = 0.6;
  const plinth = 0.35;
  const hf = 8.4;
  const hb = 7.4;
  const hAt = (z: number) => hf - ((hf - hb) * z) / D;
  const rec = 1.1;
  const go = glassOpts(sp);
  const panel = t.base;
  const edge = t.end;
  let out = "";
  // plinth
  out += at(o.side(W), r2(0, 0, D, plinth, lit(tint(m, "#77736e"), RIGHT)));
  out += at(o.front(0), r2(0, 0, W, plinth, lit(tint(m, "#8a8580"), FRONT)));
  // side panel with seams and the roof panel edge along the top
  let side = poly2(
    [
      [0, plinth],
      [D, plinth],
      [D, hb],
      [0, hf],
    ],
    lit(panel, RIGHT),
  );
  side += r2(D * 0.5 - 0.02, plinth, 0.04, hf, lit(shade(panel, -0.25), RIGHT));
  side += r2(0, plinth, D, 0.03, shade(panel, -0.3));
  const sideClip = doc.clip(
    poly2(
      [
        [0, plinth],
        [D, plinth],
        [D, hb],
        [0, hf],
      ],
      "#000",
    ),
  );
  side += `<g clip-path="${sideClip}">${r2(
    0,
    plinth,
    D,
    hf,
    doc.linear(
      [
        [0, "#ffffff", 0.06],
        [1, "#000000", 0.08],
      ],
      0,
      0,
      1,
      0,
    ),
  )}</g>`;
  if (sp.heater === "electric") side += electricBox(1.6, plinth + 1.6, 0, 1);
  // a slot window on the side
  side += windowPane(doc, D * 0.58, plinth + 4.4, D * 0.28, 0.9, lit(shade(edge, -0.1), RIGHT), go);
  out += at(o.side(W), side);
  // roof edge on the side, drawn as a sloped laminated band
  const band = (content: string) => at(o.plane([W, hf - T, 0], [0, -(hf - hb) / D, 1], [0, 1, 0]), content);
  out += band(lamination(0, 0, Math.hypot(D, hf - hb) * 0.999, T, lit(edge, RIGHT), "h", 5));
  // roof top
  const tilt = (hf - hb) / D;
  out += at(
    o.plane([0, hf, 0], [1, 0, 0], [0, -tilt, 1]),
    sp.snow
      ? r2(0, 0, W, D, lit(tint(m, SNOW), UP, 0.5))
      : sp.greenRoof
        ? greenPatch(rng, W, D, m)
        : r2(0, 0, W, D, lit(tint(m, "#4d4946"), UP)) + r2(0.2, 0.2, W - 0.4, D - 0.4, lit(tint(m, "#5c5855"), UP)),
  );
  if (sp.solar) out += solarFlat(o, W * 0.35, hAt(D * 0.4), D * 0.3, m);
  // recessed front: glass + door, seen inside a thick frame
  const innerW = W - 2 * T;
  let rw = r2(T, plinth + T, innerW, hf - 2 * T - plinth, lit(shade(panel, -0.12), FRONT));
  const gw = innerW * 0.55;
  rw += r2(T + 0.2, plinth + T + 0.15, gw + 0.2, hf - 2 * T - plinth - 0.45, tint(m, "#2a2522"));
  rw += glass(doc, T + 0.3, plinth + T + 0.25, gw, hf - 2 * T - plinth - 0.65, { ...go, interior: true });
  const dx = T + gw + 0.9;
  rw += door(doc, rng, dx, plinth + T, Math.min(2.2, W - T - dx - 0.35), 6.0, "wood", t, tint(m, sp.accent), go);
  rw += r2(
    T,
    plinth + T,
    innerW,
    hf - 2 * T - plinth,
    vgrad(doc, [
      [0, "#120a06", 0.45],
      [0.35, "#120a06", 0.12],
      [1, "#120a06", 0.05],
    ]),
  );
  out += at(o.front(rec), rw);
  // inner face of the left wall, and the floor inside the recess
  out += at(
    o.side(T),
    r2(0, plinth + T, rec, hf - plinth - 2 * T, lit(shade(panel, -0.05), RIGHT)) +
      r2(
        0,
        hf - T - 1.2,
        rec,
        1.2,
        vgrad(doc, [
          [0, "#120a06", 0.4],
          [1, "#120a06", 0],
        ]),
      ),
  );
  out += at(o.top(plinth + T), r2(T, 0, innerW, rec, lit(shade(panel, 0), UP)));
  // thick laminated front frame
  let fr = lamination(0, plinth, T, hf - plinth, lit(edge, FRONT), "v", 5);
  fr += lamination(W - T, plinth, T, hf - plinth, lit(edge, FRONT), "v", 5);
  fr += lamination(T, hf - T, W - 2 * T, T, lit(edge, FRONT), "h", 5);
  fr += lamination(T, plinth, W - 2 * T, T, lit(edge, FRONT), "h", 5);
  if (sp.snow) fr += r2(-0.05, hf, W + 0.1, 0.25, tint(m, SNOW), `rx="0.1"`);
  out += at(o.front(0), fr);
  let over = "";
  if (sp.heater === "wood") {
    const ch = chimney(doc, o.p(W * 0.72, hAt(D * 0.72), D * 0.72), s, 2.2, m);
    out += ch.svg;
    over += smokeFrom(doc, ch.top, s, sp, rng);
  }
  const under = groundGlow(doc, o.p(W * 0.4, 0, -0.6), 4 * s, sp);
  return { body: out, over, under };
}

function greenPatch(rng: Rng, w: number, d: number, m: Mood): string {
  let gr = r2(0, 0, w, d, lit(tint(m, "#6a8a48"), UP));
  for (let i = 0; i < 130; i++)
    gr += `<circle cx="${n2(rng.range(0.2, w - 0.2))}" cy="${n2(rng.range(0.2, d - 0.2))}" r="${n2(rng.range(0.08, 0.22))}" fill="${tint(m, rng.pick(["#86a85a", "#54753c", "#9dbb6a", "#d9c36a"]))}" opacity="0.85"/>`;
  return gr;
}

// ---------------------------------------------------------------- tent

function tent(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng): Drawn {
  const m = sp.mood;
  const s = o.s;
  const { W, D } = dims(sp);
  const H = 7.0;
  const canvas = tint(m, "#d9cdb4");
  const go = glassOpts(sp);
  let out = "";
  const rs: V3 = [W / 2, -H, 0];
  const len = Math.hypot(rs[0], rs[1]);
  const nrm: V3 = [-rs[1] / len, rs[0] / len, 0];
  let slope = r2(0, 0, D, 1, lit(canvas, nrm));
  for (let z = 1.2; z < D; z += 1.6) slope += r2(z, 0, 0.06, 1, shade(lit(canvas, nrm), -0.12));
  if (sp.snow) slope += r2(0, 0, D, 0.55, tint(m, SNOW));
  out += at(o.plane([W / 2, H, 0], [0, 0, 1], rs), slope);
  let fr = poly2(
    [
      [0, 0],
      [W, 0],
      [W / 2, H],
    ],
    lit(canvas, FRONT),
  );
  const { warm, amount } = glowColors(go);
  fr += poly2(
    [
      [W / 2 - 1.2, 0],
      [W / 2 + 1.2, 0],
      [W / 2, 4.6],
    ],
    mix("#3a2a22", warm, amount * 0.8),
  );
  fr += poly2(
    [
      [W / 2 - 1.2, 0],
      [W / 2 - 0.2, 0],
      [W / 2, 4.6],
    ],
    shade(lit(canvas, FRONT), -0.08),
  );
  fr += poly2(
    [
      [W / 2, 4.6],
      [W / 2 + 1.2, 0],
      [W / 2 + 0.9, 0],
      [W / 2, 4.0],
    ],
    shade(lit(canvas, FRONT), -0.15),
  );
  if (sp.snow)
    fr += poly2(
      [
        [W / 2 - 0.4, H - 0.8],
        [W / 2, H + 0.05],
        [W / 2 + 0.4, H - 0.8],
      ],
      tint(m, SNOW),
    );
  out += at(o.front(0), fr);
  let over = "";
  const ch = chimney(doc, o.p(W * 0.75, H * 0.5, D * 0.6), s, 4.5, m);
  out += ch.svg;
  if (sp.heater === "wood") over += smokeFrom(doc, ch.top, s, sp, rng);
  return { body: out, over, under: "" };
}

export function drawSauna(doc: Doc, o: Obl, sp: SaunaSpec, rng: Rng): Drawn {
  switch (sp.shape) {
    case "barrel":
      return barrel(doc, o, sp, rng);
    case "cabin":
      return cabin(doc, o, sp, rng);
    case "cube":
      return cube(doc, o, sp, rng);
    case "pod":
      return pod(doc, o, sp, rng);
    case "modern":
      return modern(doc, o, sp, rng);
    case "clt":
      return clt(doc, o, sp, rng);
    case "tent":
      return tent(doc, o, sp, rng);
  }
}

/** Screen extents of a sauna drawn with projection o. */
export function extents(o: Obl, sp: SaunaSpec): { x0: number; x1: number; y0: number; y1: number } {
  const d = dims(sp);
  const corners: P[] = [];
  for (const x of [-d.left - 0.6, d.W + 0.6])
    for (const y of [0, d.H + d.chimney]) for (const z of [-d.front, d.D + 0.5]) corners.push(o.p(x, y, z));
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

/** Where people walk in: world (x, z) just in front of the door or steps. */
export function entrance(sp: SaunaSpec): [number, number] {
  const d = dims(sp);
  switch (sp.shape) {
    case "barrel":
      return [3.2, -0.3];
    case "cabin":
      return [d.W / 2, -1.0];
    case "cube":
      return [d.W - 1.9, -2.6];
    case "modern":
      return [Math.min(d.W - 1.2, 0.45 + d.W * 0.55 + 0.75 + 1.1), -2.4];
    case "clt":
      return [d.W * 0.7, -0.4];
    case "pod":
      return [3.1, -1.1];
    case "tent":
      return [d.W / 2, -0.4];
  }
}
