/**
 * The rows of a raw `db.execute(sql...)` result. Both drivers (node-postgres and PGlite) answer `{ rows }`; Drizzle's
 * shared Db type does not say so.
 */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;
