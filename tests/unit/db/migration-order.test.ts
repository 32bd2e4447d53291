/**
 * Kysely runs migrations in name order and refuses to start a database whose applied migrations
 * are not the first names of that order ("corrupted migrations"). So a new migration must sort
 * after every migration a shop's database may already have run: those of the last landing on main.
 * Update both constants when landing new migrations (docs/decisions/database.md "Database (server/db)").
 */
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../server/db/migrate';

/** The last migration name on main at the last landing, and how many names sorted up to it then. */
const LANDED_THROUGH = '0030-c-catalog-stamp';
const LANDED_COUNT = 49;

describe('migration order', () => {
  it('every migration newer than the last landing sorts after it (an existing database still starts)', () => {
    const names = Object.keys(MIGRATIONS).sort();
    expect(names).toContain(LANDED_THROUGH);
    const upToLanded = names.filter((n) => n <= LANDED_THROUGH);
    expect(upToLanded.length, `a new migration sorts before ${LANDED_THROUGH}: ${upToLanded.join(', ')}`).toBe(
      LANDED_COUNT,
    );
  });
});
