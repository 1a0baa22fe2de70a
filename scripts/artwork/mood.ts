/** Time of day / weather: one set of colours that every layer of a scene is tinted by. */

import { mix } from "./palette";
import type { Rng } from "./rng";

export interface Mood {
  name: string;
  /** Sky gradient, top to horizon. */
  sky: [string, string, string];
  sunColor: string;
  sunGlow: string;
  /** Sun position as fractions of width / of the horizon height. */
  sunY: number;
  showSun: boolean;
  /** Colour distant layers fade into. */
  haze: string;
  /** Colour cast over everything lit by daylight, and how strongly. */
  tint: string;
  tintAmt: number;
  /** Window glow strength 0..1. */
  glow: number;
  stars: boolean;
  cloud: string;
  cloudShade: string;
  cloudAlpha: number;
  water: [string, string];
  shadow: string;
  shadowAlpha: number;
  winter: boolean;
}

const BASE: Record<string, Mood> = {
  day: {
    name: "day",
    sky: ["#86b0d3", "#b9d3e4", "#e8eee6"],
    sunColor: "#fff8e6",
    sunGlow: "#fff3d0",
    sunY: 0.25,
    showSun: true,
    haze: "#cfdde3",
    tint: "#fff4e0",
    tintAmt: 0.0,
    glow: 0.3,
    stars: false,
    cloud: "#ffffff",
    cloudShade: "#dfe7ee",
    cloudAlpha: 0.85,
    water: ["#a9c6d6", "#4f7f96"],
    shadow: "#24322f",
    shadowAlpha: 0.28,
    winter: false,
  },
  golden: {
    name: "golden",
    sky: ["#7f9fc6", "#e3c3a3", "#f7d39b"],
    sunColor: "#fff0c4",
    sunGlow: "#ffc878",
    sunY: 0.62,
    showSun: true,
    haze: "#eccaa0",
    tint: "#f4a85c",
    tintAmt: 0.12,
    glow: 0.6,
    stars: false,
    cloud: "#ffe9cf",
    cloudShade: "#e3b79a",
    cloudAlpha: 0.8,
    water: ["#e9c9a0", "#50708a"],
    shadow: "#3b2a2a",
    shadowAlpha: 0.3,
    winter: false,
  },
  dusk: {
    name: "dusk",
    sky: ["#28335a", "#6f5a86", "#eaa06a"],
    sunColor: "#ffd08a",
    sunGlow: "#ff9f5a",
    sunY: 0.93,
    showSun: true,
    haze: "#8f7597",
    tint: "#2e3160",
    tintAmt: 0.34,
    glow: 1,
    stars: true,
    cloud: "#d7a39a",
    cloudShade: "#6e5578",
    cloudAlpha: 0.7,
    water: ["#c99a8a", "#2b3a5c"],
    shadow: "#120f22",
    shadowAlpha: 0.35,
    winter: false,
  },
  morning: {
    name: "morning",
    sky: ["#9fbad6", "#e2d3d6", "#f6e0c6"],
    sunColor: "#fff6e2",
    sunGlow: "#ffe1b8",
    sunY: 0.7,
    showSun: true,
    haze: "#e6dcd4",
    tint: "#f9d8c0",
    tintAmt: 0.07,
    glow: 0.4,
    stars: false,
    cloud: "#fff6ee",
    cloudShade: "#e2d0d0",
    cloudAlpha: 0.75,
    water: ["#dcd6d6", "#6a8aa0"],
    shadow: "#2c2b36",
    shadowAlpha: 0.25,
    winter: false,
  },
  winterDay: {
    name: "winterDay",
    sky: ["#95b7d6", "#cadcea", "#eef2f3"],
    sunColor: "#ffffff",
    sunGlow: "#fff6e4",
    sunY: 0.55,
    showSun: true,
    haze: "#d6e2ea",
    tint: "#cfe0f2",
    tintAmt: 0.08,
    glow: 0.55,
    stars: false,
    cloud: "#ffffff",
    cloudShade: "#d8e2ec",
    cloudAlpha: 0.8,
    water: ["#c9d9e4", "#6e8ea6"],
    shadow: "#3a4c6a",
    shadowAlpha: 0.22,
    winter: true,
  },
  winterDusk: {
    name: "winterDusk",
    sky: ["#35406c", "#8e7aa0", "#f0b088"],
    sunColor: "#ffe0b0",
    sunGlow: "#ffae7a",
    sunY: 0.92,
    showSun: true,
    haze: "#a697b4",
    tint: "#3c4678",
    tintAmt: 0.26,
    glow: 1,
    stars: true,
    cloud: "#e6b7ad",
    cloudShade: "#7a6a92",
    cloudAlpha: 0.65,
    water: ["#d9b2a6", "#3d4b72"],
    shadow: "#1d1d3a",
    shadowAlpha: 0.3,
    winter: true,
  },
  mist: {
    name: "mist",
    sky: ["#aebdc6", "#d3d9d7", "#e6e4dc"],
    sunColor: "#fffaf0",
    sunGlow: "#f4efe2",
    sunY: 0.5,
    showSun: false,
    haze: "#d9dcd7",
    tint: "#c9d0d2",
    tintAmt: 0.1,
    glow: 0.5,
    stars: false,
    cloud: "#f3f3ef",
    cloudShade: "#d2d7d8",
    cloudAlpha: 0.6,
    water: ["#d4dbdb", "#7d9399"],
    shadow: "#2f3436",
    shadowAlpha: 0.2,
    winter: false,
  },
};

export function mood(name: string): Mood {
  const m = BASE[name] ?? BASE.day!;
  return { ...m };
}

/** A mood that fits the setting, chosen from the seed. */
export function pickMood(setting: string, rng: Rng): Mood {
  if (setting === "snow") return mood(rng.pick(["winterDay", "winterDay", "winterDusk"]));
  if (setting === "coast") return mood(rng.pick(["day", "golden", "morning", "mist", "dusk"]));
  if (setting === "mountain") return mood(rng.pick(["day", "golden", "morning", "day"]));
  return mood(rng.pick(["day", "golden", "dusk", "morning", "day", "golden"]));
}

/** Apply the mood's colour cast to a daylight colour. */
export function tint(m: Mood, c: string, extra = 0): string {
  return mix(c, m.tint, Math.min(1, m.tintAmt + extra));
}

/** Fade a colour into the haze by distance d (0 = near, 1 = at the horizon). */
export function fade(m: Mood, c: string, d: number): string {
  return mix(tint(m, c), m.haze, d);
}
