import { PostgresAdapter, type Kysely } from "kysely";

export type Dialect = "sqlite" | "postgres";

/** The few places that must differ by dialect (column types in migrations) ask this. */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
