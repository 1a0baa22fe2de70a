import type { PeriodicJob } from "../jobs/job-runner.server";
import { log } from "../log.server";
import { publishDueArticles } from "./article-admin.server";

/** How late a scheduled article may go live, at most (sooner when the site checks its jobs more often). */
const PUBLISH_CHECK_MS = 15_000;

/**
 * Publishes scheduled articles when their time comes, once across instances: the job runner
 * gives one instance the run (docs/decisions/0032), and the conditional update in
 * publishDueArticles publishes each article once even if two runs met. The save's invalidation
 * reaches every instance's page cache, sitemap and feed.
 */
export function publishScheduledArticlesJob(jobCheckMs: number): PeriodicJob {
  return {
    name: "publish-scheduled-articles",
    quiet: true,
    everyMs: Math.min(PUBLISH_CHECK_MS, jobCheckMs),
    async run(db) {
      const published = await publishDueArticles(db);
      if (published.length > 0) log.info(`Published scheduled articles: ${published.join(", ")}`);
    },
  };
}
