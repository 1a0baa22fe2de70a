import { type Kysely } from "kysely";

/**
 * A feed run names the run of owner work (a row of jobs) that carries it out
 * (docs/decisions/0099): the run's page shows that run's progress, and a run interrupted by a
 * dead worker marks its own feed run failed. No foreign key: finished jobs are forgotten after a
 * while, and the feed run keeps its counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("feed_runs").addColumn("job_id", "integer").execute();
  await db.schema.createIndex("feed_runs_job_id_idx").on("feed_runs").column("job_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("feed_runs_job_id_idx").execute();
  await db.schema.alterTable("feed_runs").dropColumn("job_id").execute();
}
