/** The two row shapes the repositories convert by hand otherwise (issue 14: one helper each). */

/** `created_at` → `createdAt`. */
export function camelCaseName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A raw `snake_case` row with camelCase keys; values are left as the driver returned them. */
export function camelizeRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camelCaseName(key)] = value;
  return out as T;
}

/**
 * The rows of a raw statement's result: TypeORM's Postgres driver answers `[rows, affectedCount]`
 * for UPDATE/DELETE … RETURNING and plain `rows` for SELECT/INSERT.
 */
export function returnedRows<T = unknown>(result: unknown): T[] {
  if (!Array.isArray(result)) return [];
  if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}
