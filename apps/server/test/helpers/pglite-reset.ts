import type { PGlite } from '@electric-sql/pglite';

/**
 * What a freshly loaded test database holds, to bring a used one back to it (test-database.ts keeps a worker's PGlite
 * databases for later test files): the shape of its schemas, and the rows and sequence values of the seed.
 */
export interface SeededState {
  /** A digest of every object a test could add, drop or alter: a database whose shape differs is not used again. */
  shape: string;
  /** Every table, schema-qualified and quoted, for one TRUNCATE. */
  tables: string[];
  /** The seeded rows of each table that has any (a few dozen in all: config, products, migrations, job queues). */
  rows: Array<{ table: string; columns: string[]; records: string[] }>;
  sequences: Array<{ name: string; value: string | null; start: string }>;
}

const USER_SCHEMA = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname !~ '^pg_(toast_)?temp_'`;

/** Objects, columns, constraints, triggers, functions, types, grants, roles, extensions and per-database settings. */
const SHAPE = `
  select md5(coalesce(string_agg(item, E'\\n' order by item), '')) as shape from (
    select format('rel %s.%s %s %s', n.nspname, c.relname, c.relkind, c.relacl) as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA}
    union all select format('col %s.%s %s %s %s %s', n.nspname, c.relname, a.attname,
        format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${USER_SCHEMA} and a.attnum > 0 and not a.attisdropped
    union all select format('con %s.%s %s', n.nspname, co.conname, pg_get_constraintdef(co.oid))
      from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${USER_SCHEMA}
    union all select format('trg %s %s %s', t.tgrelid::regclass, t.tgname, t.tgenabled)
      from pg_trigger t where not t.tgisinternal
    union all select format('fn %s %s', p.oid::regprocedure, md5(p.prosrc))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMA}
    union all select format('type %s.%s', n.nspname, t.typname)
      from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_SCHEMA}
    union all select format('ns %s %s', n.nspname, n.nspacl) from pg_namespace n
    union all select format('role %s %s %s', rolname, rolsuper, rolcanlogin) from pg_roles
    union all select format('ext %s %s', extname, extversion) from pg_extension
    union all select format('set %s %s', setdatabase, setconfig) from pg_db_role_setting
  ) items`;

const TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where ${USER_SCHEMA} and c.relkind in ('r', 'p') and not c.relispartition
  order by 1`;

/** The shape digest of the database's schemas (SHAPE). */
async function shapeOf(client: PGlite): Promise<string | undefined> {
  return (await client.query<{ shape: string }>(SHAPE)).rows[0]?.shape;
}

export async function seededStateOf(client: PGlite): Promise<SeededState> {
  const shape = await shapeOf(client);
  if (!shape) throw new Error('no shape digest');
  const tables = (await client.query<{ name: string }>(TABLES)).rows.map((r) => r.name);
  const rows: SeededState['rows'] = [];
  for (const table of tables) {
    // Each row in its record's text form, which reads back exactly (JSON would turn a jsonb 'null' into SQL NULL).
    const records = (
      await client.query<{ records: string[] | null }>(`select array_agg(t::text) as records from ${table} t`)
    ).rows[0]?.records;
    if (!records) continue;
    // Generated columns cannot be written; the rest are, identity columns included (OVERRIDING SYSTEM VALUE).
    const columns = (
      await client.query<{ name: string }>(
        `select format('%I', attname) as name from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [table],
      )
    ).rows.map((r) => r.name);
    rows.push({ table, columns, records });
  }
  const sequences = (
    await client.query<{ name: string; value: string | null; start: string }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value, start_value::text as start
       from pg_sequences order by 1`,
    )
  ).rows;
  return { shape, tables, rows, sequences };
}

/**
 * Brings a database a test file used back to `seed`: the session reset (settings, locks, prepared statements,
 * listeners, temporary tables), every table emptied and the seed's rows and sequence values put back. False, having
 * changed nothing, when its shape is no longer the seed's (a test altered the schema): that one is not used again.
 */
export async function resetToSeed(client: PGlite, seed: SeededState): Promise<boolean> {
  if (client.closed) return false;
  // A file that failed mid-transaction may leave one open on the one connection. Two calls: the statements of one
  // call run as one transaction block, which DISCARD ALL refuses.
  await client.exec('ROLLBACK');
  await client.exec('DISCARD ALL');
  if ((await shapeOf(client)) !== seed.shape) return false;
  await client.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica;
      truncate ${seed.tables.join(', ')} restart identity`);
    for (const { table, columns, records } of seed.rows)
      await tx.query(
        `insert into ${table} (${columns.join(', ')}) overriding system value
         select ${columns.map((c) => `(r).${c}`).join(', ')}
         from (select record::${table} as r from unnest($1::text[]) as record) as records`,
        [records],
      );
    for (const { name, value, start } of seed.sequences)
      await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [name, value ?? start, value !== null]);
  });
  return true;
}
