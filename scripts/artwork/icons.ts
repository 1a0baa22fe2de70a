/** Brand mark (favicon, touch icon), the plain placeholder icon, and abstract author avatars. */

import { BRAND, mix, shade } from "./palette";
import { Rng } from "./rng";
import { circle, Doc, ellipse, n, path, rect, smoothD } from "./svg";

/** Sauna roof with two rising steam waves, on a 32 x 32 grid. */
export function markPaths(color: string, stroke = 3.4): string {
  const roof = `<path d="M4 15.5L16 5.5L28 15.5" fill="none" stroke="${color}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const walls = `<path d="M8 14.5V27H24V14.5" fill="none" stroke="${color}" stroke-width="${stroke * 0.8}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const steam = `<path d="M13 24c-2-2.2 2-3.8 0-6.2M19 24c-2-2.2 2-3.8 0-6.2" fill="none" stroke="${color}" stroke-width="${stroke * 0.62}" stroke-linecap="round"/>`;
  return roof + walls + steam;
}

/** Solid version for tiny sizes: a filled sauna house with steam cut out of it (mask keeps it transparent). */
export function faviconSvg(): string {
  const house = `<path d="M16 3.2L30 15.2L27.6 17.8L26 16.4V29H6V16.4L4.4 17.8L2 15.2Z" fill="#fff"/>`;
  const steam = `<path d="M12.6 26c-2.4-2.6 2.4-4.4 0-7.4M19.4 26c-2.4-2.6 2.4-4.4 0-7.4" fill="none" stroke="#000" stroke-width="2.6" stroke-linecap="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><mask id="m">${house}${steam}</mask><rect width="32" height="32" fill="${BRAND.amber}" mask="url(#m)"/></svg>\n`;
}

export function touchIconSvg(size = 180): string {
  const doc = new Doc(size, size, new Rng("touch"));
  const bg = doc.linear([
    [0, "#c2610f"],
    [1, "#9a3c0a"],
  ]);
  const k = size / 32;
  return doc.render(
    rect(0, 0, size, size, bg) +
      `<g transform="translate(${n(size * 0.16)} ${n(size * 0.15)}) scale(${n(k * 0.68 * 100) === "0" ? 1 : Math.round(k * 0.68 * 1000) / 1000})">${markPaths(BRAND.sand, 3)}</g>`,
  );
}

/** Last-resort placeholder: warm background and a soft sauna icon, no text. */
export function genericPlaceholderSvg(w: number, h: number): string {
  const doc = new Doc(w, h, new Rng("generic"));
  let s = rect(
    0,
    0,
    w,
    h,
    doc.linear([
      [0, "#f3ebdf"],
      [1, "#e8dccb"],
    ]),
  );
  s += rect(
    0,
    0,
    w,
    h,
    doc.radial(
      [
        [0, "#ffffff", 0.55],
        [1, "#ffffff", 0],
      ],
      0.5,
      0.45,
      0.6,
    ),
  );
  const size = Math.min(w, h) * 0.34;
  s += circle(w / 2, h / 2, size * 0.78, "#eadcc8");
  s += `<g transform="translate(${n(w / 2 - size / 2)} ${n(h / 2 - size / 2)}) scale(${Math.round((size / 32) * 1000) / 1000})" opacity="0.75">${markPaths("#c08a58", 2.6)}</g>`;
  return doc.render(s);
}

const SKIN = ["#f1d3b6", "#e5b894", "#c98f66", "#a86b45", "#7b4a2f", "#5a3522"];
const HAIR = ["#2b2019", "#4a3020", "#7a4a28", "#b07a45", "#d8b27a", "#8e8a86", "#1d1a18"];
const CLOTH = ["#2f5d3a", "#b45309", "#9a3412", "#3f4f63", "#6b4f3a", "#5c6b4a", "#7c5a8a"];
const BACK = ["#f3e4cf", "#e6eadf", "#efe0d6", "#e3e7ec", "#f1e6c9"];

