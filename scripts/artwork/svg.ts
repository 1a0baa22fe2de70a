/** Small SVG-string toolkit: a document with shared defs, number formatting, paths. */

import type { Rng } from "./rng";

export type P = [number, number];

/** Round to one decimal: keeps SVG strings short. */
export function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

export function pts(points: readonly P[]): string {
  return points.map((p) => `${n(p[0])},${n(p[1])}`).join(" ");
}

export function poly(points: readonly P[], fill: string, extra = ""): string {
  return `<polygon points="${pts(points)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function line(a: P, b: P, stroke: string, width: number, extra = ""): string {
  return `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}" stroke="${stroke}" stroke-width="${Math.round(width * 100) / 100}"${extra ? " " + extra : ""}/>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function circle(x: number, y: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function ellipse(x: number, y: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function polyline(points: readonly P[], stroke: string, width: number, extra = ""): string {
  return `<polyline points="${pts(points)}" fill="none" stroke="${stroke}" stroke-width="${Math.round(width * 100) / 100}"${extra ? " " + extra : ""}/>`;
}

/** Straight-segment path data. */
export function pathD(points: readonly P[], closed = true): string {
  if (points.length === 0) return "";
  const [first, ...rest] = points;
  return `M${n(first![0])} ${n(first![1])}` + rest.map((p) => `L${n(p[0])} ${n(p[1])}`).join("") + (closed ? "Z" : "");
}

/** Smooth Catmull-Rom path through points, as cubic Béziers. */
export function smoothD(points: readonly P[], closed = true, tension = 1): string {
  const m = points.length;
  if (m < 3) return pathD(points, closed);
  const get = (i: number): P => {
    if (closed) return points[((i % m) + m) % m]!;
    return points[Math.max(0, Math.min(m - 1, i))]!;
  };
  let d = `M${n(points[0]![0])} ${n(points[0]![1])}`;
  const last = closed ? m : m - 1;
  for (let i = 0; i < last; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    const k = tension / 6;
    const c1: P = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: P = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d + (closed ? "Z" : "");
}

export function path(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra ? " " + extra : ""}/>`;
}

export function g(content: string, extra = ""): string {
  return `<g${extra ? " " + extra : ""}>${content}</g>`;
}

/** SVG matrix mapping local (u, v) to screen: x = a*u + c*v + e, y = b*u + d*v + f. */
export function matrix(a: number, b: number, c: number, d: number, e: number, f: number): string {
  const r = (v: number) => String(Math.round(v * 10000) / 10000);
  return `matrix(${r(a)} ${r(b)} ${r(c)} ${r(d)} ${r(e)} ${r(f)})`;
}

export type Stop = [offset: number, color: string, opacity?: number];

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${Math.round(o * 1000) / 1000}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${Math.round(a * 1000) / 1000}"`}/>`,
    )
    .join("");
}

/** One SVG document: body parts plus shared defs with unique ids. */
export class Doc {
  private defs: string[] = [];
  private count = 0;
  private blurCache = new Map<string, string>();
  constructor(
    public readonly w: number,
    public readonly h: number,
    public readonly rng: Rng,
  ) {}

  id(prefix = "i"): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  def(xml: string): void {
    this.defs.push(xml);
  }

  /** Linear gradient in bounding-box units by default; returns `url(#id)`. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const id = this.id("lg");
    const units = user ? ` gradientUnits="userSpaceOnUse"` : "";
    this.defs.push(
      `<linearGradient id="${id}" x1="${n4(x1)}" y1="${n4(y1)}" x2="${n4(x2)}" y2="${n4(y2)}"${units}>${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, user = false, extra = ""): string {
    const id = this.id("rg");
    const units = user ? ` gradientUnits="userSpaceOnUse"` : "";
    this.defs.push(
      `<radialGradient id="${id}" cx="${n4(cx)}" cy="${n4(cy)}" r="${n4(r)}"${units}${extra ? " " + extra : ""}>${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Gaussian blur filter (cached per strength); returns `url(#id)`. */
  blur(std: number, pad = 0.5): string {
    const key = `${std}:${pad}`;
    const hit = this.blurCache.get(key);
    if (hit) return hit;
    const id = this.id("bl");
    const p = Math.round(pad * 100);
    this.defs.push(
      `<filter id="${id}" x="-${p}%" y="-${p}%" width="${100 + 2 * p}%" height="${100 + 2 * p}%"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
    const url = `url(#${id})`;
    this.blurCache.set(key, url);
    return url;
  }

  /** Clip path from raw shape markup (user space); returns `url(#id)`. */
  clip(shapes: string): string {
    const id = this.id("cp");
    this.defs.push(`<clipPath id="${id}">${shapes}</clipPath>`);
    return `url(#${id})`;
  }

  render(body: string, background?: string): string {
    const bg = background ? `<rect width="100%" height="100%" fill="${background}"/>` : "";
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${bg}${body}</svg>`;
  }
}

function n4(v: number): string {
  return String(Math.round(v * 10000) / 10000);
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

export function clamp(v: number, a: number, b: number): number {
  return Math.max(a, Math.min(b, v));
}
