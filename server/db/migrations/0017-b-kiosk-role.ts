/**
 * Migration 0017: the kiosk role. A showroom kiosk signs in with a device
 * account (a staff_users row with role kiosk); its session has a shopper's rights and no staff right
 * (server/auth/permissions.ts, docs/security.md).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into roles (role, name) values ('kiosk', 'Kiosk device') on conflict (role) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from staff_users where role = 'kiosk'`.execute(db);
  await sql`delete from roles where role = 'kiosk'`.execute(db);
}
