/** Vitest global setup: say once which databases the integration tests run on. */
export default function announceDatabases() {
  const target = process.env.TEST_DATABASE_URL
    ? "SQLite and PostgreSQL (TEST_DATABASE_URL)"
    : "SQLite only (set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL too)";
  console.log(`Integration tests run on ${target}`);
}
