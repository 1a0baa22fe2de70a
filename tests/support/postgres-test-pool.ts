import type pg from "pg";
import { runStatement, withPostgresClient } from "./postgres-client";

/**
 * Under Vitest, a PostgreSQL test database copied from the run's template is not dropped when its
 * test is done: it is emptied back to the template's state and kept for the next test of the same
 * worker process. Copying a database and dropping it cost the server about a quarter of a second
 * of CPU and some 650 new files each time (about 250 a run; on ext4 without a journal, finding
 * free inodes for them took a fifth of the machine).
 *
 * A database goes back to the pool only when nobody else is connected to it and its schema is
 * still the template's (same tables, columns, indexes, constraints, triggers, functions, views,
 * types and settings); otherwise it is dropped, as before. Emptying it truncates the tables that
 * were written (new files for those alone, and the planner's view of them as new: no pages, no
 * row estimate, which the code that decides when to ANALYZE reads), puts back the template's rows
 * and sequence values, and forgets the column statistics and the activity counters. The run's
 * global teardown drops the pooled copies (dropRunDatabases).
 */

type Client = pg.Client;

/** Its template's schema and rows, read from the first fresh copy this process makes. */
interface TemplateState {
  fingerprint: string;
  /** Tables that hold rows in the template: always emptied and filled again. */
  filled: string[];
  /** Statements that put back the template's rows and sequence values, and clear statistics. */
  refill: string;
}

const idle = new Map<string, string[]>();
const templateStates = new Map<string, Promise<TemplateState>>();

/** The names of one run's copies start with this, so that its teardown finds them all. */
export function copyPrefix(template: string): string {
  return `${template}_c_`;
}

