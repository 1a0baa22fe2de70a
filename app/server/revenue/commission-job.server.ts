import { readCommissionReport } from "~/lib/revenue/commission-report";
import type { PeriodicJob } from "../jobs/job-runner.server";
import { log } from "../log.server";
import type { OutboundPolicy } from "../outbound/outbound-policy.server";
import { fetchReport, listNetworks, planReport, saveReport } from "./commission-reports.server";

/** How often the networks' report URLs are read again: their statuses move over days, not minutes. */
const EVERY_MS = 6 * 3_600_000;

/**
 * Reads again, once per period across instances, the report URL of every network that has one
 * and a mapping, and saves it exactly as an upload would (all or nothing). A report that cannot be
 * fetched or has a bad line is logged in words and saves nothing; the next period tries again.
 */
export function commissionReportsJob(policy: OutboundPolicy): PeriodicJob {
  return {
    name: "commission-reports",
    everyMs: EVERY_MS,
    async run(db) {
      for (const network of await listNetworks(db)) {
        if (!network.reportUrl || !network.map) continue;
        const fetched = await fetchReport(network.reportUrl, policy);
        const reading = fetched.ok ? readCommissionReport(fetched.text, network.map) : fetched;
        if (!reading.ok || reading.errors.length > 0) {
          const why = reading.ok ? reading.errors.slice(0, 3).join(" ") : reading.error;
          log.warn(`The ${network.name} commission report was not saved: ${why}`);
          continue;
        }
        const plan = await planReport(db, network.id, reading.rows);
        await saveReport(db, { name: network.name, map: network.map, reportUrl: network.reportUrl }, reading.rows, plan.fingerprint);
        if (plan.added + plan.updated > 0) log.info(`${network.name} commission report: ${plan.added} new orders, ${plan.updated} updated`);
      }
    },
  };
}
