import { afterEach, describe, expect, it, vi } from "vitest";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { PRICE_ALERTS_JOB_NAME, runPriceAlertsAfterCatalogChanges } from "./price-alert-job.server";

describe("price alerts after a catalog change", () => {
  afterEach(() => vi.useRealTimers());

  it("runs the job once, a moment after the last of a burst of saves, and again if another run held it", async () => {
    vi.useFakeTimers();
    // The listener registry is keyed by the database handle only; nothing is queried here.
    const db = {} as DB;
    const answers = [false, true];
    const runNow = vi.fn(async (_name: string) => answers.shift() ?? true);
    const stop = runPriceAlertsAfterCatalogChanges(db, runNow, 5_000);

    invalidateCatalog(db);
    await vi.advanceTimersByTimeAsync(3_000);
    invalidateCatalog(db);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runNow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(runNow).toHaveBeenCalledTimes(1);
    expect(runNow).toHaveBeenCalledWith(PRICE_ALERTS_JOB_NAME);
    // The first attempt found the job running: one more attempt after the same pause.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runNow).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runNow).toHaveBeenCalledTimes(2);

    stop();
    invalidateCatalog(db);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runNow).toHaveBeenCalledTimes(2);
  });
});
