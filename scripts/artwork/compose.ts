/** Whole exterior pictures: a setting, a sauna placed in it, props, light and finish. */

import { Obl } from "./geom";
import { mood, pickMood, tint, type Mood } from "./mood";
import { mix, shade, STEEL, woodTone } from "./palette";
import { boards, poly2, r2 } from "./parts";
import { Rng } from "./rng";
import { dims, drawSauna, entrance, extents, type Heater, type SaunaSpec, type Shape } from "./saunas";
import { backdrop, foreground, makeFrame, vignette, type Frame, type Setting } from "./scenes";
import { Doc, ellipse, g, n, poly, rect, type P } from "./svg";

export interface Art {
  shape: Shape;
  wood: string;
  setting: Setting;
  heater: Heater;
  accent: string;
}

export interface Props {
  plunge?: boolean;
  greenRoof?: boolean;
  solar?: boolean;
  lights?: boolean;
  kit?: boolean;
  dock?: boolean;
  smoke?: boolean;
}

export interface ExteriorOpts {
  w: number;
  h: number;
  art: Art;
  seed: string;
  size?: number;
  mood?: Mood | string;
  /** Fraction of the width the sauna spans. */
  fit?: number;
  /** Sauna centre as a fraction of the width. */
  centerX?: number;
  mirror?: boolean;
  props?: Props;
  /** 0..1: wash of warm haze and lower saturation (for fallbacks and placeholders). */
  muted?: number;
  vignette?: number;
}

export function exteriorSvg(opts: ExteriorOpts): string {
  const { w, h, art } = opts;
  const rng = new Rng(`ext:${opts.seed}`);
  const m: Mood = typeof opts.mood === "object" ? opts.mood : opts.mood ? mood(opts.mood) : pickMood(art.setting, rng.fork("mood"));
  const doc = new Doc(w, h, rng);
  const props = opts.props ?? {};
  const sp: SaunaSpec = {
    shape: art.shape,
    wood: art.wood,
    heater: art.heater,
    accent: art.accent,
    size: opts.size ?? 1,
    mood: m,
    snow: art.setting === "snow",
    greenRoof: props.greenRoof,
    solar: props.solar,
    lights: props.lights,
    kit: props.kit,
    smoke: props.smoke,
  };
  const d = dims(sp);
  // scale: fit the width, but leave sky above
  const fitDefault: Record<Shape, number> = { barrel: 0.5, cabin: 0.44, cube: 0.46, pod: 0.42, modern: 0.5, clt: 0.44, tent: 0.38 };
  const fit = opts.fit ?? fitDefault[art.shape];
  const probe = new Obl(0, 0, 1);
  const e0 = extents(probe, sp);
  const unitsW = e0.x1 - e0.x0;
  const unitsH = e0.y1 - e0.y0 + (art.heater === "wood" ? 1.5 : 0);
  const s = Math.min((fit * w) / unitsW, (0.64 * h) / unitsH);
  const baseY = h * rng.range(0.85, 0.89);
  const cxF = opts.centerX ?? rng.range(0.42, 0.58);
  const mirror = opts.mirror ?? (cxF > 0.5 ? rng.chance(0.55) : rng.chance(0.3));
  // place: extents bottom at baseY, centre at cxF
  const o = new Obl(0, 0, s);
  const e1 = extents(o, sp);
  o.ox = cxF * w - (e1.x0 + e1.x1) / 2;
  o.oy = baseY - e1.y1;
  const ext = extents(o, sp);
  const keep = { x0: ext.x0, x1: ext.x1, y0: ext.y0, y1: ext.y1 };
  if (props.plunge) {
    if (mirror) keep.x0 -= 4.5 * s;
    else keep.x1 += 4.5 * s;
  }
  const f = makeFrame(w, h, art.setting, m, rng.fork("frame"), keep, ext.y1, !mirror);
  let body = backdrop(doc, f);
  const mid = (ext.x0 + ext.x1) / 2;
  const flip = (c: string) => (mirror ? g(c, `transform="translate(${n(2 * mid)} 0) scale(-1 1)"`) : c);
  let group = "";
  if (art.setting === "lake" && props.dock !== false) group += dock(doc, o, d.W, d.D, f, sp, mirror, mid);
  group += castShadow(doc, o, sp, m);
  group += walkway(o, sp, m, h, rng.fork("path"), art.setting);
  const drawn = drawSauna(doc, o, sp, rng.fork("sauna"));
  group += drawn.under + drawn.body;
  if (props.plunge) group += plungeTub(doc, o, d.W + 2.9, -0.8, m, rng.fork("tub"), art.setting === "snow");
  if (props.kit) group += lumberStack(doc, o, d.W + 2.2, -5.2, m, rng.fork("lumber"));
  group += drawn.over;
  body += flip(group);
  body += foreground(doc, f);
  body += vignette(doc, f, opts.vignette ?? 0.2);
  if (opts.muted) body += mutedWash(f, opts.muted);
  return doc.render(body);
}