/** Friendly abstract head-and-shoulders avatar; no real person, no facial detail beyond a hint. */
export function avatarSvg(slug: string, size = 400): string {
  const rng = new Rng(`avatar:${slug}`);
  const doc = new Doc(size, size, rng);
  const k = size / 400;
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const cloth = rng.pick(CLOTH);
  const back = rng.pick(BACK);
  const style = rng.int(0, 4);
  let s = rect(0, 0, size, size, back);
  s += circle(size * 0.5, size * 0.46, size * 0.4, mix(back, cloth, 0.12));
  // steam-like soft rings in the background
  s +=
    circle(size * 0.8, size * 0.18, 60 * k, "#ffffff", `opacity="0.35"`) +
    circle(size * 0.16, size * 0.3, 36 * k, "#ffffff", `opacity="0.3"`);
  const cx = size * 0.5;
  const headY = 175 * k;
  const hr = 64 * k;
  // long hair behind the shoulders
  if (style === 2)
    s += path(
      smoothD(
        [
          [cx - 82 * k, headY - 20 * k],
          [cx + 82 * k, headY - 20 * k],
          [cx + 92 * k, headY + 130 * k],
          [cx - 92 * k, headY + 130 * k],
        ],
        true,
        0.8,
      ),
      hair,
    );
  // shoulders
  s += path(
    `M${n(cx - 150 * k)} ${n(size + 5)}C${n(cx - 150 * k)} ${n(300 * k)} ${n(cx - 90 * k)} ${n(270 * k)} ${n(cx)} ${n(270 * k)}C${n(cx + 90 * k)} ${n(270 * k)} ${n(cx + 150 * k)} ${n(300 * k)} ${n(cx + 150 * k)} ${n(size + 5)}Z`,
    cloth,
  );
  s += path(
    `M${n(cx - 150 * k)} ${n(size + 5)}C${n(cx - 150 * k)} ${n(300 * k)} ${n(cx - 90 * k)} ${n(270 * k)} ${n(cx)} ${n(270 * k)}L${n(cx)} ${n(size + 5)}Z`,
    "#ffffff",
    `opacity="0.08"`,
  );
  // collar / neck
  s += rect(cx - 24 * k, headY + 40 * k, 48 * k, 70 * k, shade(skin, -0.12), `rx="${n(20 * k)}"`);
  s += path(
    `M${n(cx - 40 * k)} ${n(272 * k)}Q${n(cx)} ${n(320 * k)} ${n(cx + 40 * k)} ${n(272 * k)}`,
    "none",
    `stroke="${shade(cloth, -0.25)}" stroke-width="${n(8 * k)}" stroke-linecap="round"`,
  );
  // head
  s += ellipse(cx, headY, hr * 0.92, hr * 1.08, skin);
  s +=
    ellipse(cx - hr * 0.9, headY + 6 * k, 11 * k, 16 * k, shade(skin, -0.05)) +
    ellipse(cx + hr * 0.9, headY + 6 * k, 11 * k, 16 * k, shade(skin, -0.08));
  s += ellipse(cx + hr * 0.3, headY + 10 * k, hr * 0.55, hr * 0.85, "#000", `opacity="0.05"`);
  // hair styles
  const top = headY - hr * 1.08;
  if (style === 0) {
    s += path(
      `M${n(cx - hr * 0.95)} ${n(headY - 5 * k)}C${n(cx - hr)} ${n(top - 20 * k)} ${n(cx + hr)} ${n(top - 25 * k)} ${n(cx + hr * 0.95)} ${n(headY - 8 * k)}C${n(cx + hr * 0.6)} ${n(top + 30 * k)} ${n(cx - hr * 0.4)} ${n(top + 20 * k)} ${n(cx - hr * 0.95)} ${n(headY - 5 * k)}Z`,
      hair,
    );
  } else if (style === 1) {
    // bun
    s += circle(cx, top - 12 * k, 30 * k, hair);
    s += path(
      `M${n(cx - hr * 0.95)} ${n(headY)}C${n(cx - hr * 1.05)} ${n(top - 10 * k)} ${n(cx + hr * 1.05)} ${n(top - 10 * k)} ${n(cx + hr * 0.95)} ${n(headY)}C${n(cx + hr * 0.5)} ${n(top + 24 * k)} ${n(cx - hr * 0.5)} ${n(top + 24 * k)} ${n(cx - hr * 0.95)} ${n(headY)}Z`,
      hair,
    );
  } else if (style === 2) {
    s += path(
      `M${n(cx - hr * 1.0)} ${n(headY + 30 * k)}C${n(cx - hr * 1.15)} ${n(top - 20 * k)} ${n(cx + hr * 1.15)} ${n(top - 20 * k)} ${n(cx + hr * 1.0)} ${n(headY + 30 * k)}C${n(cx + hr * 0.8)} ${n(top + 10 * k)} ${n(cx - hr * 0.2)} ${n(top + 35 * k)} ${n(cx - hr * 1.0)} ${n(headY + 30 * k)}Z`,
      hair,
    );
  } else if (style === 3) {
    // curls
    let d = "";
    for (let i = 0; i < 11; i++) {
      const a = Math.PI * (1.05 + (i / 10) * 0.9);
      d += `M${n(cx + Math.cos(a) * hr * 0.95 - 22 * k)} ${n(headY - 12 * k + Math.sin(a) * hr * 1.0)}a${n(22 * k)} ${n(22 * k)} 0 1 0 ${n(44 * k)} 0a${n(22 * k)} ${n(22 * k)} 0 1 0 ${n(-44 * k)} 0`;
    }
    s += path(d, hair);
  } else {
    // short with a beard
    s += path(
      `M${n(cx - hr * 0.95)} ${n(headY - 10 * k)}C${n(cx - hr * 0.9)} ${n(top - 8 * k)} ${n(cx + hr * 0.9)} ${n(top - 8 * k)} ${n(cx + hr * 0.95)} ${n(headY - 10 * k)}L${n(cx + hr * 0.8)} ${n(top + 20 * k)}L${n(cx - hr * 0.8)} ${n(top + 20 * k)}Z`,
      hair,
    );
    const by = headY + hr * 0.25;
    s += path(
      `M${n(cx - hr * 0.88)} ${n(by)}C${n(cx - hr * 0.8)} ${n(headY + hr * 1.25)} ${n(cx + hr * 0.8)} ${n(headY + hr * 1.25)} ${n(cx + hr * 0.88)} ${n(by)}C${n(cx + hr * 0.6)} ${n(headY + hr * 0.75)} ${n(cx - hr * 0.6)} ${n(headY + hr * 0.75)} ${n(cx - hr * 0.88)} ${n(by)}Z`,
      mix(hair, skin, 0.15),
    );
  }
  // a gentle smile and closed eyes hint
  const eyeY = headY + 4 * k;
  s += path(
    `M${n(cx - 30 * k)} ${n(eyeY)}q${n(9 * k)} ${n(6 * k)} ${n(18 * k)} 0M${n(cx + 12 * k)} ${n(eyeY)}q${n(9 * k)} ${n(6 * k)} ${n(18 * k)} 0`,
    "none",
    `stroke="${shade(skin, -0.55)}" stroke-width="${n(4 * k)}" stroke-linecap="round"`,
  );
  s += path(
    `M${n(cx - 14 * k)} ${n(headY + 34 * k)}q${n(14 * k)} ${n(10 * k)} ${n(28 * k)} 0`,
    "none",
    `stroke="${shade(skin, -0.45)}" stroke-width="${n(4 * k)}" stroke-linecap="round"`,
  );
  if (rng.chance(0.35)) {
    s += `<g fill="none" stroke="#2b2522" stroke-width="${n(4 * k)}"><circle cx="${n(cx - 21 * k)}" cy="${n(eyeY + 2 * k)}" r="${n(17 * k)}"/><circle cx="${n(cx + 21 * k)}" cy="${n(eyeY + 2 * k)}" r="${n(17 * k)}"/><path d="M${n(cx - 4 * k)} ${n(eyeY)}h${n(8 * k)}"/></g>`;
  }
  return doc.render(s);
}
