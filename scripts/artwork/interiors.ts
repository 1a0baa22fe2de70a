/** Interiors in one-point perspective: walls, benches, heater, bucket and ladle, window view. */

import { Persp } from "./geom";
import { pickMood, type Mood } from "./mood";
import { GLOW, interiorTone, mix, shade, STEEL, STONE, type WoodTone } from "./palette";
import { Rng } from "./rng";
import type { Art } from "./compose";
import { backdrop, makeFrame, steamWisps, vignette } from "./scenes";
import { circle, Doc, ellipse, n, path, pathD, poly, rect, type P } from "./svg";

interface Room {
  doc: Doc;
  c: Persp;
  rng: Rng;
  t: WoodTone;
  zb: number;
  /** Half width and height of a box room. */
  hw: number;
  H: number;
  art: Art;
  mood: Mood;
  ir: boolean;
}

function quad(c: Persp, pts: [number, number, number][], fill: string, extra = ""): string {
  return poly(
    pts.map(([x, y, z]) => c.p(x, y, z)),
    fill,
    extra,
  );
}

/** A box in perspective; faces visible from the eye are drawn. */
function box(
  r: Room,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  z0: number,
  z1: number,
  col: { front: string; top: string; side: string },
): string {
  const c = r.c;
  let s = "";
  if (y1 < c.ey)
    s += quad(
      c,
      [
        [x0, y1, z0],
        [x1, y1, z0],
        [x1, y1, z1],
        [x0, y1, z1],
      ],
      col.top,
    );
  if (y0 > c.ey)
    s += quad(
      c,
      [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y0, z1],
        [x0, y0, z1],
      ],
      shade(col.side, -0.2),
    );
  if (x1 < c.ex)
    s += quad(
      c,
      [
        [x1, y0, z0],
        [x1, y1, z0],
        [x1, y1, z1],
        [x1, y0, z1],
      ],
      col.side,
    );
  if (x0 > c.ex)
    s += quad(
      c,
      [
        [x0, y0, z0],
        [x0, y1, z0],
        [x0, y1, z1],
        [x0, y0, z1],
      ],
      col.side,
    );
  s += quad(
    c,
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y1, z0],
      [x0, y1, z0],
    ],
    col.front,
  );
  return s;
}

function boardQuads(
  r: Room,
  corners: (a: number, b: number) => [number, number, number][],
  count: number,
  base: string,
  seam: string,
): string {
  let s = "";
  let d = "";
  for (let i = 0; i < count; i++) {
    const q = corners(i / count, (i + 1) / count);
    const col = shade(base, r.rng.range(-r.t.vary, r.t.vary));
    s += quad(r.c, q, col);
    const a = r.c.p(...q[0]!);
    const b = r.c.p(...q[3]!);
    d += `M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}`;
  }
  return s + path(d, "none", `stroke="${seam}" stroke-width="2"`);
}

/** Mini landscape for a window: the setting seen from inside. */
function windowView(r: Room, x: number, y: number, w: number, h: number): string {
  const doc = r.doc;
  const rng = r.rng.fork("view");
  const f = makeFrame(w, h, r.art.setting, r.mood, rng, { x0: -9999, x1: -9998, y0: 0, y1: 0 }, h * 1.2, rng.chance(0.5));
  f.horizonY = h * 0.55;
  f.groundY = h * 0.8;
  const clip = doc.clip(rect(x, y, w, h, "#000"));
  return `<g clip-path="${clip}"><g transform="translate(${n(x)} ${n(y)})">${backdrop(doc, f)}</g></g>`;
}

