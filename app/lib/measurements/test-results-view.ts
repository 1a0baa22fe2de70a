import { formatLongUsDate } from "../text/dates";
import { isComparable, measuredText, USAGES, type MeasurementDefinition, type MeasurementValue } from "./measurements";
import { measuredScores } from "./scores";
import { standingOf, standingText } from "./standings";

/**
 * The product page's "Test results": each measured value with its method and date, placed within
 * the range of the products of its collection measured under the same method version, and the
 * scores worked out from them. Values under an older method are shown but not placed.
 */

export interface TestResultView {
  slug: string;
  name: string;
  value: string;
  method: string;
  methodVersion: number;
  /** YYYY-MM-DD, and as the page writes it. */
  measuredOn: string | null;
  measuredOnText: string | null;
  /** Null for a value taken under an older method: it is not compared. */
  standing: {
    /** 0–100: where the value sits between the worse end (0) and the better (100). */
    percent: number;
    text: string;
    /** The bar's text equivalent, e.g. "24 min: best of 8 barrel saunas tested (range 24–45 min, lower is better)". */
    summary: string;
    worse: string;
    better: string;
  } | null;
  /** For a value under an older method: its version and the version now. */
  olderMethod: { taken: number; now: number } | null;
}

export interface TestScoreView {
  label: string;
  /** "7.4", or null: not enough data. */
  score: string | null;
}

export interface TestResultsView {
  /** Whom the values are compared with, e.g. "barrel saunas". */
  peers: string;
  results: TestResultView[];
  /** Only the usages the owner weighs anything in. */
  scores: TestScoreView[];
}

export function testResultsView(
  productId: number,
  definitions: readonly MeasurementDefinition[],
  /** The comparable values of the product's collection (its own included), and its own values of any method. */
  values: { peers: readonly MeasurementValue[]; own: readonly MeasurementValue[] },
  peers: string,
): TestResultsView | null {
  const own = new Map(values.own.filter((value) => value.productId === productId).map((value) => [value.measurementId, value]));
  const peersOf = new Map<number, MeasurementValue[]>();
  for (const value of values.peers) {
    const list = peersOf.get(value.measurementId);
    if (list) list.push(value);
    else peersOf.set(value.measurementId, [value]);
  }
  const results: TestResultView[] = [];
  for (const definition of definitions) {
    const value = own.get(definition.id);
    if (!value) continue;
    const standing = standingOf(definition, value, peersOf.get(definition.id) ?? []);
    const valueText = measuredText(value.value, definition.unit);
    const range =
      standing &&
      (standing.min === standing.max
        ? measuredText(standing.min, definition.unit)
        : `${measuredText(standing.min, definition.unit)} to ${measuredText(standing.max, definition.unit)}`);
    results.push({
      slug: definition.slug,
      name: definition.name,
      value: valueText,
      method: definition.method,
      methodVersion: value.methodVersion,
      measuredOn: value.measuredOn,
      measuredOnText: value.measuredOn && formatLongUsDate(value.measuredOn),
      standing: standing && {
        percent: Math.round(standing.position * 100),
        text: standingText(standing),
        summary: `${valueText}: ${standingText(standing).replace(" tested", ` ${peers} tested`)} (range ${range}, ${definition.better} is better)`,
        worse: measuredText(definition.better === "lower" ? standing.max : standing.min, definition.unit),
        better: measuredText(definition.better === "lower" ? standing.min : standing.max, definition.unit),
      },
      olderMethod: isComparable(value, definition) ? null : { taken: value.methodVersion, now: definition.methodVersion },
    });
  }
  if (results.length === 0) return null;
  const weighed = new Set(USAGES.filter(({ key }) => definitions.some((definition) => definition.weights[key] > 0)).map(({ key }) => key));
  const scores = measuredScores(productId, definitions, values.peers)
    .filter((score) => weighed.has(score.usage))
    .map((score) => ({ label: score.label, score: score.score === null ? null : score.score.toFixed(1) }));
  return { peers, results, scores };
}
