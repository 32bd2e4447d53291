/**
 * Pull sources of the customer admin's staff-only records, listed among the staff entities by
 * server/sync/pull-sources.ts (shaped as PullSources without importing that module, which imports
 * this one):
 * - customer history entries (`customer_history`). The pictures are not in the pull: staff devices
 *   fetch them from GET /api/customer_history/image (docs/decisions/pos.md "Customer history and uploads");
 * - returns (`order_returns`): the order view and the Returns tab read them offline
 *   (docs/decisions/pos.md "Returns");
 * - which customer has which tag (`customer_tag_assignments`, migration 0029-i), each row keyed and
 *   identified `customer_ref:tag_id` as its tombstone is, for the Tags tab offline
 *   (docs/decisions/pos.md "Customer tags offline").
 */
import { sql, type Kysely } from 'kysely';
import type { RowChange } from '../../src/contracts/sync-pull';
import type { DB } from '../db/schema';
import { customerHistoryFromSql } from '../commands/records/customer-history';
import { returnFromSql } from '../commands/records/returns';
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

export const orderReturnsSource = {
  table: 'order_returns' as const,
  candidates: (r: Range) => sql<{ version: string }>`select version from order_returns where ${inRange(r)}`,
  fetch: async (db: Kysely<DB>, r: Range): Promise<RowChange[]> =>
    (await db.selectFrom('order_returns').selectAll().where(inRange(r)).execute()).map((row) => ({
      table: 'order_returns',
      key: row.id,
      version: Number(row.version),
      row: returnFromSql(row) as unknown as Record<string, unknown>,
    })),
};

export const customerTagAssignmentsSource = {
  table: 'customer_tag_assignments' as const,
  candidates: (r: Range) => sql<{ version: string }>`select version from customer_tag_assignments where ${inRange(r)}`,
  fetch: async (db: Kysely<DB>, r: Range): Promise<RowChange[]> =>
    (await db.selectFrom('customer_tag_assignments').selectAll().where(inRange(r)).execute()).map((row) => {
      const id = `${row.customer_ref}:${row.tag_id}`;
      return {
        table: 'customer_tag_assignments',
        key: id,
        version: Number(row.version),
        row: { id, customer_ref: row.customer_ref, tag_id: row.tag_id },
      };
    }),
};
