/**
 * The pull source of customer history entries (`customer_history`, domain CustomerHistory records):
 * staff-only like `order_history` (server/sync/pull-sources.ts lists it among the staff entities).
 * The pictures are not in the pull: staff devices fetch them from GET /api/customer_history/image
 * (docs/decisions/pos.md "Customer history and uploads"). Shaped as a PullSource without importing
 * that module (it imports this one).
 */
import { sql, type Kysely } from 'kysely';
import type { RowChange } from '../../src/contracts/sync-pull';
import type { DB } from '../db/schema';
import { customerHistoryFromSql } from '../commands/records/customer-history';
import type { Range } from './pull-range';

const inRange = (r: Range) => sql<boolean>`version > ${r.after} and version <= ${r.upTo}`;

export const customerHistorySource = {
  table: 'customer_history' as const,
  candidates: (r: Range) => sql<{ version: string }>`select version from customer_history where ${inRange(r)}`,
  fetch: async (db: Kysely<DB>, r: Range): Promise<RowChange[]> =>
    (await db.selectFrom('customer_history').selectAll().where(inRange(r)).execute()).map((row) => ({
      table: 'customer_history',
      key: row.id,
      version: Number(row.version),
      row: customerHistoryFromSql(row) as unknown as Record<string, unknown>,
    })),
};
