/**
 * The pull source of installers (server/sync/pull-sources.ts lists it; shaped as a PullSource
 * without importing that module, which imports this one). Installers (cache schema 4, staff): every staff_users change in range, as the installer's
 * { user_id, wholename, location_id, status } when its role is 'installer', else as a deletion, so
 * a user whose role changed away from installer leaves the device's list. Never the username or
 * password hash. Deleted staff users' tombstones come as 'installers' deletions.
 */
import { sql, type Kysely } from 'kysely';
import { INSTALLERS_TABLE, type RowChange } from '../../src/contracts/sync-pull';
import type { DB } from '../db/schema';
import type { Range } from './pull-range';

const inRange = (r: Range) => sql<boolean>`version > ${r.after} and version <= ${r.upTo}`;

export const installersSource = () => ({
  table: INSTALLERS_TABLE as 'installers',
  tombstonesOf: 'staff_users' as const,
  candidates: (r: Range) => sql<{ version: string }>`select version from staff_users where ${inRange(r)}`,
  fetch: async (db: Kysely<DB>, r: Range): Promise<RowChange[]> => {
    const rows = await sql<{
      user_id: number;
      firstname: string;
      lastname: string;
      role: string;
      location_id: number | null;
      status: boolean;
      version: string;
    }>`
      select user_id, firstname, lastname, role, location_id, status, version from staff_users where ${inRange(r)} order by version`.execute(
      db,
    );
    return rows.rows.map((u) => ({
      table: INSTALLERS_TABLE,
      key: String(u.user_id),
      version: Number(u.version),
      row:
        u.role === 'installer'
          ? {
              user_id: u.user_id,
              wholename: `${u.firstname} ${u.lastname}`.trim(),
              location_id: u.location_id,
              status: u.status,
            }
          : null,
    }));
  },
});
