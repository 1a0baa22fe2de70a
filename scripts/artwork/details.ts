/** Portrait detail views: the door up close, the heater with steam, the barrel's end wall. */

import type { Art } from "./compose";
import { pickMood, tint, type Mood } from "./mood";
import { GLOW, interiorTone, mix, shade, STEEL, STONE, woodTone, type WoodTone } from "./palette";
import { boards, door, electricBox, lamp, r2, vgrad, type GlassOpts } from "./parts";
import { Rng } from "./rng";
import { backdrop, makeFrame, smoke, steamWisps, vignette } from "./scenes";
import { circle, Doc, ellipse, matrix, n, path, rect, smoothD, type P } from "./svg";

function local(k: number, ox: number, oy: number, content: string): string {
  return `<g transform="${matrix(k, 0, 0, -k, ox, oy)}">${content}</g>`;
}

function moodTone(t: WoodTone, m: Mood): WoodTone {
  const f = (c: string) => tint(m, c, 0.02);
  return { ...t, base: f(t.base), light: f(t.light), dark: f(t.dark), seam: f(t.seam), end: f(t.end) };
}

/** The entrance: cladding, framed door with handle, lamp, towel on a hook, deck. */
function doorDetail(doc: Doc, w: number, h: number, art: Art, m: Mood, rng: Rng): string {
  const t = moodTone(woodTone(art.wood), m);
  const go: GlassOpts = { mood: m, infrared: art.heater === "infrared", boost: 0.15 };
  const k = 190;
  const deckTop = h - 170;
  const W = w / k;
  const Hh = deckTop / k;
  const frame = tint(m, art.accent);
  let s = "";
  // cladding
  const vertical = art.shape === "modern" || art.shape === "clt" || art.wood === "charred";
  let wall = boards(rng, 0, 0, W, Hh + 0.5, shade(t.base, 0.02), t, vertical ? "v" : "h", vertical ? 0.36 : 0.48, 0.03);
  const doorX = W * rng.range(0.24, 0.34);
  const dw = 2.3;
  const dh = 6.3;
  const glassDoor = art.shape === "cube" || art.shape === "modern" || art.shape === "pod" || rng.chance(0.45);
  wall += r2(doorX - 0.35, 0, dw + 0.7, dh + 0.45, shade(t.dark, -0.25), `opacity="0.25"`);
  wall += door(doc, rng, doorX, 0, dw, dh, glassDoor ? "glass" : "wood", t, frame, go);
  // trim around the door
  wall +=
    r2(doorX - 0.32, 0, 0.16, dh + 0.32, shade(frame, 0.05)) +
    r2(doorX + dw + 0.16, 0, 0.16, dh + 0.32, shade(frame, -0.1)) +
    r2(doorX - 0.32, dh + 0.16, dw + 0.64, 0.2, frame);
  const lx = doorX + dw + 0.85;
  if (lx < W - 0.4) wall += lamp(doc, lx, dh - 0.6, { ...go, mood: { ...m, glow: Math.max(m.glow, 0.6) } });
  if (art.heater === "electric" && lx < W - 0.6) wall += electricBox(lx - 0.3, 2.2, 0, 1.1);
  // towel on a hook on the other side
  const tx = doorX - 1.2;
  if (tx > 0.3) {
    wall += r2(tx - 0.05, 4.3, 0.1, 0.25, STEEL.dark) + circle(tx, 4.55, 0.09, STEEL.base);
    wall += path(
      smoothD(
        [
          [tx - 0.35, 4.45],
          [tx + 0.35, 4.45],
          [tx + 0.42, 2.6],
          [tx + 0.1, 2.45],
          [tx - 0.4, 2.55],
        ],
        true,
        0.7,
      ),
      tint(m, "#f1ece4"),
    );
    wall += r2(tx - 0.38, 2.8, 0.78, 0.14, tint(m, "#b45309"), `opacity="0.75"`);
    wall += path(
      smoothD(
        [
          [tx + 0.05, 4.4],
          [tx + 0.35, 4.4],
          [tx + 0.38, 2.7],
          [tx + 0.15, 2.6],
        ],
        true,
        0.7,
      ),
      "#000",
      `opacity="0.08"`,
    );
  }
  // roof overhang shadow
  wall += r2(
    0,
    Hh - 2.2,
    W,
    2.7,
    vgrad(doc, [
      [0, "#140c08", 0.55],
      [1, "#140c08", 0],
    ]),
  );
  s += local(k, 0, deckTop, wall);
  // soffit and fascia at the very top
  s += rect(0, 0, w, 70, tint(m, shade(t.dark, -0.35)));
  s += rect(0, 70, w, 16, tint(m, shade(frame, -0.1)));
  // deck
  const deck = moodTone(woodTone(art.wood === "charred" || art.wood === "spruce" ? "thermowood" : art.wood), m);
  s += rect(0, deckTop, w, h - deckTop, shade(deck.base, 0.05));
  for (let i = 0; i < 5; i++) s += rect(0, deckTop + i * 34, w, 3, shade(deck.seam, 0.1), `opacity="0.7"`);
  s += rect(0, deckTop, w, 10, shade(deck.dark, -0.2), `opacity="0.5"`);
  if (art.setting === "snow")
    s += path(
      smoothD(
        [
          [0, deckTop + 60],
          [w * 0.3, deckTop + 40],
          [w * 0.6, deckTop + 70],
          [w, deckTop + 45],
          [w + 40, h + 20],
          [-40, h + 20],
        ],
        true,
        0.8,
      ),
      tint(m, "#f3f6fa"),
    );
  // warm light spilling on the deck
  const gx = (doorX + dw / 2) * k;
  s += ellipse(
    gx,
    deckTop + 40,
    380,
    90,
    doc.radial([
      [0, go.infrared ? GLOW.infrared : GLOW.warm, 0.25 + m.glow * 0.3],
      [1, GLOW.warm, 0],
    ]),
  );
  // a plant or grass in the corner
  const px = doorX * k > w / 2 ? w * 0.12 : w * 0.88;
  s += plantPot(rng, px, h - 30, m, art.setting);
  s += rect(
    0,
    0,
    w,
    h,
    doc.linear(
      [
        [0, "#ffffff", 0.05],
        [1, "#000000", 0.1],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  return s;
}

function plantPot(rng: Rng, x: number, base: number, m: Mood, setting: string): string {
  if (setting === "snow") {
    // a lantern on the snowy deck
    return (
      rect(x - 45, base - 180, 90, 170, tint(m, "#2b2522"), `rx="8"`) +
      rect(x - 32, base - 160, 64, 120, GLOW.warm, `opacity="0.9"`) +
      circle(x, base - 100, 130, "#ffc56b", `opacity="0.12"`)
    );
  }
  let s = path(
    `M${n(x - 85)} ${n(base - 190)}L${n(x + 85)} ${n(base - 190)}L${n(x + 65)} ${n(base)}L${n(x - 65)} ${n(base)}Z`,
    tint(m, "#6f675f"),
  );
  s += rect(x - 92, base - 205, 184, 24, tint(m, "#837a71"), `rx="6"`);
  let d = "";
  for (let i = 0; i < 13; i++) {
    const a = -Math.PI / 2 + rng.range(-1.1, 1.1);
    const len = rng.range(150, 300);
    const tip: P = [x + Math.cos(a) * len, base - 200 + Math.sin(a) * len];
    d += `M${n(x - 8)} ${n(base - 200)}Q${n(x + Math.cos(a) * len * 0.4 - 20)} ${n(base - 200 + Math.sin(a) * len * 0.6)} ${n(tip[0])} ${n(tip[1])}Q${n(x + Math.cos(a) * len * 0.45 + 20)} ${n(base - 200 + Math.sin(a) * len * 0.5)} ${n(x + 8)} ${n(base - 200)}Z`;
  }
  s += path(d, tint(m, "#5d8248"));
  return s;
}

/** End of a barrel seen straight on: stave ring, band, door, cradle, setting around it. */
function barrelEnd(doc: Doc, w: number, h: number, art: Art, m: Mood, rng: Rng): string {
  const t = moodTone(woodTone(art.wood), m);
  const go: GlassOpts = { mood: m, infrared: art.heater === "infrared", boost: 0.1 };
  const k = 150;
  const R = 3.2;
  const cx = w / 2;
  const groundY = h * 0.86;
  const cy = groundY - (R + 0.55) * k;
  const f = makeFrame(
    w,
    h,
    art.setting,
    m,
    rng.fork("bg"),
    { x0: cx - R * k, x1: cx + R * k, y0: cy - R * k, y1: groundY },
    groundY,
    rng.chance(0.5),
  );
  f.horizonY = h * 0.56;
  f.groundY = h * 0.7;
  let s = backdrop(doc, f);
  // shadow and cradle
  s += ellipse(
    cx,
    groundY,
    R * k * 1.2,
    40,
    doc.radial([
      [0, m.shadow, 0.45],
      [1, m.shadow, 0],
    ]),
  );
  s += rect(cx - R * k * 0.78, cy + R * k * 0.5, R * k * 1.56, groundY - cy - R * k * 0.5, tint(m, shade(t.dark, -0.1)));
  if (art.heater === "wood") {
    // chimney pipe rising behind the top of the barrel, with smoke
    const px = cx + R * k * 0.35;
    s += rect(
      px - 26,
      cy - R * k - 230,
      52,
      260,
      doc.linear(
        [
          [0, tint(m, "#6f757b")],
          [0.35, tint(m, "#e4e7ea")],
          [1, tint(m, "#545a60")],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    s += path(
      `M${n(px - 50)} ${n(cy - R * k - 225)}L${n(px + 50)} ${n(cy - R * k - 225)}L${n(px)} ${n(cy - R * k - 265)}Z`,
      tint(m, "#5a6066"),
    );
    s += smoke(doc, px, cy - R * k - 270, 60, rng, mix(m.cloud, "#eceef0", 0.5), 0.55, rng.chance(0.5) ? 1 : -1);
  }
  // body silhouette slightly larger (staves seen behind the ring)
  s += circle(cx + 6, cy - 4, R * k + 4, tint(m, shade(t.base, -0.3)));
  // stave ends ring
  s += circle(cx, cy, R * k, t.end);
  let ticks = "";
  const N = 46;
  const Ri = (R - 0.22) * k;
  for (let i = 0; i < N; i++) {
    const a = (i / N) * Math.PI * 2;
    ticks += `M${n(cx + Ri * Math.cos(a))} ${n(cy + Ri * Math.sin(a))}L${n(cx + R * k * Math.cos(a))} ${n(cy + R * k * Math.sin(a))}`;
  }
  s += path(ticks, "none", `stroke="${mix(t.end, t.seam, 0.6)}" stroke-width="3"`);
  // growth rings hint on a few stave ends
  for (let i = 0; i < N; i += 3) {
    const a = ((i + 0.5) / N) * Math.PI * 2;
    const rr = (R - 0.11) * k;
    s += circle(cx + rr * Math.cos(a), cy + rr * Math.sin(a), 5, "none", `stroke="${shade(t.end, -0.15)}" stroke-width="1.5"`);
  }
  // end wall
  const clip = doc.clip(circle(cx, cy, Ri, "#000"));
  let wall = boards(rng, -R, -R, 2 * R, 2 * R, shade(t.base, -0.06), t, "v", 0.42);
  const floorY = -R + 0.6;
  const dw = 2.1;
  wall += door(doc, rng, -dw / 2, floorY, dw, 4.9, "glass", t, tint(m, art.accent), go, rng.chance(0.5));
  wall += lamp(doc, 1.55, floorY + 4.3, go);
  if (art.heater === "electric") wall += electricBox(1.3, floorY + 1.6, floorY, 1);
  wall += r2(
    -R,
    -R,
    2 * R,
    2 * R,
    vgrad(doc, [
      [0, "#140c08", 0.35],
      [0.5, "#140c08", 0.05],
      [1, "#140c08", 0],
    ]),
  );
  s += `<g clip-path="${clip}">${local(k, cx, cy, wall)}</g>`;
  // steel band just behind the ring edge, with its tension bolt
  s += circle(
    cx,
    cy,
    R * k + 7,
    "none",
    `stroke="${tint(m, STEEL.dark)}" stroke-width="12" stroke-dasharray="${n(Math.PI * 2 * (R * k + 7) * 0.5)} ${n(Math.PI * 2 * (R * k + 7) * 0.5)}" transform="rotate(-20 ${n(cx)} ${n(cy)})"`,
  );
  const ba = 0.35;
  s += rect(cx + (R * k + 7) * Math.cos(ba) - 16, cy + (R * k + 7) * Math.sin(ba) - 12, 32, 24, tint(m, STEEL.base), `rx="5"`);
  if (art.setting === "snow")
    s += path(
      `M${n(cx - R * k * 0.8)} ${n(cy - R * k * 0.58)}A${n(R * k + 8)} ${n(R * k + 8)} 0 0 1 ${n(cx + R * k * 0.8)} ${n(cy - R * k * 0.58)}`,
      "none",
      `stroke="#f3f6fa" stroke-width="26" stroke-linecap="round"`,
    );
  s += vignette(doc, { w, h }, 0.25);
  return s;
}

/** The heater close up, water being ladled onto the stones; or a glowing infrared panel. */
function heaterDetail(doc: Doc, w: number, h: number, art: Art, rng: Rng): string {
  const t = interiorTone(art.wood);
  let s = "";
  // wall boards (vertical for variety in portrait)
  const cols = 9;
  for (let i = 0; i < cols; i++) s += rect((w * i) / cols, 0, w / cols, h, shade(t.base, -0.05 + rng.range(-t.vary, t.vary)));
  let seams = "";
  for (let i = 1; i < cols; i++) seams += `M${n((w * i) / cols)} 0v${h}`;
  s += path(seams, "none", `stroke="${t.seam}" stroke-width="2" opacity="0.6"`);
  const floorY = h * 0.88;
  s += rect(0, floorY, w, h - floorY, "#4e4844");
  s += rect(0, floorY, w, 8, "#2e2a27", `opacity="0.5"`);
  const cx = w * 0.5;
  if (art.heater === "infrared") {
    // tall carbon panel between backrest slats, bench below
    const px = w * 0.2;
    const pw = w * 0.6;
    const py = h * 0.1;
    const ph = h * 0.5;
    s += ellipse(
      cx,
      py + ph / 2,
      pw,
      ph * 0.75,
      doc.radial([
        [0, GLOW.infrared, 0.4],
        [0.6, GLOW.infrared, 0.12],
        [1, GLOW.infrared, 0],
      ]),
    );
    s += rect(px - 14, py - 14, pw + 28, ph + 28, "#2a1c18", `rx="6"`);
    s += rect(
      px,
      py,
      pw,
      ph,
      doc.radial(
        [
          [0, GLOW.infraredCore, 1],
          [0.55, GLOW.infrared, 0.9],
          [1, "#7a2a16", 1],
        ],
        0.5,
        0.5,
        0.7,
      ),
    );
    let grid = "";
    for (let i = 1; i < 6; i++) grid += `M${n(px)} ${n(py + (ph * i) / 6)}h${n(pw)}`;
    s += path(grid, "none", `stroke="#7a2a16" stroke-width="2" opacity="0.35"`);
    for (const y of [h * 0.5, h * 0.56])
      s += rect(0, y, w, h * 0.035, shade(t.light, 0.05)) + rect(0, y + h * 0.03, w, 6, "#000", `opacity="0.15"`);
    // bench
    const by = h * 0.68;
    s += rect(0, by, w, h * 0.05, shade(t.light, 0.08)) + rect(0, by + h * 0.05, w, 14, shade(t.dark, -0.1));
    s += rect(0, by + h * 0.05 + 14, w, floorY - by - h * 0.05 - 14, shade(t.base, -0.12));
    s += rect(
      w * 0.1,
      by + h * 0.06,
      w * 0.8,
      h * 0.12,
      doc.radial([
        [0, GLOW.infrared, 0.5],
        [1, GLOW.infrared, 0],
      ]),
    );
    // folded towel and a glass of water on the bench
    s += rect(w * 0.55, by - 60, 260, 60, "#f1ece4", `rx="14"`) + rect(w * 0.55, by - 60, 260, 16, "#ffffff", `rx="8"`);
    s +=
      rect(w * 0.2, by - 140, 80, 140, "#dbe8ee", `opacity="0.55" rx="6"`) + rect(w * 0.2 + 6, by - 90, 68, 84, "#9cc3d5", `opacity="0.6"`);
    s += rect(
      0,
      0,
      w,
      h,
      doc.radial(
        [
          [0, GLOW.infrared, 0.12],
          [1, GLOW.infrared, 0],
        ],
        0.5,
        0.35,
        0.8,
      ),
    );
    return s + vignette(doc, { w, h }, 0.45, "#1a0e08");
  }
  const hw = w * 0.62;
  const hx = cx - hw / 2;
  const stoneTop = h * 0.5;
  if (art.heater === "wood") {
    // pipe up the wall
    s += rect(
      cx - 55,
      0,
      110,
      stoneTop,
      doc.linear(
        [
          [0, "#1f1f1f"],
          [0.4, "#6b6b6b"],
          [1, "#1a1a1a"],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    const bodyTop = stoneTop + 120;
    s += rect(hx, bodyTop, hw, floorY - bodyTop - 20, "#2b2a2a", `rx="10"`);
    s += rect(hx, bodyTop, hw, 24, "#3d3c3b");
    const dx = hx + hw * 0.16;
    const dw = hw * 0.68;
    const dy = bodyTop + 70;
    const dh = floorY - dy - 110;
    s += rect(dx - 12, dy - 12, dw + 24, dh + 24, "#141313", `rx="14"`);
    s += rect(
      dx,
      dy,
      dw,
      dh,
      doc.linear([
        [0, "#3a1a10"],
        [0.45, "#c2410c"],
        [0.8, "#fbbf24"],
        [1, "#fde68a"],
      ]),
      `rx="8"`,
    );
    let fl = "";
    for (let i = 0; i < 5; i++) {
      const fx = dx + dw * (0.15 + i * 0.17);
      const fy = dy + dh * 0.85;
      fl += `M${n(fx - dw * 0.08)} ${n(fy)}Q${n(fx - dw * 0.04)} ${n(fy - dh * 0.5)} ${n(fx + rng.range(-8, 8))} ${n(fy - dh * rng.range(0.55, 0.8))}Q${n(fx + dw * 0.07)} ${n(fy - dh * 0.3)} ${n(fx + dw * 0.08)} ${n(fy)}Z`;
    }
    s += path(fl, "#fff3c4", `opacity="0.85"`);
    s += rect(dx, dy + dh * 0.86, dw, dh * 0.14, "#2a1208");
    s += rect(dx + dw - 30, dy + dh * 0.3, 14, dh * 0.35, "#8a8a8a", `rx="6"`);
    s += rect(hx + 30, floorY - 20, 30, 20, "#1a1a1a") + rect(hx + hw - 60, floorY - 20, 30, 20, "#1a1a1a");
    s += ellipse(
      cx,
      floorY + 60,
      hw,
      60,
      doc.radial([
        [0, GLOW.hot, 0.35],
        [1, GLOW.hot, 0],
      ]),
    );
    // cage
    s += rect(hx + 10, stoneTop + 20, hw - 20, 100, "#242323");
    let bars = "";
    for (let i = 0; i <= 8; i++) bars += `M${n(hx + 14 + ((hw - 28) * i) / 8)} ${n(stoneTop - 10)}v130`;
    s += stonePile(rng, cx, stoneTop + 40, hw * 0.95, 200);
    s += path(bars, "none", `stroke="#151515" stroke-width="7"`);
  } else {
    const bodyTop = stoneTop + 90;
    const bottom = floorY - 120;
    s += rect(hx + 40, bottom, 24, floorY - bottom, "#6f7479") + rect(hx + hw - 64, bottom, 24, floorY - bottom, "#6f7479");
    s += rect(
      hx,
      bodyTop,
      hw,
      bottom - bodyTop,
      doc.linear(
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
      `rx="10"`,
    );
    let v = "";
    for (let i = 0; i < 5; i++) v += `M${n(hx + hw * 0.15)} ${n(bodyTop + 80 + i * 46)}h${n(hw * 0.7)}`;
    s += path(v, "none", `stroke="#6c7176" stroke-width="9" stroke-linecap="round"`);
    s +=
      circle(hx + hw * 0.3, bottom - 70, 28, "#2f3336") +
      circle(hx + hw * 0.55, bottom - 70, 28, "#2f3336") +
      circle(hx + hw * 0.78, bottom - 70, 10, "#f59e0b");
    s += rect(hx + hw * 0.3 - 4, bottom - 96, 8, 24, "#9aa0a5") + rect(hx + hw * 0.55 - 4, bottom - 96, 8, 24, "#9aa0a5");
    s += stonePile(rng, cx, bodyTop + 20, hw * 0.95, 190);
    // wooden guard rail
    s += rect(hx - 60, floorY - 420, 40, 420, shade(t.light, 0)) + rect(hx + hw + 20, floorY - 420, 40, 420, shade(t.light, -0.1));
  }
  // ladle pouring water, steam rising
  const lx = cx + w * 0.18;
  const ly = stoneTop - 300;
  s += path(
    `M${n(lx + 40)} ${n(ly)}L${n(w + 40)} ${n(ly - 330)}`,
    "none",
    `stroke="${shade(interiorTone("cedar").base, 0.1)}" stroke-width="30" stroke-linecap="round"`,
  );
  s += path(
    `M${n(lx - 70)} ${n(ly - 20)}Q${n(lx - 20)} ${n(ly + 90)} ${n(lx + 60)} ${n(ly + 10)}L${n(lx + 40)} ${n(ly - 30)}Z`,
    shade(interiorTone("cedar").base, -0.05),
  );
  s += ellipse(lx - 8, ly - 22, 70, 22, shade(interiorTone("cedar").end, -0.05), `transform="rotate(-25 ${n(lx - 8)} ${n(ly - 22)})"`);
  const drops = `M${n(lx - 60)} ${n(ly + 10)}Q${n(lx - 90)} ${n(ly + 120)} ${n(lx - 100)} ${n(stoneTop - 20)}`;
  s += path(drops, "none", `stroke="#cfe6f0" stroke-width="10" stroke-linecap="round" opacity="0.8"`);
  for (let i = 0; i < 8; i++)
    s += circle(lx - 100 + rng.range(-40, 40), stoneTop - 20 + rng.range(-60, 10), rng.range(4, 9), "#dff1f8", `opacity="0.8"`);
  s += steamWisps(doc, cx - 40, stoneTop - 10, hw * 0.8, 650, rng, 6, 0.55);
  const puff = doc.radial([
    [0, "#ffffff", 0.55],
    [1, "#ffffff", 0],
  ]);
  for (let i = 0; i < 6; i++)
    s += circle(
      cx + rng.range(-200, 150),
      stoneTop - 150 - i * 90,
      110 + i * 25,
      puff,
      `opacity="${Math.round((0.8 - i * 0.1) * 100) / 100}"`,
    );
  s += rect(
    0,
    0,
    w,
    h,
    doc.radial(
      [
        [0, GLOW.warm, 0.12],
        [1, GLOW.warm, 0],
      ],
      0.5,
      0.6,
      0.8,
    ),
  );
  s += vignette(doc, { w, h }, 0.45, "#1a0e08");
  return s;
}

function stonePile(rng: Rng, cx: number, base: number, w: number, h: number): string {
  let s = "";
  const rows = 4;
  for (let row = 0; row < rows; row++) {
    const count = 6 - row;
    const ww = w * (1 - row * 0.2);
    for (let i = 0; i < count; i++) {
      const x = cx - ww / 2 + (ww * (i + 0.5)) / count + rng.range(-10, 10);
      const y = base - row * h * 0.24 + rng.range(-8, 8);
      const rx = (ww / count) * rng.range(0.55, 0.68);
      const ry = rx * rng.range(0.6, 0.78);
      const col = rng.pick(STONE);
      s +=
        ellipse(x, y, rx, ry, col) +
        ellipse(x - rx * 0.2, y - ry * 0.3, rx * 0.55, ry * 0.45, shade(col, 0.18), `opacity="0.8"`) +
        ellipse(x + rx * 0.1, y + ry * 0.5, rx * 0.8, ry * 0.3, shade(col, -0.25), `opacity="0.5"`);
    }
  }
  return s;
}

export type DetailKind = "door" | "heater" | "barrel-end";

export function detailKind(art: Art, seed: string): DetailKind {
  const rng = new Rng(`detail-kind:${seed}`);
  if (art.shape === "barrel") return rng.chance(0.6) ? "barrel-end" : "heater";
  return rng.chance(0.5) ? "door" : "heater";
}

export function detailSvg(w: number, h: number, art: Art, seed: string, kind = detailKind(art, seed)): string {
  const rng = new Rng(`detail:${seed}`);
  const doc = new Doc(w, h, rng);
  const m = pickMood(art.setting, new Rng(`ext:${seed}`).fork("mood"));
  let s: string;
  if (kind === "barrel-end") s = barrelEnd(doc, w, h, art, m, rng);
  else if (kind === "door") s = doorDetail(doc, w, h, art, m, rng) + vignette(doc, { w, h }, 0.25);
  else s = heaterDetail(doc, w, h, art, rng);
  return doc.render(s);
}
