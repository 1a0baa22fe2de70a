import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { previewOf } from "~/lib/csv/import-plan";
import type { ImportRunOutcome } from "~/lib/csv/import-run";
import type { RunView } from "~/lib/jobs/run-view";
import { ImportRunResult } from "./import-run-result";

const run = (state: RunView["state"]): RunView => ({
  id: 42,
  kind: "products-import",
  label: "Products import: preview of saunas.csv",
  state,
  startedBy: "owner@example.com",
  createdAt: "2026-11-28T10:00:00.000Z",
  startedAt: "2026-11-28T10:00:01.000Z",
  finishedAt: state === "running" ? null : "2026-11-28T10:00:05.000Z",
  progress: { done: 10, total: 10, note: "KB read; 3 rows read, 2 to write" },
  cancelRequested: false,
  error: null,
  href: null,
});

const change = { slug: "barrel-saunas", title: "Best Barrel Saunas", ruleCount: 7, listedCount: 1, listed: ["valo-cube"] };
const row = { rowNumber: 2, slug: "valo-cube", name: "Valo Cube", status: "new" as const, changes: [] };

describe("an import run's page", () => {
  it("a preview: the diff, the question, and Save as a plain form naming the run (never the file)", () => {
    const outcome: ImportRunOutcome = {
      kind: "products",
      mode: "preview",
      ok: true,
      status: 200,
      toast: null,
      notes: [],
      preview: previewOf([row], "plan-1", [change]),
    };
    const html = renderToStaticMarkup(<ImportRunResult run={run("done")} outcome={outcome} refused={false} />);
    expect(html).toContain("What saving would change");
    expect(html).toContain('action="/admin/products/import"');
    expect(html).toContain('method="post"');
    expect(html).toContain('<input type="hidden" name="run" value="42"/>');
    expect(html).toContain('form="import-run-save"');
    expect(html).toContain("Then press Save to Database below");
    expect(html).not.toMatch(/type="file"/);
  });

  it("a save: what it saved and its notes, and no Save; nothing while the run goes on", () => {
    const outcome: ImportRunOutcome = {
      kind: "offers",
      mode: "save",
      ok: true,
      status: 200,
      toast: { kind: "success", title: "Offers Saved Successfully", description: "Saved 1 offer and refreshed the products' prices" },
      notes: ["Row 3: a note"],
      preview: previewOf([row], "plan-2"),
      saved: 1,
      unchanged: 0,
    };
    const html = renderToStaticMarkup(<ImportRunResult run={run("done")} outcome={outcome} refused={false} />);
    expect(html).toContain("Offers Saved Successfully");
    expect(html).toContain("Saved, with notes");
    expect(html).toContain("What the save changed");
    expect(html).not.toContain("<form");
    expect(renderToStaticMarkup(<ImportRunResult run={run("running")} outcome={outcome} refused={false} />)).toBe("");
  });
});
