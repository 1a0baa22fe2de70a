/** Colours: brand, wood species, and colour arithmetic shared by every drawing. */

export type RGB = [number, number, number];

export const BRAND = {
  amber: "#b45309",
  amberLight: "#d97706",
  amberPale: "#f6d9a8",
  cedar: "#9a3412",
  forest: "#2f5d3a",
  forestLight: "#4d7c57",
  sand: "#f5efe6",
  stone: "#e7dfd3",
  linen: "#efe6d8",
  charcoal: "#292524",
  ink: "#1c1917",
} as const;

export function toRgb(hex: string): RGB {
  let h = hex.replace("#", "");
  if (h.length === 3)
    h = h
      .split("")
      .map((c) => c + c)
      .join("");
  const n = parseInt(h.slice(0, 6), 16);
  if (Number.isNaN(n)) return [128, 128, 128];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex(c: RGB): string {
  const v = c.map((x) =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, "0"),
  );
  return `#${v.join("")}`;
}

/** Linear mix of two colours, t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** amt > 0 lightens toward white, amt < 0 darkens toward a warm black. */
export function shade(c: string, amt: number): string {
  return amt >= 0 ? mix(c, "#ffffff", amt) : mix(c, "#140c08", -amt);
}

/** Reduce saturation by t (0..1). */
export interface WoodTone {
  base: string;
  light: string;
  dark: string;
  /** Thin lines between boards. */
  seam: string;
  /** Cut ends of staves and boards. */
  end: string;
  /** How much per-board colour varies. */
  vary: number;
}

export type WoodName = "cedar" | "thermowood" | "spruce" | "charred" | "hemlock" | "pine";

const WOODS: Record<WoodName, WoodTone> = {
  cedar: { base: "#a85a34", light: "#c47a4e", dark: "#6f3519", seam: "#5a2a14", end: "#c98a5c", vary: 0.07 },
  thermowood: { base: "#6b4530", light: "#87603f", dark: "#432a1d", seam: "#2e1c13", end: "#8a6446", vary: 0.06 },
  spruce: { base: "#dcc08f", light: "#ecd6ad", dark: "#b39565", seam: "#9c7f55", end: "#e8d2a6", vary: 0.05 },
  charred: { base: "#2f2926", light: "#453c37", dark: "#1b1715", seam: "#121010", end: "#7a5a42", vary: 0.08 },
  hemlock: { base: "#d2a46c", light: "#e2bc87", dark: "#a97b47", seam: "#8d6538", end: "#e5c596", vary: 0.05 },
  pine: { base: "#d9b363", light: "#e8c97f", dark: "#b08a3e", seam: "#94712d", end: "#ead08e", vary: 0.06 },
};

export function woodTone(name: string): WoodTone {
  return WOODS[(name in WOODS ? name : "cedar") as WoodName];
}

/** Inside of a sauna: slightly lighter, warmer boards (interiors are usually pale softwood). */
export function interiorTone(name: string): WoodTone {
  const w = woodTone(name);
  if (name === "charred" || name === "thermowood") {
    // dark exteriors usually have thermo-aspen or spruce inside
    return name === "charred" ? WOODS.spruce : WOODS.thermowood;
  }
  return w;
}

export const STEEL = { base: "#4b4f54", light: "#8d9399", dark: "#2a2d31", shine: "#c9ced3" };
export const STONE = ["#6f6a66", "#847d76", "#5d5955", "#9a928a", "#4d4a47", "#7b746d"];
export const GLOW = { warm: "#ffc56b", hot: "#ff9a3c", core: "#fff1c9", infrared: "#f2773f", infraredCore: "#ffc08a" };
