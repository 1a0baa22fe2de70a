/**
 * The `create-admin` command a server suggests at start-up, carrying the settings it was started
 * with that decide which database the account goes into and which address the script prints
 * (DATA_DIR, PORT, HOST, BASE_URL). Run without them, the script would write to ./data and print
 * port 3000 while the site runs elsewhere. DATABASE_URL is named, never printed: it holds a password.
 */

const SETTINGS = ["DATA_DIR", "PORT", "HOST", "BASE_URL"] as const;

/** A value as a POSIX shell reads it back unchanged. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

export function createAdminCommand(env: Readonly<Record<string, string | undefined>>): string {
  const prefix = SETTINGS.filter((name) => env[name]).map((name) => `${name}=${shellWord(env[name] as string)} `);
  const command = `${prefix.join("")}npm run create-admin -- --email you@example.com`;
  return env.DATABASE_URL
    ? `${command} (with this server's DATABASE_URL; it asks for the password)`
    : `${command} (it asks for the password)`;
}
