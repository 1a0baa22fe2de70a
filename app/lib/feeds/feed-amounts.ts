/**
 * Which mark a feed's amounts use for decimals, decided once per feed from its own price cells.
 * A spreadsheet from a German shop writes "14.990,00", a US one "14,990.00"; one cell alone may
 * not say which ("1.499" is fifteen hundred in Germany and one and a half in the US), so a
 * guess per cell would read two items of one file two ways. The first cells that do tell decide
 * for the whole file; when none tells, or they disagree, the owner is asked.
 */

export type DecimalMark = "," | ".";

export type DecimalReading =
  | { ok: true; mark: DecimalMark; /** How many of the cells looked at showed the mark. */ evidence: number }
  | { ok: false; problem: "ambiguous" | "conflict"; message: string };

/** How many non-empty price cells decide: enough to meet a price with cents in any real catalogue. */
export const DECIMAL_SAMPLE = 50;

/** The amount's digits and marks: currency codes, symbols and space grouping removed. */
function amountText(cell: string): string {
  return cell
    .replace(/[A-Za-z]{3}/g, "")
    .replace(/[$€£¥]/g, "")
    .replace(/(?<=\d)[\s\u00a0\u202f'](?=\d)/g, "")
    .trim();
}

/** What one cell says: the decimal mark it shows, null when it could be either, undefined when it shows none. */
export function cellDecimalMark(cell: string): DecimalMark | null | undefined {
  const text = amountText(cell);
  const marks: string[] = text.match(/[.,]/g) ?? [];
  if (marks.length === 0) return undefined;
  const last = Math.max(text.lastIndexOf("."), text.lastIndexOf(","));
  const lastMark = text[last] as DecimalMark;
  // Both marks: the last one is the decimal ("14.990,00", "14,990.00").
  if (marks.includes(".") && marks.includes(",")) return lastMark;
  // One mark several times only groups ("1.499.000"): the decimal is the other.
  if (marks.length > 1) return lastMark === "," ? "." : ",";
  // One mark once: three digits after it could be grouping or decimals ("1.499"); any other count is decimals.
  const after = text.slice(last + 1);
  return /^\d{3}$/.test(after) && /^\d{1,3}$/.test(text.slice(0, last)) ? null : lastMark;
}

const NAME: Record<DecimalMark, string> = { ",": "a decimal comma (14.990,00)", ".": "a decimal point (14,990.00)" };

/**
 * The first DECIMAL_SAMPLE non-empty cells → the feed's decimal mark. Amounts of whole units only
 * ("1499") read the same either way and decide as a point.
 */
export function decimalMarkOf(cells: Iterable<string>, sample = DECIMAL_SAMPLE): DecimalReading {
  const votes: Record<DecimalMark, number> = { ",": 0, ".": 0 };
  let seen = 0;
  let ambiguous: string | null = null;
  for (const cell of cells) {
    if (cell.trim() === "") continue;
    if (seen >= sample) break;
    seen += 1;
    const mark = cellDecimalMark(cell);
    if (mark === null) ambiguous ??= cell.trim();
    else if (mark !== undefined) votes[mark] += 1;
  }
  if (votes[","] > 0 && votes["."] > 0) {
    return {
      ok: false,
      problem: "conflict",
      message: `The file's prices are written two ways: some with ${NAME[","]}, some with ${NAME["."]}. Choose the feed's decimal separator, or ask the shop for one format.`,
    };
  }
  if (votes[","] > 0) return { ok: true, mark: ",", evidence: votes[","] };
  if (votes["."] > 0) return { ok: true, mark: ".", evidence: votes["."] };
  if (ambiguous !== null) {
    return {
      ok: false,
      problem: "ambiguous",
      message: `The file's prices do not show which decimal separator they use: ${JSON.stringify(ambiguous)} is ${amountText(ambiguous).replace(/[.,]/, "")} with a decimal comma and ${amountText(ambiguous).replace(",", ".")} with a decimal point. Choose the feed's decimal separator.`,
    };
  }
  return { ok: true, mark: ".", evidence: 0 };
}

/**
 * An amount under the feed's mark → whole and fraction digits, or null when it is not written
 * that way. The other mark may only group thousands ("14.990,00" under ","; "1.499" is 1499).
 */
export function splitAmountWith(text: string, mark: DecimalMark): { whole: string; fraction: string } | null {
  const compact = text.replace(/(?<=\d)[\s\u00a0\u202f'](?=\d{3}\b)/g, "");
  const group = mark === "," ? "\\." : ",";
  const decimal = mark === "," ? "," : "\\.";
  const match = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)?(?:${decimal}(\\d+))?$`).exec(compact);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  return { whole: (match[1] ?? "0").replace(/[.,]/g, ""), fraction: match[2] ?? "" };
}
