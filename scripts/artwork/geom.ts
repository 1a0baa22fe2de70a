/** Oblique projection for exteriors and simple lighting shared by all the sauna shapes. */

import { matrix, type P } from "./svg";
import { shade } from "./palette";

export type V3 = [number, number, number];

/** Light comes from the upper left, slightly in front (towards the viewer). */
const L: V3 = normalize([-0.5, 0.8, -0.45]);

export function normalize(v: V3): V3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

export function dot(a: V3, b: V3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Lambert shading of a base colour for a surface normal: returns a lit or shaded version. */
export function lit(color: string, normal: V3, strength = 1): string {
  const d = dot(normalize(normal), L);
  // d in [-1, 1]; 0.35 is a front face, map to a gentle range
  const k = (d - 0.3) * 0.55 * strength;
  return k >= 0 ? shade(color, Math.min(0.35, k * 0.9)) : shade(color, Math.max(-0.55, k));
}

/**
 * Oblique (cabinet-like) projection. World: x right, y up, z away from the viewer (units are feet).
 * The sauna's front-left-bottom corner sits at screen (ox, oy); s = pixels per foot.
 */
export class Obl {
  constructor(
    public ox: number,
    public oy: number,
    public s: number,
    public cx = 0.52,
    public cy = 0.3,
  ) {}

  p(x: number, y: number, z: number): P {
    return [this.ox + (x + z * this.cx) * this.s, this.oy - (y + z * this.cy) * this.s];
  }

  pv(v: V3): P {
    return this.p(v[0], v[1], v[2]);
  }

  /** Transform for drawing on the plane z = const, local (u, v) = (x, y), v up. */
  front(z: number, x0 = 0, y0 = 0): string {
    const [e, f] = this.p(x0, y0, z);
    return matrix(this.s, 0, 0, -this.s, e, f);
  }

  /** Plane x = const, local (u, v) = (z, y). */
  side(x: number, z0 = 0, y0 = 0): string {
    const [e, f] = this.p(x, y0, z0);
    return matrix(this.cx * this.s, -this.cy * this.s, 0, -this.s, e, f);
  }

  /** Plane y = const, local (u, v) = (x, z). */
  top(y: number, x0 = 0, z0 = 0): string {
    const [e, f] = this.p(x0, y, z0);
    return matrix(this.s, 0, this.cx * this.s, -this.cy * this.s, e, f);
  }

  /** Any plane through origin o spanned by u and v (world vectors). */
  plane(o: V3, u: V3, v: V3): string {
    const [e, f] = this.pv(o);
    const a = (u[0] + u[2] * this.cx) * this.s;
    const b = -(u[1] + u[2] * this.cy) * this.s;
    const c = (v[0] + v[2] * this.cx) * this.s;
    const d = -(v[1] + v[2] * this.cy) * this.s;
    return matrix(a, b, c, d, e, f);
  }

  /** Screen-space direction of the depth axis per foot. */
  get dz(): P {
    return [this.cx * this.s, -this.cy * this.s];
  }
}

/** Perspective camera for interiors: eye at (ex, ey, 0) looking down +z. */
export class Persp {
  constructor(
    public cxs: number,
    public cys: number,
    public f: number,
    public ex = 0,
    public ey = 3.6,
  ) {}

  p(x: number, y: number, z: number): P {
    const zz = Math.max(z, 0.05);
    return [this.cxs + ((x - this.ex) * this.f) / zz, this.cys - ((y - this.ey) * this.f) / zz];
  }

  /** Pixels per foot at depth z. */
  k(z: number): number {
    return this.f / Math.max(z, 0.05);
  }
}