export function mutedWash(f: { w: number; h: number }, amt: number): string {
  return rect(0, 0, f.w, f.h, "#efe6d8", `opacity="${Math.round(amt * 100) / 100}"`);
}

/** Stepping stones (or a trodden trail in snow) from the entrance toward the viewer. */
function walkway(o: Obl, sp: SaunaSpec, m: Mood, h: number, rng: Rng, setting: string): string {
  const [ex, ez] = entrance(sp);
  let s = "";
  let x = ex;
  const snow = setting === "snow";
  for (let i = 0; i < 14; i++) {
    const z = ez - 0.4 - i * 1.25;
    const c = o.p(x, 0, z);
    if (c[1] > h + 40) break;
    const rx = o.s * rng.range(0.6, 0.8);
    const ry = rx * 0.42;
    if (snow) {
      s += ellipse(c[0], c[1], rx * 1.3, ry * 1.2, tint(m, "#c9d6e6"), `opacity="0.7"`);
    } else {
      const col = tint(m, rng.pick(["#a29a90", "#b1a99e", "#948c83"]));
      s += ellipse(c[0], c[1] + ry * 0.18, rx, ry, shade(col, -0.35), `opacity="0.6"`);
      s += ellipse(c[0], c[1], rx, ry, col);
      s += ellipse(c[0] - rx * 0.15, c[1] - ry * 0.2, rx * 0.6, ry * 0.5, shade(col, 0.15), `opacity="0.7"`);
    }
    x += rng.range(-0.35, 0.35) - (i % 2 ? 0.2 : -0.2);
  }
  return s;
}

/** Soft shadow cast on the ground away from the light (to the right and back). */
function castShadow(doc: Doc, o: Obl, sp: SaunaSpec, m: Mood): string {
  const d = dims(sp);
  const W = d.W;
  const D = d.D;
  const len = d.H * 0.45;
  const pts: P[] = [
    o.p(-0.2, 0, -0.3),
    o.p(W + 0.2, 0, -0.3),
    o.p(W + len, 0, D * 0.25),
    o.p(W + len, 0, D + len * 0.5),
    o.p(W * 0.4, 0, D + len * 0.6),
    o.p(-0.2, 0, D + 0.3),
  ];
  const cen = o.p(W / 2 + len / 2, 0, D / 2);
  let s = "";
  for (const k of [1.12, 1.06, 1.0, 0.94]) {
    const scaled = pts.map(([x, y]) => [cen[0] + (x - cen[0]) * k, cen[1] + (y - cen[1]) * k] as P);
    s += poly(scaled, m.shadow, `opacity="${Math.round(m.shadowAlpha * 30) / 100}"`);
  }
  const c = o.p(W / 2, 0, D / 2);
  const rx = ((W + D * o.cx) / 2 + 0.6) * o.s;
  s += ellipse(
    c[0],
    c[1] + 0.1 * o.s,
    rx,
    rx * 0.22,
    doc.radial([
      [0, m.shadow, m.shadowAlpha * 1.2],
      [1, m.shadow, 0],
    ]),
  );
  return s;
}

/** A wooden jetty from the shore into the lake, beside the sauna. */
function dock(doc: Doc, o: Obl, W: number, D: number, f: Frame, sp: SaunaSpec, mirror: boolean, mid: number): string {
  const m = sp.mood;
  const t = woodTone(sp.wood === "charred" || sp.wood === "spruce" ? "thermowood" : "cedar");
  const base = tint(m, mix(t.base, "#8a7a6a", 0.35));
  const zs = (o.oy - f.groundY) / (o.cy * o.s);
  const x0 = W + 1.0;
  const x1 = x0 + 3.2;
  const z0 = Math.max(D * 0.4, zs - 0.2);
  const z1 = zs + 11;
  const y = 0.35;
  // keep the dock mostly in frame; otherwise move it to the left of the sauna
  let dx = 0;
  const endX = o.p(x1, y, z1)[0];
  const endScreen = mirror ? 2 * mid - endX : endX;
  if (endScreen > f.w * 1.02 || endScreen < -f.w * 0.02) dx = -(W + 2.0 + 3.2);
  let s = "";
  const post = (x: number, z: number) => {
    const a = o.p(x + dx, y, z);
    const b = o.p(x + dx, -1.2, z);
    return (
      rect(a[0] - 0.12 * o.s, a[1], 0.24 * o.s, b[1] - a[1], tint(m, "#3c2f27")) +
      rect(b[0] - 0.12 * o.s, b[1], 0.24 * o.s, 0.9 * o.s, tint(m, "#3c2f27"), `opacity="0.25"`)
    );
  };
  for (let z = z1 - 0.3; z > z0 + 1; z -= 2.6) s += post(x0 + 0.2, z) + post(x1 - 0.2, z);
  const face = (content: string) => `<g transform="${o.side(x1 + dx)}">${content}</g>`;
  s += face(r2(z0, y - 0.35, z1 - z0, 0.35, shade(base, -0.35)));
  const top = `<g transform="${o.top(y, x0 + dx, z0)}">${boards(new Rng(7), 0, 0, x1 - x0, z1 - z0, shade(base, 0.05), t, "h", 0.45, 0.05)}</g>`;
  s += top;
  // ladder at the end
  const l1 = o.p(x0 + dx + 1.1, y + 1.2, z1);
  const l2 = o.p(x0 + dx + 1.1, -0.8, z1);
  const l3 = o.p(x0 + dx + 2.1, y + 1.2, z1);
  const l4 = o.p(x0 + dx + 2.1, -0.8, z1);
  s += `<g stroke="${tint(m, STEEL.light)}" stroke-width="${n(0.09 * o.s)}" fill="none" stroke-linecap="round"><path d="M${n(l1[0])} ${n(l1[1])}L${n(l2[0])} ${n(l2[1])}M${n(l3[0])} ${n(l3[1])}L${n(l4[0])} ${n(l4[1])}M${n(l2[0])} ${n((l1[1] + l2[1]) / 2)}L${n(l4[0])} ${n((l3[1] + l4[1]) / 2)}"/></g>`;
  return s;
}

