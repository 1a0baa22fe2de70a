import { describe, expect, it } from "vitest";
import { createAdminCommand } from "./create-admin-command";

describe("createAdminCommand", () => {
  it("is the plain command for a server on the defaults", () => {
    expect(createAdminCommand({})).toBe("npm run create-admin -- --email you@example.com (it asks for the password)");
    expect(createAdminCommand({ PORT: "", LOG_LEVEL: "debug" })).toBe(
      "npm run create-admin -- --email you@example.com (it asks for the password)",
    );
  });

  it("carries the settings that decide the database and the printed address", () => {
    expect(createAdminCommand({ PORT: "4599", DATA_DIR: "/tmp/site", BASE_URL: "https://saunas.example.com", SMTP_URL: "smtp://x" })).toBe(
      "DATA_DIR=/tmp/site PORT=4599 BASE_URL=https://saunas.example.com npm run create-admin -- --email you@example.com (it asks for the password)",
    );
  });

  it("quotes a value the shell would split, and names DATABASE_URL without printing it", () => {
    const command = createAdminCommand({ DATA_DIR: "/srv/my saunas/it's", DATABASE_URL: "postgres://u:secret@db/saunas" });
    expect(command).toBe(
      `DATA_DIR='/srv/my saunas/it'\\''s' npm run create-admin -- --email you@example.com (with this server's DATABASE_URL; it asks for the password)`,
    );
    expect(command).not.toContain("secret");
  });
});
