import pg from "pg";

/** One connection for `work`, closed after it whatever happens: the tests' way to reach PostgreSQL outside the app. */
export async function withPostgresClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs one statement on its own connection (`create database`, `drop database` and the like). */
export async function runStatement(url: string, statement: string): Promise<void> {
  await withPostgresClient(url, (client) => client.query(statement));
}
