/** The rows of a raw SQL answer: both drivers (node-postgres and PGlite) answer `{ rows }`; the shared Db type does not say so. */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;
