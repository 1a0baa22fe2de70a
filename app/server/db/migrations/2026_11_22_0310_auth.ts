import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * better-auth's tables (email and password, plus the admin plugin's role and ban columns),
 * written as our own migration so they have an up and a down like every other table.
 * The shapes are the ones better-auth's getMigrations would create; auth-schema.test.ts
 * asks better-auth itself whether anything is missing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const date = postgres ? "timestamptz" : "date";
  const flag = postgres ? "boolean" : "integer";
  const createdNow = postgres ? sql`CURRENT_TIMESTAMP` : null;

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("emailVerified", flag, (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", date, (col) => (createdNow ? col.notNull().defaultTo(createdNow) : col.notNull()))
    .addColumn("updatedAt", date, (col) => (createdNow ? col.notNull().defaultTo(createdNow) : col.notNull()))
    .addColumn("role", "text")
    .addColumn("banned", flag)
    .addColumn("banReason", "text")
    .addColumn("banExpires", date)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("expiresAt", date, (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("createdAt", date, (col) => (createdNow ? col.notNull().defaultTo(createdNow) : col.notNull()))
    .addColumn("updatedAt", date, (col) => col.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("accountId", "text", (col) => col.notNull())
    .addColumn("providerId", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", date)
    .addColumn("refreshTokenExpiresAt", date)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", date, (col) => (createdNow ? col.notNull().defaultTo(createdNow) : col.notNull()))
    .addColumn("updatedAt", date, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expiresAt", date, (col) => col.notNull())
    .addColumn("createdAt", date, (col) => (createdNow ? col.notNull().defaultTo(createdNow) : col.notNull()))
    .addColumn("updatedAt", date, (col) => (createdNow ? col.notNull().defaultTo(createdNow) : col.notNull()))
    .execute();

  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("verification").execute();
  await db.schema.dropTable("account").execute();
  await db.schema.dropTable("session").execute();
  await db.schema.dropTable("user").execute();
}
