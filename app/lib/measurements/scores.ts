import { isComparable, USAGES, type MeasurementDefinition, type MeasurementValue, type UsageKey } from "./measurements";

/**
 * Scores worked out from measurements with the owner's weights, one per usage. Each measurement
 * the product has a comparable value of is placed within its collection's range of comparable
 * values (0 at the worse end, 1 at the better: a lower-is-better measurement is flipped), and the
 * places are averaged by the usage's weights and shown on 0–10. A measurement counts only when at
 * least two products were measured under its method version now and their values differ; a usage
 * none of whose weighted measurements count has not enough data.
 */

export type MeasuredScore =
  { usage: UsageKey; label: string; score: number; measurements: number } | { usage: UsageKey; label: string; score: null };

/** The fewest products measured under one method version for a measurement to count. */
export const MIN_PRODUCTS = 2;

type Definition = Pick<MeasurementDefinition, "id" | "better" | "methodVersion" | "weights">;
type Value = Pick<MeasurementValue, "productId" | "measurementId" | "value" | "methodVersion">;

/** The position 0–1 of each measurement of the product that counts, by measurement id. */
export function normalisedPositions(productId: number, definitions: readonly Definition[], values: readonly Value[]): Map<number, number> {
  const byMeasurement = new Map<number, Value[]>();
  for (const value of values) {
    const list = byMeasurement.get(value.measurementId);
    if (list) list.push(value);
    else byMeasurement.set(value.measurementId, [value]);
  }
  const positions = new Map<number, number>();
  for (const definition of definitions) {
    const comparable = (byMeasurement.get(definition.id) ?? []).filter((value) => isComparable(value, definition));
    const own = comparable.find((value) => value.productId === productId);
    if (!own || new Set(comparable.map((value) => value.productId)).size < MIN_PRODUCTS) continue;
    let min = own.value;
    let max = own.value;
    for (const { value } of comparable) {
      if (value < min) min = value;
      if (value > max) max = value;
    }
    // Every product measured the same: the measurement tells them apart in nothing.
    if (max === min) continue;
    const fromLow = (own.value - min) / (max - min);
    positions.set(definition.id, definition.better === "higher" ? fromLow : 1 - fromLow);
  }
  return positions;
}

/**
 * The product's score in each usage, 0–10 with one decimal, from the values of the products of
 * its collection (`values`: every measurement's values among the peers, the product's own
 * included).
 */
export function measuredScores(productId: number, definitions: readonly Definition[], values: readonly Value[]): MeasuredScore[] {
  const positions = normalisedPositions(productId, definitions, values);
  return USAGES.map(({ key, label }) => {
    let weighted = 0;
    let total = 0;
    let counted = 0;
    for (const definition of definitions) {
      const weight = definition.weights[key] ?? 0;
      const position = positions.get(definition.id);
      if (weight <= 0 || position === undefined) continue;
      weighted += weight * position;
      total += weight;
      counted += 1;
    }
    if (total === 0) return { usage: key, label, score: null };
    return { usage: key, label, score: Math.round((weighted / total) * 100) / 10, measurements: counted };
  });
}
