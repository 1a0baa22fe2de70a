import type { Better, UsageKey } from "~/lib/measurements/measurements";

/**
 * Sample measurements (docs/decisions/0109) and the sample saunas' values. Heat-up time is at
 * method version 2 (a fixed 20 °C start and a sensor at the upper bench); a few saunas were only
 * measured under version 1, so their page shows that value as an older method, not compared.
 * Infrared saunas never reach 80 °C: they have no heat-up value.
 */

export interface SampleMeasurement {
  slug: string;
  name: string;
  unit: string;
  better: Better;
  method: string;
  methodVersion: number;
  weights: Record<UsageKey, number>;
}

export const sampleMeasurements: SampleMeasurement[] = [
  {
    slug: "heat-up-time",
    name: "Heat-up time to 80 °C",
    unit: "min",
    better: "lower",
    method:
      "From switching on (or lighting the stove) to 80 °C at the upper bench, 30 cm below the ceiling, starting from 20 °C inside with the door and vents closed. Outside temperature 5–12 °C, no wind above 15 km/h.",
    methodVersion: 2,
    weights: { overall: 3, families: 1, "quick-sessions": 10 },
  },
  {
    slug: "upper-bench-temperature",
    name: "Upper bench temperature",
    unit: "°C",
    better: "higher",
    method:
      "Air temperature 20 cm above the upper bench after one hour at the heater's highest setting, the average of three readings five minutes apart.",
    methodVersion: 1,
    weights: { overall: 2, families: 0, "quick-sessions": 3 },
  },
  {
    slug: "lower-bench-temperature",
    name: "Lower bench temperature",
    unit: "°C",
    better: "lower",
    method:
      "Air temperature 20 cm above the lower bench at the same moments as the upper bench reading: a gentler lower bench suits children and first-timers.",
    methodVersion: 1,
    weights: { overall: 1, families: 6, "quick-sessions": 0 },
  },
  {
    slug: "energy-per-session",
    name: "Energy per session",
    unit: "kWh",
    better: "lower",
    method:
      "Electricity used from a cold start to the end of a 90-minute session, read from a sub-meter. Wood-fired saunas are given in kWh of the wood burned (4.2 kWh per kg at 20% moisture).",
    methodVersion: 1,
    weights: { overall: 3, families: 3, "quick-sessions": 2 },
  },
  {
    slug: "noise",
    name: "Noise",
    unit: "dB",
    better: "lower",
    method: "Sound level at head height on the upper bench with the heater at full power, A-weighted, one minute average.",
    methodVersion: 1,
    weights: { overall: 1, families: 2, "quick-sessions": 0 },
  },
  {
    slug: "assembly-time",
    name: "Assembly time",
    unit: "hours",
    better: "lower",
    method:
      "Two people, one of them new to the kit, from opening the boxes to the first firing, following the maker's instructions. Foundations not included.",
    methodVersion: 1,
    weights: { overall: 2, families: 1, "quick-sessions": 0 },
  },
];

/** One sauna's values in sampleMeasurements' order (null: not measured), the day, and heat-up's method version. */
interface SampleValues {
  values: (number | null)[];
  measuredOn: string;
  heatUpMethod?: number;
}

export const sampleMeasuredValues: Record<string, SampleValues> = {
  "lumo-works-tyyni-4-cube-sauna": { values: [38, 92, 58, 6.1, 41, 14], measuredOn: "2026-09-14" },
  "lumo-works-valo-2-cube-sauna": { values: [29, 95, 61, 4.4, 40, 9], measuredOn: "2026-09-21" },
  "lumo-works-kallio-6-modern-sauna": { values: [47, 88, 55, 8.2, 39, 22], measuredOn: "2026-10-02" },
  "lumo-works-hetki-3-modern-sauna": { values: [34, 90, 57, 5.3, 42, 12], measuredOn: "2026-10-09" },
  "birchline-classic-2-barrel-sauna": { values: [31, 94, 60, 4.8, 43, 7], measuredOn: "2026-08-30" },
  "birchline-panorama-4-barrel-sauna": { values: [36, 91, 56, 6.0, 42, 9.5], measuredOn: "2026-09-06" },
  "birchline-ember-6-barrel-sauna": { values: [44, 89, 54, 7.6, 44, 12], measuredOn: "2026-09-13" },
  "birchline-grand-8-barrel-sauna": { values: [52, 86, 52, 9.4, 45, 16], measuredOn: "2026-09-20" },
  "cinderbay-trail-tent-sauna": { values: [22, 84, 62, 11.5, 38, 0.5], measuredOn: "2026-07-18", heatUpMethod: 1 },
  "cinderbay-hearth-4-traditional-sauna": { values: [41, 96, 59, 14.2, 36, 15], measuredOn: "2026-08-08" },
  "cinderbay-lodge-6-sauna-cabin": { values: [55, 93, 57, 18.6, 37, 26], measuredOn: "2026-08-15" },
  "emberfold-solo-infrared-pod": { values: [null, 58, 44, 1.1, 31, 1.5], measuredOn: "2026-10-16" },
  "emberfold-duo-outdoor-infrared-sauna": { values: [null, 61, 46, 1.6, 32, 4], measuredOn: "2026-10-16" },
  "emberfold-quad-outdoor-infrared-sauna": { values: [null, 63, 47, 2.3, 33, 6], measuredOn: "2026-10-23" },
  "emberfold-hybrid-3-sauna": { values: [49, 82, 53, 5.8, 40, 7], measuredOn: "2026-10-23" },
  "ridgeplank-clt-cube-4": { values: [35, 93, 57, 5.2, 38, 10], measuredOn: "2026-06-27", heatUpMethod: 1 },
  "ridgeplank-clt-studio-6": { values: [43, 91, 55, 6.9, 38, 18], measuredOn: "2026-10-30" },
  "ridgeplank-clt-compact-2": { values: [27, 95, 60, 3.9, 39, 6], measuredOn: "2026-10-30" },
  "ridgeplank-clt-recovery-suite-8": { values: [58, 88, 53, 10.8, 40, 28], measuredOn: "2026-11-06" },
  "quietwater-classic-4-electric-sauna-cabin": { values: [39, 90, 56, 6.3, 41, 13], measuredOn: "2026-11-06" },
  "quietwater-nordic-6-electric-sauna-cabin": { values: [46, 89, 55, 7.8, 42, 19], measuredOn: "2026-11-13" },
  "quietwater-traditional-2-sauna": { values: [33, 92, 58, 4.6, 41, 8], measuredOn: "2026-07-04", heatUpMethod: 1 },
  "northstave-cabin-4-outdoor-sauna": { values: [40, 91, 57, 6.5, 43, 15], measuredOn: "2026-11-13" },
  "northstave-barrel-4-sauna": { values: [37, 92, 58, 6.2, 44, 10], measuredOn: "2026-11-20" },
  "northstave-barrel-6-electric-sauna": { values: [45, 90, 55, 7.4, 43, 13], measuredOn: "2026-06-20", heatUpMethod: 1 },
};
