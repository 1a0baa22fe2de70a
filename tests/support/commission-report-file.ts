/**
 * A network's transactions export as Awin writes it, of any length: about 50 bytes a line, so
 * 378,788 lines are a 19 MB file, just under the upload cap. Every 10th order appears again
 * further down with a later status, as a real report's re-exported orders do.
 */
export const REPORT_HEADER = "Transaction ID,Transaction Date,Commission Status,Sale Amount,Commission Amount,Currency,Click Ref";

export function commissionReportLine(i: number): string {
  // A repeated order: the line of order i - 5 again, now approved.
  const order = i % 10 === 0 && i > 5 ? i - 5 : i;
  const status = order !== i ? "approved" : i % 7 === 0 ? "declined" : "pending";
  return `AW-${order},${String((i % 27) + 1).padStart(2, "0")}/11/2026,${status},${100 + (i % 900)}.00,${4 + (i % 50)}.50,EUR,s${order}`;
}

/** The whole file as text (tests); `lines` under the header. */
export function commissionReportText(lines: number): string {
  const out: string[] = [REPORT_HEADER];
  for (let i = 1; i <= lines; i++) out.push(commissionReportLine(i));
  return `${out.join("\n")}\n`;
}

/** The same text in pieces of about `pieceBytes`, for a stream (never one string). */
export function* commissionReportPieces(lines: number, pieceBytes = 64 * 1024): Generator<string> {
  let piece = `${REPORT_HEADER}\n`;
  for (let i = 1; i <= lines; i++) {
    piece += `${commissionReportLine(i)}\n`;
    if (piece.length >= pieceBytes) {
      yield piece;
      piece = "";
    }
  }
  if (piece !== "") yield piece;
}