/** Round wooden cold-plunge tub with water and a small step. */
function plungeTub(doc: Doc, o: Obl, cx: number, cz: number, m: Mood, rng: Rng, winter: boolean): string {
  const r = 1.9;
  const H = 3.0;
  const t = woodTone("thermowood");
  const ring = (y: number, rr: number): P[] => {
    const pts: P[] = [];
    for (let i = 0; i < 48; i++) {
      const a = (i / 48) * Math.PI * 2;
      pts.push(o.p(cx + rr * Math.cos(a), y, cz + rr * Math.sin(a)));
    }
    return pts;
  };
  let s = "";
  const topR = ring(H, r);
  // body: staves on the visible front half
  const N = 26;
  for (let i = 0; i < N; i++) {
    const a0 = (i / N) * Math.PI * 2;
    const a1 = ((i + 1) / N) * Math.PI * 2;
    const am = (a0 + a1) / 2;
    const nx = Math.cos(am);
    const nz = Math.sin(am);
    // visible when facing the viewer: view direction (-cx, -cy, 1)
    if (-o.cx * nx + nz >= 0) continue;
    const light = -0.5 * nx + 0.45 * -nz;
    const c = tint(m, shade(t.base, light * 0.35 + rng.range(-0.04, 0.04)));
    s += poly(
      [
        o.p(cx + r * Math.cos(a0), 0, cz + r * Math.sin(a0)),
        o.p(cx + r * Math.cos(a1), 0, cz + r * Math.sin(a1)),
        o.p(cx + r * Math.cos(a1), H, cz + r * Math.sin(a1)),
        o.p(cx + r * Math.cos(a0), H, cz + r * Math.sin(a0)),
      ],
      c,
      `stroke="${shade(c, -0.2)}" stroke-width="${n(0.02 * o.s)}"`,
    );
  }
  // bands
  for (const y of [0.5, H - 0.5]) {
    const pts: P[] = [];
    for (let i = 0; i <= 40; i++) {
      const a = Math.PI * 0.5 + (i / 40) * Math.PI * 1.0 + 0.25;
      pts.push(o.p(cx + (r + 0.02) * Math.cos(a + Math.PI / 2), y, cz + (r + 0.02) * Math.sin(a + Math.PI / 2)));
    }
    s += `<polyline points="${pts.map((p) => `${n(p[0])},${n(p[1])}`).join(" ")}" fill="none" stroke="${tint(m, STEEL.dark)}" stroke-width="${n(0.12 * o.s)}"/>`;
  }
  // rim and water
  s += poly(topR, tint(m, shade(t.end, 0.05)));
  s += poly(
    ring(H, r - 0.2),
    winter
      ? tint(m, "#cfe2ec")
      : doc.linear([
          [0, tint(m, "#7fb3c8")],
          [1, tint(m, "#3f7f99")],
        ]),
  );
  const hl = ring(H, r - 0.6).slice(28, 40);
  s += `<polyline points="${hl.map((p) => `${n(p[0])},${n(p[1])}`).join(" ")}" fill="none" stroke="#ffffff" stroke-width="${n(0.06 * o.s)}" opacity="0.6" stroke-linecap="round"/>`;
  if (winter) {
    for (let i = 0; i < 4; i++) {
      const p = o.p(cx + rng.range(-0.7, 0.7), H, cz + rng.range(-0.7, 0.7));
      s += rect(
        p[0] - 0.15 * o.s,
        p[1] - 0.1 * o.s,
        0.3 * o.s,
        0.2 * o.s,
        "#f4fbff",
        `opacity="0.9" transform="rotate(${n(rng.range(-30, 30))} ${n(p[0])} ${n(p[1])})"`,
      );
    }
  }
  // towel over the rim
  const tp = o.p(cx - r * 0.95, H, cz - 0.1);
  s += rect(tp[0] - 0.35 * o.s, tp[1] - 0.05 * o.s, 0.7 * o.s, 1.3 * o.s, tint(m, "#f1ece4"), `rx="${n(0.1 * o.s)}"`);
  s += rect(tp[0] - 0.35 * o.s, tp[1] + 0.9 * o.s, 0.7 * o.s, 0.12 * o.s, tint(m, "#b45309"), `opacity="0.8"`);
  // step
  const stepT = `<g transform="${o.top(0.9, cx - r - 1.3, cz - 0.8)}">${r2(0, 0, 1.1, 1.6, tint(m, shade(t.base, 0.1)))}</g>`;
  const stepF = `<g transform="${o.front(cz - 0.8, cx - r - 1.3, 0)}">${r2(0, 0, 1.1, 0.9, tint(m, shade(t.base, -0.1)))}</g>`;
  s =
    ellipse(
      ...o.p(cx, 0, cz),
      (r + 0.6) * o.s,
      (r + 0.3) * o.s * 0.4,
      doc.radial([
        [0, m.shadow, 0.35],
        [1, m.shadow, 0],
      ]),
    ) +
    s +
    stepT +
    stepF;
  return s;
}

