import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SubscriberTable } from "./subscriber-table";

describe("SubscriberTable", () => {
  const row = (id: number) => ({
    id,
    email: `a${id}@example.com`,
    status: "confirmed" as const,
    createdAt: "2026-01-02T10:00:00Z",
    confirmedAt: null,
    unsubscribedAt: null,
  });

  it("tells a search with no match from a list no one has joined", () => {
    expect(renderToStaticMarkup(<SubscriberTable subscribers={[]} pageSize={2} filtered />)).toContain("No subscriber matches.");
    expect(renderToStaticMarkup(<SubscriberTable subscribers={[]} pageSize={2} filtered={false} />)).toContain("No one has signed up yet.");
  });

  it("notes that older subscribers are left out only when the page is full", () => {
    const full = renderToStaticMarkup(<SubscriberTable subscribers={[row(1), row(2)]} pageSize={2} filtered={false} />);
    expect(full).toContain("Showing the newest 2.");
    expect(full).toContain('<td class="px-4 py-2.5 tabular-nums">2026-01-02</td>');
    expect(full).toContain('<td class="px-4 py-2.5 tabular-nums">—</td>');
    expect(renderToStaticMarkup(<SubscriberTable subscribers={[row(1)]} pageSize={2} filtered={false} />)).not.toContain(
      "Showing the newest",
    );
  });
});
