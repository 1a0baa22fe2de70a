import { PostgresAdapter, type Kysely } from "kysely";

export type Dialect = "sqlite" | "postgres";

/** The few places that must differ by dialect (column types in migrations) ask this. */
// Any database handle will do (migrations hold a Kysely<any>): only its adapter is read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
