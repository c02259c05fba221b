/** The two row shapes the repositories convert by hand otherwise (one helper each). */

const camelNames = new Map<string, string>();

/** `created_at` → `createdAt` (memoised: every row of a list repeats the same few column names). */
export function camelCaseName(name: string): string {
  let camel = camelNames.get(name);
  if (camel === undefined) {
    camel = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    // Column names come from the API's own statements: a few hundred at most; bounded all the same.
    if (camelNames.size >= 5000) camelNames.clear();
    camelNames.set(name, camel);
  }
  return camel;
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

/**
 * A constant list of the product's own values as an SQL `IN (…)` list: the CHECK constraints and
 * statements read the same list the code does. Only for constants (never user input): quotes are
 * doubled all the same.
 */
export function sqlList(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
}
