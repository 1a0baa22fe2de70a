import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { RunView } from "~/lib/jobs/run-view";
import { guessColumnMap } from "~/lib/revenue/commission-report";
import type { UploadScreen } from "~/server/revenue/revenue-actions.server";
import { RevenueUpload } from "./revenue-upload";

/** The revenue page's upload panel as the server sends it: every step works before any script runs. */
function render(upload: UploadScreen | null): string {
  const Stub = createRoutesStub([
    {
      path: "/admin/revenue",
      Component: () => <RevenueUpload networks={["Awin"]} refusal={undefined} upload={upload} busy={false} />,
    },
  ]);
  return renderToString(<Stub initialEntries={["/admin/revenue"]} />).replaceAll("<!-- -->", "");
}

const HEADERS = ["Transaction ID", "Transaction Date", "Commission Status", "Sale Amount", "Commission Amount", "Currency", "Click Ref"];
const map = guessColumnMap(HEADERS);
const run = (state: RunView["state"]): RunView => ({
  id: 42,
  kind: "commission-report",
  label: "Commission report Awin: read",
  state,
  startedBy: "owner@example.com",
  createdAt: "2026-11-29T02:00:00.000Z",
  startedAt: "2026-11-29T02:00:01.000Z",
  finishedAt: state === "running" ? null : "2026-11-29T02:00:09.000Z",
  progress: { done: 5_000_000, total: 20_000_000, note: "bytes read; 90,000 rows" },
  cancelRequested: false,
  error: state === "failed" ? "Row 12: a quoted value is never closed" : null,
  href: "/admin/revenue?upload=abcdefghijklmnop",
});
const base = { id: "abcdefghijklmnop", network: "Awin", reportUrl: null, phase: "read" as const, map: null, editMapping: false };

describe("the revenue upload panel", () => {
  it("shows a read under way with its progress and Cancel", () => {
    const html = render({ ...base, run: run("running"), result: null });
    expect(html).toContain("5,000,000 of 20,000,000 bytes read; 90,000 rows");
    expect(html).toContain('action="/admin/runs/42"');
    expect(html).toContain(">Cancel<");
  });

  it("asks for the mapping, carrying the upload's id only", () => {
    const html = render({ ...base, run: run("done"), result: { step: "map", headers: HEADERS, map, problems: {} } });
    expect(html).toContain('aria-label="Column mapping"');
    expect(html).toContain('name="upload" value="abcdefghijklmnop"');
    expect(html).not.toContain('name="report"');
  });

  it("previews the first orders and the counts, with Save carrying the id and the fingerprint", () => {
    const html = render({
      ...base,
      run: run("done"),
      result: {
        step: "preview",
        headers: HEADERS,
        map,
        orders: 340_910,
        plan: { added: 340_910, updated: 0, unchanged: 0, matched: 2, changes: [], changeCount: 0, fingerprint: "fp" },
        errors: [],
        errorCount: 0,
        sample: [
          {
            line: 2,
            orderId: "AW-1",
            subId: "s1",
            orderedAt: Date.parse("2026-11-02T00:00:00Z"),
            saleHundredths: 10_100,
            commissionHundredths: 550,
            currency: "EUR",
            status: "pending",
          },
        ],
        bytes: 20_273_555,
      },
    });
    expect(html).toContain("Awin: 340,910 orders in the report");
    expect(html).toContain("AW-1");
    expect(html).toContain("The first 1 orders of 340,910.");
    expect(html).toContain('name="fingerprint" value="fp"');
    expect(html).toContain("Save 340,910 orders");
  });

  it("says why a run failed, and offers the upload form again", () => {
    const html = render({ ...base, run: run("failed"), result: null });
    expect(html).toContain("Row 12: a quoted value is never closed");
    expect(html).toContain("Read the report");
  });
});