/** Stacked boards on a pallet and a sawhorse, for a kit under construction. */
function lumberStack(doc: Doc, o: Obl, x: number, z: number, m: Mood, rng: Rng): string {
  const t = woodTone("cedar");
  let s = "";
  const L = 5.5;
  const wdt = 2.4;
  // pallet
  s += `<g transform="${o.front(z, x, 0)}">${r2(0, 0, 0.3, 0.4, tint(m, "#8a7258"))}${r2(wdt / 2 - 0.15, 0, 0.3, 0.4, tint(m, "#8a7258"))}${r2(wdt - 0.3, 0, 0.3, 0.4, tint(m, "#8a7258"))}</g>`;
  s += `<g transform="${o.side(x + wdt, z, 0)}">${r2(0, 0, L, 0.4, tint(m, "#6f5c47"))}</g>`;
  const layers = 6;
  const bh = 0.22;
  for (let i = 0; i < layers; i++) {
    const y = 0.4 + i * bh;
    const count = 5;
    const bw = wdt / count;
    s += `<g transform="${o.side(x + wdt, z, y)}">${r2(0, 0, L, bh, tint(m, shade(t.base, -0.12 + rng.range(-0.05, 0.05))), `stroke="${tint(m, t.seam)}" stroke-width="0.02"`)}</g>`;
    let ends = "";
    for (let k = 0; k < count; k++)
      ends += r2(
        k * bw + 0.02,
        0.01,
        bw - 0.04,
        bh - 0.02,
        tint(m, shade(t.end, rng.range(-0.08, 0.06))),
        `stroke="${tint(m, shade(t.end, -0.3))}" stroke-width="0.015"`,
      );
    s += `<g transform="${o.front(z, x, y)}">${ends}</g>`;
  }
  const topY = 0.4 + layers * bh;
  s += `<g transform="${o.top(topY, x, z)}">${boards(rng, 0, 0, wdt, L, tint(m, shade(t.base, 0.08)), t, "v", wdt / 5)}</g>`;
  // sawhorse and a board across it
  const sx = x + wdt + 1.4;
  const sz = z + 0.6;
  const legs = (zz: number) =>
    `<g transform="${o.front(zz, sx, 0)}">${poly2(
      [
        [0, 0],
        [0.2, 0],
        [0.65, 2.2],
        [0.45, 2.2],
      ],
      tint(m, "#9c7a52"),
    )}${poly2(
      [
        [1.4, 0],
        [1.2, 0],
        [0.75, 2.2],
        [0.95, 2.2],
      ],
      tint(m, "#8a6a45"),
    )}</g>`;
  s += legs(sz + 2.4) + legs(sz);
  s += `<g transform="${o.top(2.35, sx + 0.25, sz - 0.8)}">${r2(0, 0, 0.9, 4.2, tint(m, shade(t.base, 0.15)))}</g>`;
  s += `<g transform="${o.front(sz - 0.8, sx + 0.25, 2.2)}">${r2(0, 0, 0.9, 0.15, tint(m, shade(t.end, 0)))}</g>`;
  return s;
}