function windowOnBack(r: Room, wx0: number, wx1: number, wy0: number, wy1: number): string {
  const c = r.c;
  const a = c.p(wx0, wy1, r.zb);
  const b = c.p(wx1, wy0, r.zb);
  const k = c.k(r.zb);
  const fr = 0.16 * k;
  let s = rect(a[0] - fr, a[1] - fr, b[0] - a[0] + 2 * fr, b[1] - a[1] + 2 * fr, shade(r.t.dark, -0.1));
  s += windowView(r, a[0], a[1], b[0] - a[0], b[1] - a[1]);
  s += rect(
    a[0],
    a[1],
    b[0] - a[0],
    b[1] - a[1],
    r.doc.linear(
      [
        [0, "#ffffff", 0.12],
        [1, "#ffffff", 0],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s += rect((a[0] + b[0]) / 2 - fr * 0.35, a[1], fr * 0.7, b[1] - a[1], shade(r.t.dark, -0.1));
  // sill
  s += rect(a[0] - fr * 1.5, b[1] + fr * 0.6, b[0] - a[0] + fr * 3, fr * 0.9, shade(r.t.light, 0.05));
  return s;
}

function stones(rng: Rng, cx: number, top: number, w: number, h: number, _k: number): string {
  let s = "";
  const rows = 3;
  for (let row = 0; row < rows; row++) {
    const count = 5 - row;
    const ww = w * (1 - row * 0.22);
    for (let i = 0; i < count; i++) {
      const x = cx - ww / 2 + (ww * (i + 0.5)) / count + rng.range(-w * 0.03, w * 0.03);
      const y = top - row * h * 0.28 + rng.range(-h * 0.04, h * 0.04);
      const rx = (ww / count) * rng.range(0.55, 0.7);
      const ry = rx * rng.range(0.6, 0.8);
      const col = rng.pick(STONE);
      s += ellipse(x, y, rx, ry, col) + ellipse(x - rx * 0.2, y - ry * 0.3, rx * 0.55, ry * 0.45, shade(col, 0.18), `opacity="0.8"`);
    }
  }
  return s;
}

function woodStove(r: Room, x0: number, z0: number): string {
  const c = r.c;
  const w = 1.6;
  const d = 1.5;
  const h = 2.5;
  const x1 = x0 + w;
  const z1 = z0 + d;
  const steel = "#2b2a2a";
  let s = "";
  // floor plate
  s += quad(
    c,
    [
      [x0 - 0.4, 0.01, z0 - 0.5],
      [x1 + 0.4, 0.01, z0 - 0.5],
      [x1 + 0.4, 0.01, z1 + 0.3],
      [x0 - 0.4, 0.01, z1 + 0.3],
    ],
    "#4a4746",
  );
  // chimney pipe to the ceiling
  const pa = c.p(x0 + w / 2 - 0.28, r.H, z0 + d * 0.6);
  const pb = c.p(x0 + w / 2 + 0.28, h + 1.0, z0 + d * 0.6);
  s += rect(
    pa[0],
    pa[1],
    pb[0] - pa[0],
    pb[1] - pa[1],
    r.doc.linear(
      [
        [0, "#2a2a2a"],
        [0.4, "#6b6b6b"],
        [1, "#1f1f1f"],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  s += box(r, x0, x1, 0.2, h, z0, z1, { front: steel, top: "#3b3a39", side: "#1e1d1d" });
  const k = c.k(z0);
  // stone cage on top
  s += box(r, x0 + 0.05, x1 - 0.05, h, h + 1.0, z0 + 0.05, z1 - 0.05, { front: "#3a3938", top: "#2a2a2a", side: "#242323" });
  const top = c.p(x0 + w / 2, h + 1.0, z0 + 0.05);
  s += stones(r.rng, top[0], top[1] + 0.05 * k, w * k * 1.05, 1.2 * k, k);
  // cage bars
  let bars = "";
  for (let i = 0; i <= 6; i++) {
    const a = c.p(x0 + 0.05 + (i * (w - 0.1)) / 6, h, z0 + 0.05);
    const b = c.p(x0 + 0.05 + (i * (w - 0.1)) / 6, h + 0.9, z0 + 0.05);
    bars += `M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}`;
  }
  s += path(bars, "none", `stroke="#1a1919" stroke-width="${n(0.035 * k)}"`);
  // glass door with fire
  const da = c.p(x0 + 0.25, h - 0.5, z0);
  const db = c.p(x1 - 0.25, 0.7, z0);
  s += rect(da[0] - 0.06 * k, da[1] - 0.06 * k, db[0] - da[0] + 0.12 * k, db[1] - da[1] + 0.12 * k, "#141313", `rx="${n(0.08 * k)}"`);
  s += rect(
    da[0],
    da[1],
    db[0] - da[0],
    db[1] - da[1],
    r.doc.linear([
      [0, "#3a1a10"],
      [0.5, "#c2410c"],
      [0.85, "#fbbf24"],
      [1, "#fde68a"],
    ]),
    `rx="${n(0.05 * k)}"`,
  );
  const fw = db[0] - da[0];
  const fh = db[1] - da[1];
  let flames = "";
  for (let i = 0; i < 4; i++) {
    const fx = da[0] + fw * (0.2 + i * 0.2);
    const fy = db[1] - fh * 0.15;
    flames += `M${n(fx - fw * 0.1)} ${n(fy)}Q${n(fx - fw * 0.05)} ${n(fy - fh * 0.5)} ${n(fx + fw * r.rng.range(-0.04, 0.04))} ${n(fy - fh * r.rng.range(0.55, 0.8))}Q${n(fx + fw * 0.08)} ${n(fy - fh * 0.35)} ${n(fx + fw * 0.1)} ${n(fy)}Z`;
  }
  s += path(flames, "#fff3c4", `opacity="0.85"`);
  s += rect(da[0], db[1] - fh * 0.16, fw, fh * 0.16, "#2a1208");
  s += rect(db[0] - 0.12 * k, da[1] + fh * 0.35, 0.08 * k, fh * 0.3, "#8a8a8a");
  // fire glow on the floor
  const gc = c.p(x0 + w / 2, 0, z0 - 0.8);
  s =
    s +
    ellipse(
      gc[0],
      gc[1],
      2.4 * k,
      0.6 * k,
      r.doc.radial([
        [0, GLOW.hot, 0.35],
        [1, GLOW.hot, 0],
      ]),
    );
  s += steamWisps(r.doc, top[0], top[1] - 0.4 * k, w * k, 2.2 * k, r.rng, 4, 0.45);
  return s;
}

function electricHeater(r: Room, x0: number, z0: number): string {
  const c = r.c;
  const w = 1.4;
  const d = 1.0;
  const y0 = 0.9;
  const h = 2.2;
  const x1 = x0 + w;
  const z1 = z0 + d;
  let s = "";
  // legs / wall bracket
  for (const lx of [x0 + 0.15, x1 - 0.25])
    s += box(r, lx, lx + 0.1, 0, y0, z0 + 0.1, z0 + 0.2, { front: "#6f7479", top: "#8a8f94", side: "#5a5f64" });
  const k = c.k(z0);
  const a = c.p(x0, y0 + h, z0);
  const b = c.p(x1, y0, z0);
  s += box(r, x0, x1, y0, y0 + h, z0, z1, { front: "#a9aeb3", top: "#8d9296", side: "#7c8186" });
  s += rect(
    a[0],
    a[1],
    b[0] - a[0],
    b[1] - a[1],
    r.doc.linear(
      [
        [0, "#d9dde0"],
        [0.35, "#aeb3b8"],
        [0.7, "#c8cdd1"],
        [1, "#8e9398"],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  // vents
  let v = "";
  for (let i = 1; i < 6; i++) {
    const y = a[1] + (b[1] - a[1]) * (0.25 + i * 0.1);
    v += `M${n(a[0] + (b[0] - a[0]) * 0.15)} ${n(y)}h${n((b[0] - a[0]) * 0.7)}`;
  }
  s += path(v, "none", `stroke="#6c7176" stroke-width="${n(0.05 * k)}" stroke-linecap="round"`);
  // control knobs and a light
  s +=
    circle(a[0] + (b[0] - a[0]) * 0.3, b[1] - 0.35 * k, 0.12 * k, "#2f3336") +
    circle(a[0] + (b[0] - a[0]) * 0.55, b[1] - 0.35 * k, 0.12 * k, "#2f3336");
  s += circle(a[0] + (b[0] - a[0]) * 0.78, b[1] - 0.35 * k, 0.05 * k, "#f59e0b");
  // stones heaped above the rim
  const top = c.p(x0 + w / 2, y0 + h, z0 + 0.05);
  s += stones(r.rng, top[0], top[1] + 0.05 * k, w * k, 1.1 * k, k);
  // conduit into the wall
  const ca = c.p(r.art.shape === "barrel" ? x0 - 0.2 : -r.hw, y0 + 0.4, z1 - 0.2);
  const cb = c.p(x0, y0 + 0.4, z1 - 0.2);
  s = path(`M${n(ca[0])} ${n(ca[1])}L${n(cb[0])} ${n(cb[1])}`, "none", `stroke="#7d8287" stroke-width="${n(0.1 * k)}"`) + s;
  s += steamWisps(r.doc, top[0], top[1] - 0.4 * k, w * k, 2 * k, r.rng, 3, 0.4);
  return s;
}

/** Infrared carbon panel glowing on a wall plane. */
function irPanel(r: Room, pts: [number, number, number][]): string {
  const c = r.c;
  const sp = pts.map((p) => c.p(...p));
  const cx = sp.reduce((a, p) => a + p[0], 0) / sp.length;
  const cy = sp.reduce((a, p) => a + p[1], 0) / sp.length;
  const span = Math.max(...sp.map((p) => Math.abs(p[0] - cx))) * 2.2;
  let s = ellipse(
    cx,
    cy,
    span,
    span * 0.9,
    r.doc.radial([
      [0, GLOW.infrared, 0.35],
      [0.5, GLOW.infrared, 0.12],
      [1, GLOW.infrared, 0],
    ]),
  );
  s += poly(sp, "#2a1c18");
  const inner = sp.map(([x, y]) => [cx + (x - cx) * 0.9, cy + (y - cy) * 0.93] as P);
  s += poly(
    inner,
    r.doc.radial([
      [0, GLOW.infraredCore, 0.95],
      [0.6, GLOW.infrared, 0.85],
      [1, "#8a2f1a", 0.9],
    ]),
  );
  return s;
}

function bucket(r: Room, x: number, y: number, z: number): string {
  const c = r.c;
  const k = c.k(z);
  const [bx, by] = c.p(x, y, z);
  const wt = 0.5 * k;
  const wb = 0.42 * k;
  const h = 0.8 * k;
  const wood = interiorTone("cedar");
  let s = ellipse(bx, by, wb * 1.4, wb * 0.3, "#000000", `opacity="0.25"`);
  s += path(
    `M${n(bx - wt)} ${n(by - h)}L${n(bx + wt)} ${n(by - h)}L${n(bx + wb)} ${n(by)}Q${n(bx)} ${n(by + wb * 0.28)} ${n(bx - wb)} ${n(by)}Z`,
    r.doc.linear(
      [
        [0, shade(wood.base, 0.1)],
        [0.45, wood.base],
        [1, shade(wood.base, -0.35)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  let staves = "";
  for (let i = 1; i < 6; i++) {
    const t = i / 6;
    staves += `M${n(bx - wt + 2 * wt * t)} ${n(by - h)}L${n(bx - wb + 2 * wb * t)} ${n(by + wb * 0.1 * Math.sin(t * Math.PI))}`;
  }
  s += path(staves, "none", `stroke="${wood.seam}" stroke-width="${n(0.015 * k)}" opacity="0.7"`);
  for (const f of [0.22, 0.75]) {
    const yy = by - h * (1 - f);
    const ww = wt + (wb - wt) * f;
    s += path(
      `M${n(bx - ww)} ${n(yy)}Q${n(bx)} ${n(yy + ww * 0.28)} ${n(bx + ww)} ${n(yy)}`,
      "none",
      `stroke="${STEEL.base}" stroke-width="${n(0.06 * k)}"`,
    );
  }
  s += ellipse(bx, by - h, wt, wt * 0.28, shade(wood.end, -0.1));
  s += ellipse(bx, by - h + 0.02 * k, wt * 0.85, wt * 0.22, "#3d5a66");
  s += ellipse(bx - wt * 0.2, by - h, wt * 0.35, wt * 0.06, "#ffffff", `opacity="0.25"`);
  // ladle leaning out
  const hx = bx + wt * 0.2;
  const hy = by - h;
  s += path(
    `M${n(hx)} ${n(hy)}L${n(hx + 0.9 * k)} ${n(hy - 1.1 * k)}`,
    "none",
    `stroke="${shade(wood.base, 0.15)}" stroke-width="${n(0.08 * k)}" stroke-linecap="round"`,
  );
  s += circle(hx + 0.92 * k, hy - 1.12 * k, 0.05 * k, shade(wood.dark, -0.2));
  return s;
}

function towel(r: Room, x: number, y: number, z: number, color: string): string {
  const c = r.c;
  const k = c.k(z);
  const [tx, ty] = c.p(x, y, z);
  return (
    rect(tx, ty - 0.28 * k, 1.3 * k, 0.28 * k, color, `rx="${n(0.1 * k)}"`) +
    rect(tx, ty - 0.28 * k, 1.3 * k, 0.08 * k, shade(color, 0.3), `rx="${n(0.05 * k)}"`) +
    rect(tx + 0.2 * k, ty - 0.28 * k, 0.12 * k, 0.28 * k, shade(color, -0.2), `opacity="0.5"`)
  );
}

function thermometer(r: Room, x: number, y: number, z: number): string {
  const k = r.c.k(z);
  const [tx, ty] = r.c.p(x, y, z);
  return (
    circle(tx, ty, 0.34 * k, shade(r.t.dark, -0.2)) +
    circle(tx, ty, 0.27 * k, "#f4efe6") +
    path(
      `M${n(tx)} ${n(ty)}L${n(tx + 0.18 * k)} ${n(ty - 0.1 * k)}`,
      "none",
      `stroke="#b91c1c" stroke-width="${n(0.04 * k)}" stroke-linecap="round"`,
    )
  );
}

/** Benches along the back wall: one or two tiers with slats, skirt and a backrest. */
function backBenches(r: Room, x0: number, x1: number, tiers: number): string {
  const { c, t, zb } = r;
  const top = lit(t.light, 0.05);
  let s = "";
  const levels =
    tiers === 2
      ? [
          { y: 3.3, z0: zb - 2.0 },
          { y: 1.65, z0: zb - 3.6 },
        ]
      : [{ y: 2.7, z0: zb - 2.1 }];
  // backrest slats on the wall
  for (const yy of tiers === 2 ? [4.0, 4.55] : [3.4, 3.95]) {
    s += box(r, x0 + 0.1, x1 - 0.1, yy, yy + 0.32, zb - 0.18, zb, { front: top, top: shade(top, 0.1), side: shade(top, -0.2) });
  }
  let prevZ = zb;
  for (const lv of levels) {
    // skirt of vertical boards down to the floor or lower tier
    const skirtBottom = 0;
    s += box(r, x0, x1, skirtBottom, lv.y - 0.16, lv.z0 + 0.12, lv.z0 + 0.2, {
      front: shade(t.base, -0.12),
      top: t.base,
      side: shade(t.base, -0.3),
    });
    let vl = "";
    for (let x = x0 + 0.45; x < x1; x += 0.45) {
      const a = c.p(x, skirtBottom, lv.z0 + 0.12);
      const b = c.p(x, lv.y - 0.16, lv.z0 + 0.12);
      vl += `M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}`;
    }
    s += path(vl, "none", `stroke="${shade(t.seam, 0.1)}" stroke-width="1.5" opacity="0.7"`);
    // seat: one board surface with gap lines, and a front edge
    const depth = prevZ - lv.z0;
    s += box(r, x0, x1, lv.y - 0.16, lv.y, lv.z0, prevZ, { front: shade(top, -0.14), top, side: shade(top, -0.25) });
    let gaps = "";
    for (let i = 1; i < 5; i++) {
      const z = lv.z0 + (depth * i) / 5;
      const a = c.p(x0, lv.y, z);
      const b = c.p(x1, lv.y, z);
      gaps += `M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}`;
    }
    s += path(gaps, "none", `stroke="${shade(top, -0.35)}" stroke-width="2.5"`);
    // warm LED strip under the seat edge
    const la = c.p(x0, lv.y - 0.2, lv.z0);
    const lb = c.p(x1, lv.y - 0.2, lv.z0);
    const k = c.k(lv.z0);
    s += rect(
      la[0],
      la[1],
      lb[0] - la[0],
      1.3 * k,
      r.doc.linear([
        [0, GLOW.warm, 0.45],
        [1, GLOW.warm, 0],
      ]),
    );
    prevZ = lv.z0;
  }
  return s;
}

function lit(c: string, a: number): string {
  return shade(c, a);
}

export function interiorSvg(w: number, h: number, art: Art, seed: string, capacity = 4): string {
  const doc = new Doc(w, h, new Rng(`int:${seed}`));
  return doc.render(interiorBody(doc, w, h, art, seed, capacity));
}

/** Interior picture body into an existing document (for split scenes). */
export function interiorBody(doc: Doc, w: number, h: number, art: Art, seed: string, capacity = 4): string {
  const rng = new Rng(`int:${seed}`);
  const mood = pickMood(art.setting, new Rng(`ext:${seed}`).fork("mood"));
  const t = interiorTone(art.wood);
  const ir = art.heater === "infrared";
  const barrel = art.shape === "barrel" || art.shape === "pod";
  const zb = 7.6;
  const ex = rng.range(-0.5, 0.5);
  const c = new Persp(w / 2 + rng.range(-30, 30), h * 0.44, (w * 0.4 * zb) / 7.4, ex, 4.7);
  const r: Room = { doc, c, rng, t, zb, hw: 3.7, H: 7.4, art, mood, ir };
  let s = "";
  const seam = shade(t.seam, 0.1);
  if (!barrel) {
    const hw = r.hw;
    const H = r.H;
    const zn = 0.4;
    // ceiling
    s += boardQuads(
      r,
      (a, b) => [
        [-hw + 2 * hw * a, H, zn],
        [-hw + 2 * hw * b, H, zn],
        [-hw + 2 * hw * b, H, zb],
        [-hw + 2 * hw * a, H, zb],
      ],
      14,
      shade(t.base, -0.28),
      shade(seam, -0.2),
    );
    // walls
    s += boardQuads(
      r,
      (a, b) => [
        [-hw, H * a, zn],
        [-hw, H * b, zn],
        [-hw, H * b, zb],
        [-hw, H * a, zb],
      ],
      16,
      shade(t.base, -0.14),
      seam,
    );
    s += boardQuads(
      r,
      (a, b) => [
        [hw, H * a, zn],
        [hw, H * b, zn],
        [hw, H * b, zb],
        [hw, H * a, zb],
      ],
      16,
      shade(t.base, -0.08),
      seam,
    );
    // back wall
    const ba = c.p(-hw, H, zb);
    const bb = c.p(hw, 0, zb);
    const rows = 16;
    let bw = "";
    for (let i = 0; i < rows; i++) {
      const y0 = ba[1] + ((bb[1] - ba[1]) * i) / rows;
      bw += rect(ba[0], y0, bb[0] - ba[0], (bb[1] - ba[1]) / rows, shade(t.base, 0.04 + rng.range(-t.vary, t.vary)));
    }
    s += bw;
    let lines = "";
    for (let i = 1; i < rows; i++) lines += `M${n(ba[0])} ${n(ba[1] + ((bb[1] - ba[1]) * i) / rows)}h${n(bb[0] - ba[0])}`;
    s += path(lines, "none", `stroke="${seam}" stroke-width="1.5"`);
    // floor with duckboards
    s += quad(
      c,
      [
        [-hw, 0, zn],
        [hw, 0, zn],
        [hw, 0, zb],
        [-hw, 0, zb],
      ],
      "#5b5550",
    );
    for (let i = 0; i < 9; i++) {
      const x = -hw * 0.7 + (hw * 1.4 * i) / 9;
      s += quad(
        c,
        [
          [x, 0.02, 0.6],
          [x + 0.32, 0.02, 0.6],
          [x + 0.32, 0.02, zb - 3.7],
          [x, 0.02, zb - 3.7],
        ],
        shade(t.base, -0.2 + rng.range(-0.04, 0.04)),
      );
    }
    // window on the back wall (right part), infrared panels on the left part
    const tiers = capacity >= 3 ? 2 : 1;
    const winY0 = tiers === 2 ? 5.05 : 4.5;
    const win = ir
      ? [0.12, 0.82]
      : rng.pick([
          [0.12, 0.82],
          [-0.38, 0.38],
          [-0.1, 0.75],
          [0.2, 0.7],
        ]);
    s += windowOnBack(r, hw * win[0]!, hw * win[1]!, winY0, Math.min(H - 0.6, winY0 + rng.range(1.4, 1.8)));
    if (ir) {
      s += irPanel(r, [
        [-hw * 0.85, 4.9, zb - 0.02],
        [-hw * 0.15, 4.9, zb - 0.02],
        [-hw * 0.15, 6.7, zb - 0.02],
        [-hw * 0.85, 6.7, zb - 0.02],
      ]);
      s += irPanel(r, [
        [-hw + 0.02, 3.0, zb - 5.2],
        [-hw + 0.02, 3.0, zb - 3.6],
        [-hw + 0.02, 6.2, zb - 3.6],
        [-hw + 0.02, 6.2, zb - 5.2],
      ]);
      s += irPanel(r, [
        [hw - 0.02, 3.0, zb - 3.3],
        [hw - 0.02, 3.0, zb - 1.7],
        [hw - 0.02, 6.2, zb - 1.7],
        [hw - 0.02, 6.2, zb - 3.3],
      ]);
    } else {
      s += thermometer(r, win[0]! < 0 ? -hw * 0.7 : -hw * 0.45, rng.range(5.4, 6.2), zb - 0.02);
    }
    const heaterZone = ir ? 0 : 2.2;
    s += backBenches(r, -hw + heaterZone, hw, tiers);
    if (ir) {
      // foot panel under the bench
      s += irPanel(r, [
        [-hw * 0.6, 0.3, zb - 3.45],
        [hw * 0.6, 0.3, zb - 3.45],
        [hw * 0.6, 1.2, zb - 3.45],
        [-hw * 0.6, 1.2, zb - 3.45],
      ]);
    }
    s += towel(
      r,
      hw * 0.15,
      tiers === 2 ? 3.3 : 2.7,
      zb - 1.2,
      art.accent && art.accent !== "#000000" ? mix("#f1ece4", art.accent, 0.12) : "#f1ece4",
    );
    // heater at the front left, bucket on the lower tier
    const hz = zb - 2.6;
    if (art.heater === "wood") s += woodStove(r, -hw + 0.35, hz);
    else if (art.heater === "electric") s += electricHeater(r, -hw + 0.4, hz + 0.3);
    if (!ir) s += bucket(r, -hw + 2.9, tiers === 2 ? 1.65 : 2.7, zb - (tiers === 2 ? 3.1 : 1.3));
    else s += bucket(r, hw * 0.45, tiers === 2 ? 1.65 : 2.7, zb - (tiers === 2 ? 2.9 : 1.4));
  } else {
    s += barrelRoom(r, capacity);
  }
  if (rng.chance(0.45)) s = `<g transform="translate(${w} 0) scale(-1 1)">${s}</g>`;
  // light and finish
  s += rect(
    0,
    0,
    w,
    h,
    doc.radial(
      [
        [0, ir ? GLOW.infrared : GLOW.warm, ir ? 0.18 : 0.1],
        [1, ir ? GLOW.infrared : GLOW.warm, 0],
      ],
      0.5,
      0.55,
      0.7,
    ),
  );
  s += vignette(doc, { w, h }, 0.45, "#1a0e08");
  return s;
}

/** Inside a barrel: staves curve overhead, benches face each other along the sides. */
function barrelRoom(r: Room, _capacity: number): string {
  const { c, t, zb, rng } = r;
  const R = 3.5;
  const cy = 3.6;
  const floorY = cy - Math.sqrt(R * R - 2.3 * 2.3);
  c.ey = 3.9 + rng.range(-0.2, 0.3);
  c.ex = rng.range(-0.45, 0.45);
  const zn = 0.4;
  let s = "";
  const N = 40;
  const seam = shade(t.seam, 0.1);
  for (let i = 0; i < N; i++) {
    const a0 = (i / N) * Math.PI * 2;
    const a1 = ((i + 1) / N) * Math.PI * 2;
    const am = (a0 + a1) / 2;
    const light = Math.sin(am) * 0.12 - 0.1;
    const col = shade(t.base, light + rng.range(-t.vary, t.vary));
    s += quad(
      c,
      [
        [R * Math.cos(a0), cy + R * Math.sin(a0), zn],
        [R * Math.cos(a1), cy + R * Math.sin(a1), zn],
        [R * Math.cos(a1), cy + R * Math.sin(a1), zb],
        [R * Math.cos(a0), cy + R * Math.sin(a0), zb],
      ],
      col,
      `stroke="${seam}" stroke-width="1.5"`,
    );
  }
  // back wall disk with vertical boards
  const ctr = c.p(0, cy, zb);
  const rr = R * c.k(zb);
  const clip = r.doc.clip(circle(ctr[0], ctr[1], rr, "#000"));
  let wall = "";
  const cols = 14;
  for (let i = 0; i < cols; i++) {
    wall += rect(
      ctr[0] - rr + (2 * rr * i) / cols,
      ctr[1] - rr,
      (2 * rr) / cols,
      rr * 2,
      shade(t.base, 0.06 + rng.range(-t.vary, t.vary)),
      `stroke="${seam}" stroke-width="1.5"`,
    );
  }
  s += `<g clip-path="${clip}">${wall}</g>`;
  // round window in the back wall
  const wc = c.p(rng.pick([0.9, -0.9, 1.2]), cy + 1.3, zb);
  const wr = 0.85 * c.k(zb);
  s += circle(wc[0], wc[1], wr * 1.18, shade(t.dark, -0.1));
  const wclip = r.doc.clip(circle(wc[0], wc[1], wr, "#000"));
  s += `<g clip-path="${wclip}">${windowView(r, wc[0] - wr, wc[1] - wr, wr * 2, wr * 2)}</g>`;
  s += circle(
    wc[0],
    wc[1],
    wr,
    r.doc.linear([
      [0, "#ffffff", 0.15],
      [1, "#ffffff", 0],
    ]),
  );
  // floor
  const fx = Math.sqrt(R * R - (floorY - cy) ** 2);
  s += quad(
    c,
    [
      [-fx, floorY, zn],
      [fx, floorY, zn],
      [fx, floorY, zb],
      [-fx, floorY, zb],
    ],
    "#5b5550",
  );
  for (let i = 0; i < 7; i++) {
    const x = -fx * 0.6 + (fx * 1.2 * i) / 7;
    s += quad(
      c,
      [
        [x, floorY + 0.02, 0.6],
        [x + 0.3, floorY + 0.02, 0.6],
        [x + 0.3, floorY + 0.02, zb - 0.3],
        [x, floorY + 0.02, zb - 0.3],
      ],
      shade(t.base, -0.22 + rng.range(-0.04, 0.04)),
    );
  }
  // side benches running along the barrel
  const by = cy - 0.9;
  const top = shade(t.light, 0.05);
  for (const side of [-1, 1]) {
    const wallX = Math.sqrt(R * R - (by - cy) ** 2) - 0.1;
    const inner = wallX - 1.7;
    const z0 = side < 0 ? 2.6 : 2.2;
    const x0 = side < 0 ? -wallX : inner;
    const x1 = side < 0 ? -inner : wallX;
    // skirt
    s += box(r, side < 0 ? x1 - 0.1 : x0, side < 0 ? x1 : x0 + 0.1, floorY, by - 0.15, z0, zb, {
      front: shade(t.base, -0.15),
      top: t.base,
      side: shade(t.base, -0.2),
    });
    for (let i = 0; i < 4; i++) {
      const xa = x0 + ((x1 - x0) * i) / 4;
      const xb = xa + ((x1 - x0) / 4) * 0.82;
      s += box(r, xa, xb, by - 0.15, by, z0, zb, {
        front: shade(top, -0.12),
        top: shade(top, rng.range(-0.04, 0.04)),
        side: shade(top, -0.25),
      });
    }
    const la = c.p(side < 0 ? x1 : x0, by - 0.2, z0);
    const lb = c.p(side < 0 ? x1 : x0, by - 0.2, zb);
    s += path(
      pathD([la, lb, [lb[0], lb[1] + 30], [la[0], la[1] + 80]]),
      r.doc.linear([
        [0, GLOW.warm, 0.35],
        [1, GLOW.warm, 0],
      ]),
    );
  }
  // heater at the back between the benches
  if (r.art.heater === "wood") s += woodStove(r, -0.8, zb - 1.9);
  else if (r.art.heater === "electric") s += electricHeater(r, -0.7, zb - 1.35);
  else {
    s += irPanel(r, [
      [-1.3, 1.0, zb - 0.03],
      [-0.1, 1.0, zb - 0.03],
      [-0.1, 3.9, zb - 0.03],
      [-1.3, 3.9, zb - 0.03],
    ]);
    // foot panels glowing along the bench skirts
    for (const side of [-1, 1]) {
      const x = side * (Math.sqrt(R * R - (by - cy) ** 2) - 1.85);
      s += irPanel(r, [
        [x, floorY + 0.3, 3.6],
        [x, floorY + 0.3, zb - 0.8],
        [x, by - 0.5, zb - 0.8],
        [x, by - 0.5, 3.6],
      ]);
    }
  }
  s += bucket(r, rng.pick([1.1, -1.1]), floorY, 3.7);
  s += towel(r, -2.2, by, 3.6, "#f1ece4");
  return s;
}
