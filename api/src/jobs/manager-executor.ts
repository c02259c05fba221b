import type { Db } from 'pg-boss';
import type { EntityManager } from 'typeorm';

/**
 * pg-boss's database executor on a TypeORM transaction: what pg-boss sends runs on that transaction's
 * connection, so it commits or rolls back with it.
 */
export function managerExecutor(manager: EntityManager): Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const runner = manager.queryRunner;
      if (!runner) throw new Error('managerExecutor needs a transaction’s manager');
      const result = await runner.query(text, values, true);
      return { rows: (result.records ?? []) as unknown[] };
    },
  };
}
