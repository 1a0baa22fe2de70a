import { isComparable, type MeasurementDefinition, type MeasurementValue } from "./measurements";

/**
 * Where one product's measured value sits among its peers' (the products of its collection
 * measured under the same method version): the range, its place, and the sentence the product page
 * says. Values under another method version are never part of the range.
 */

export interface Standing {
  /** The lowest and highest comparable values among the peers, this product's included. */
  min: number;
  max: number;
  /** 0 at the worse end of the range, 1 at the better end; 1 when every value is the same. */
  position: number;
  /** 1 for the best; tied values share a place. */
  place: number;
  /** How many products were measured under this method version, this one included. */
  tested: number;
}

/**
 * The standing of `value` among `peerValues` (every peer's value of the same measurement, this
 * product's included or not: it is counted once either way). Null when the value itself is not
 * comparable.
 */
export function standingOf(
  definition: Pick<MeasurementDefinition, "better" | "methodVersion">,
  value: Pick<MeasurementValue, "productId" | "value" | "methodVersion">,
  peerValues: readonly Pick<MeasurementValue, "productId" | "value" | "methodVersion">[],
): Standing | null {
  if (!isComparable(value, definition)) return null;
  let min = value.value;
  let max = value.value;
  let tested = 1;
  let better = 0;
  for (const peer of peerValues) {
    if (peer.productId === value.productId || !isComparable(peer, definition)) continue;
    tested += 1;
    if (peer.value < min) min = peer.value;
    if (peer.value > max) max = peer.value;
    if (definition.better === "higher" ? peer.value > value.value : peer.value < value.value) better += 1;
  }
  const spread = max - min;
  const fromLow = spread === 0 ? 1 : (value.value - min) / spread;
  return { min, max, position: spread === 0 ? 1 : definition.better === "higher" ? fromLow : 1 - fromLow, place: better + 1, tested };
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/**
 * The sentence beside the bar: "best of 8 tested", "3rd of 8 tested", "last of 8 tested", or
 * "the only one tested so far" when no peer was measured under this method.
 */
export function standingText(standing: Pick<Standing, "place" | "tested" | "min" | "max">): string {
  const { place, tested } = standing;
  if (tested <= 1) return "the only one tested so far";
  if (standing.min === standing.max) return `level with all ${tested} tested`;
  if (place === 1) return `best of ${tested} tested`;
  if (place === tested) return `last of ${tested} tested`;
  return `${ordinal(place)} of ${tested} tested`;
}