/** A copy of `template` to use: a pooled one, or a new one. */
export async function takeCopy(adminUrl: string, template: string): Promise<string> {
  const pooled = idle.get(template)?.pop();
  if (pooled) return pooled;
  const name = `${copyPrefix(template)}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await runStatement(adminUrl, `create database ${name} template ${template}`);
  // The first fresh copy is the template as it is: read its state before any test changes it.
  if (!templateStates.has(template)) {
    const state = withPostgresClient(databaseUrl(adminUrl, name), readTemplateState);
    templateStates.set(template, state);
    await state;
  }
  return name;
}

/** Gives a copy back: emptied into the pool, or dropped when it cannot be trusted to be like new. */
export async function giveBack(adminUrl: string, template: string, name: string): Promise<void> {
  const state = await templateStates.get(template)?.catch(() => undefined);
  const emptied =
    state !== undefined &&
    (await withPostgresClient(databaseUrl(adminUrl, name), async (client) => {
      if (!(await aloneIn(client))) return false;
      if ((await fingerprint(client)) !== state.fingerprint) return false;
      const { rows } = await client.query<{ name: string }>(WRITTEN_TABLES);
      const tables = [...new Set([...state.filled, ...rows.map((row) => row.name)])];
      // CASCADE: a written table's rows may be referenced from one the test left empty.
      await client.query(`begin; truncate ${tables.join(", ")} cascade; ${state.refill}; commit`);
      // Outside the transaction: counters are not transactional.
      await client.query("select pg_stat_reset()");
      return true;
    }).catch(() => false));
  if (emptied) {
    idle.set(template, [...(idle.get(template) ?? []), name]);
    return;
  }
  await dropDatabase(adminUrl, name);
}

/** Drops every copy of `template` that is left, whichever process made it. */
export async function dropRunDatabases(adminUrl: string, template: string): Promise<void> {
  await withPostgresClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [
      copyPrefix(template),
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  });
}

/**
 * pg-pool's end() resolves before its sockets have closed; dropping "with (force)" then kills
 * them mid-goodbye and pg reports it as an uncaught error. Wait for them to go instead.
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runStatement(adminUrl, `drop database if exists ${name}`);
    } catch (error) {
      const stillInUse = (error as { code?: string }).code === "55006";
      if (!stillInUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits up to 5 s for the test's own connections to close (see dropDatabase). */
async function aloneIn(client: Client): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await client.query<{ others: number }>(
      "select count(*)::int as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    if (rows[0]!.others === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The namespaces a test could add things to: all but PostgreSQL's own. */
const USER_NAMESPACES = `select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname !~ '^pg_(toast|temp)'`;

/** One hash of everything a test could change in a schema. */
const FINGERPRINT = `
  with ns as (${USER_NAMESPACES})
  select md5(coalesce(string_agg(item, E'\\n' order by item), '')) as fingerprint from (
    select 'schema ' || nspname as item from pg_namespace where oid in (select oid from ns)
    union all
    select 'relation ' || c.oid::regclass || ' ' || c.relkind::text || ' ' || coalesce(array_to_string(c.reloptions, ','), '') || ' ' ||
      coalesce((select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' ||
        a.attidentity::text || a.attgenerated::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ', ' order by a.attnum)
        from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '')
      from pg_class c where c.relnamespace in (select oid from ns)
    union all
    select 'index ' || pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relnamespace in (select oid from ns)
    union all
    select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace in (select oid from ns)
    union all
    select 'trigger ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
    union all
    select 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc) from pg_proc p where p.pronamespace in (select oid from ns)
    union all
    select 'view ' || c.oid::regclass || ' ' || pg_get_viewdef(c.oid) from pg_class c
      where c.relkind in ('v', 'm') and c.relnamespace in (select oid from ns)
    union all
    select 'type ' || t.oid::regtype || ' ' || t.typtype::text from pg_type t
      where t.typnamespace in (select oid from ns) and t.typtype in ('d', 'e', 'r', 'm')
    union all
    select 'label ' || enumtypid::regtype || ' ' || enumlabel from pg_enum
    union all
    select 'rule ' || rulename || ' ' || definition from pg_rules where schemaname not in ('pg_catalog', 'information_schema')
    union all
    select 'policy ' || tablename || ' ' || policyname from pg_policies
    union all
    select 'extension ' || extname || ' ' || extversion from pg_extension
    union all
    select 'setting ' || array_to_string(setconfig, ',') from pg_db_role_setting
      where setdatabase = (select oid from pg_database where datname = current_database())
  ) items`;

async function fingerprint(client: Client): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]!.fingerprint;
}

/** Tables with anything on disk: written since the copy was made, or filled in the template. */
const WRITTEN_TABLES = `
  with ns as (${USER_NAMESPACES})
  select c.oid::regclass::text as name from pg_class c
  where c.relkind = 'r' and c.relnamespace in (select oid from ns) and pg_relation_size(c.oid) > 0`;

async function readTemplateState(client: Client): Promise<TemplateState> {
  const tables = await client.query<{ name: string; columns: string; identity: boolean }>(`
    with ns as (${USER_NAMESPACES})
    select c.oid::regclass::text as name,
      (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
      exists (select from pg_attribute a where a.attrelid = c.oid and a.attidentity = 'a') as identity
    from pg_class c where c.relkind = 'r' and c.relnamespace in (select oid from ns)
    order by 1`);
  const filled: string[] = [];
  const statements = ["set local session_replication_role = replica"];
  for (const table of tables.rows) {
    const { rows } = await client.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${table.name} t`);
    if (rows[0]!.rows === null) continue;
    filled.push(table.name);
    statements.push(
      `insert into ${table.name} (${table.columns}) ${table.identity ? "overriding system value " : ""}` +
        `select ${table.columns} from json_populate_recordset(null::${table.name}, ${client.escapeLiteral(rows[0]!.rows)})`,
    );
  }
  const sequences = await client.query<{ name: string; value: string; called: boolean }>(`
    select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
      coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')`);
  for (const sequence of sequences.rows) {
    statements.push(`select setval(${client.escapeLiteral(sequence.name)}, ${sequence.value}, ${sequence.called})`);
  }
  // What ANALYZE learned about the columns: a fresh copy knows nothing yet.
  statements.push(`delete from pg_statistic where starelid in (select c.oid from pg_class c where c.relnamespace in (${USER_NAMESPACES}))`);
  return { fingerprint: await fingerprint(client), filled, refill: statements.join(";\n") };
}
