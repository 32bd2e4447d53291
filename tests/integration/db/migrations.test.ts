import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../server/db/database';
import { latestSchemaVersion, migrateToLatest, schemaVersion } from '../../../server/db/migrate';
import * as accents from '../../../server/db/migrations/0016-c-search-accents';
import * as dropCaptcha from '../../../server/db/migrations/0029-a-drop-captcha-challenges';
import type { DB } from '../../../server/db/schema';
import { pgUrl, removeDir, scratchPostgres, tempDir, type ScratchDb } from './scratch';
import { allCountries } from 'country-region-data';

const engines = pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('migrations on %s', (engine) => {
  let dir: string;
  let scratch: ScratchDb | undefined;
  let open: OpenDatabase;
  let db: Kysely<DB>;

  beforeAll(async () => {
    dir = tempDir();
    if (engine === 'postgres') scratch = await scratchPostgres(pgUrl!);
    open = await openDatabase({ dataDir: dir, databaseUrl: scratch?.url });
    db = open.db;
  });

  afterAll(async () => {
    await open?.close();
    await scratch?.drop();
    removeDir(dir);
  });

  it('opens without migrating, then migrates to the newest version, and again is a no-op', async () => {
    expect(open.engine).toBe(engine);
    expect(await schemaVersion(db)).toBe(0);
    expect(await migrateToLatest(db)).toEqual({ schemaVersion: latestSchemaVersion });
    expect(await migrateToLatest(db)).toEqual({ schemaVersion: latestSchemaVersion });
    expect(latestSchemaVersion).toBeGreaterThanOrEqual(1);
  });

  it('seeds the fixed lookups', async () => {
    const statuses = await db
      .selectFrom('order_statuses')
      .select(['order_status_id', 'name'])
      .orderBy('order_status_id')
      .execute();
    expect(statuses.map((s) => s.name)).toEqual([
      'Pending',
      'Processing',
      'Saved',
      'Quote',
      'Kiosk',
      'Incomplete Transaction',
      'Complete',
      'Voided',
      // Online orders' fulfilment (migration 0028-b).
      'Online — to pick',
      'Ready for pickup',
      'Shipped',
    ]);
    const roles = await db.selectFrom('roles').select('role').orderBy('role').execute();
    expect(roles.map((r) => r.role)).toEqual(['admin', 'cashier', 'installer', 'kiosk']);
    const zones = await db
      .selectFrom('zones')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    // Every region of country-region-data (migration 0026-f); the US states of 0001 keep 3601-3651.
    expect(Number(zones.n)).toBe(allCountries.reduce((n, [, , regions]) => n + regions.length, 0));
    const states = await db
      .selectFrom('zones')
      .select('zone_id')
      .where('zone_id', '>=', 3601)
      .where('zone_id', '<=', 3651)
      .execute();
    expect(states).toHaveLength(51);
    const groups = await db.selectFrom('customer_groups').select('name').execute();
    expect(groups.map((g) => g.name)).toEqual(['Default']);
  });

  it('stamps a new version on insert and on every update', async () => {
    const row = await db
      .insertInto('settings')
      .values({ key: 't', value: JSON.stringify({ a: 1 }) })
      .returning('version')
      .executeTakeFirstOrThrow();
    const after1 = await db
      .updateTable('settings')
      .set({ value: JSON.stringify({ a: 2 }) })
      .where('key', '=', 't')
      .returning(['version', 'value'])
      .executeTakeFirstOrThrow();
    const after2 = await db
      .updateTable('settings')
      .set({ value: JSON.stringify([1, 2]) })
      .where('key', '=', 't')
      .returning(['version', 'value'])
      .executeTakeFirstOrThrow();
    expect(BigInt(after1.version)).toBeGreaterThan(BigInt(row.version));
    expect(BigInt(after2.version)).toBeGreaterThan(BigInt(after1.version));
    expect(after2.value).toEqual([1, 2]);
  });

  it('leaves a tombstone with the key (composite keys joined by ":") on delete', async () => {
    const loc = await db
      .insertInto('locations')
      .values({ name: 'Test store' })
      .returning('location_id')
      .executeTakeFirstOrThrow();
    const make = await db
      .insertInto('manufacturers')
      .values({ name: 'Test', aaia_code: 'TEST', slug: 'test' })
      .returning('manufacturer_id')
      .executeTakeFirstOrThrow();
    const product = await db
      .insertInto('products')
      .values({
        manufacturer_id: make.manufacturer_id,
        aaia: 'TEST',
        mpn: '33-2304',
        name: 'Test part',
        slug: 'test-part',
        price: '10.00',
      })
      .returning(['product_id', 'mpn_key', 'price'])
      .executeTakeFirstOrThrow();
    expect(product.mpn_key).toBe('332304');
    expect(product.price).toBe('10.00');
    await db
      .insertInto('product_stock')
      .values({ product_id: product.product_id, location_id: loc.location_id, quantity: 3 })
      .execute();
    const before = await sql<{ v: string }>`select last_value::text as v from change_version`.execute(db);

    await db.deleteFrom('products').where('product_id', '=', product.product_id).execute();
    const stones = await db
      .selectFrom('tombstones')
      .selectAll()
      .where('version', '>', before.rows[0]!.v)
      .orderBy('version')
      .execute();
    // The stock row goes by cascade and is tombstoned too.
    expect(stones.map((t) => [t.table_name, t.row_key]).sort()).toEqual(
      [
        ['product_stock', `${product.product_id}:${loc.location_id}`],
        ['products', String(product.product_id)],
      ].sort(),
    );
    expect(typeof stones[0]!.version).toBe('string');
  });

  it('keeps customer emails unique regardless of case, and usernames lower-case', async () => {
    await db.insertInto('customers').values({ firstname: 'A', email: 'Pat@Example.com' }).execute();
    await expect(
      db.insertInto('customers').values({ firstname: 'B', email: 'pat@example.com' }).execute(),
    ).rejects.toThrow();
    await db
      .insertInto('customers')
      .values([
        { firstname: 'C', email: null },
        { firstname: 'D', email: null },
      ])
      .execute();
    await expect(
      db.insertInto('staff_users').values({ username: 'Admin', password_hash: 'x', role: 'admin' }).execute(),
    ).rejects.toThrow();
  });

  it('has trigram indexes for product search', async () => {
    const idx = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where tablename = 'products' and indexname like '%trgm%'`.execute(db);
    expect(idx.rows.map((r) => r.indexname).sort()).toEqual(['products_mpn_trgm_idx', 'products_name_trgm_idx']);
  });

  it('0016-c down restores the search functions it replaced (none left calling the dropped fold), and up folds again', async () => {
    const k = db as unknown as Kysely<unknown>;
    const tokens = async () =>
      (await sql<{ t: string }>`select pd_search_tokens('Bremsbeläge') as t`.execute(k)).rows[0]?.t;
    expect(await tokens()).toBe('bremsbelage bremsbelage');
    await accents.down(k);
    await sql`select pd_search_refresh(array[1])`.execute(k);
    expect(await tokens()).toBe('bremsbeläge bremsbeläge');
    await accents.up(k);
    expect(await tokens()).toBe('bremsbelage bremsbelage');
  });

  it('0029-a drops the old captcha table nothing uses; down brings it back and up drops it again', async () => {
    const k = db as unknown as Kysely<unknown>;
    const exists = async () =>
      (await sql<{ n: string }>`select count(*) as n from pg_tables where tablename = 'captcha_challenges'`.execute(k))
        .rows[0]?.n;
    expect(Number(await exists())).toBe(0);
    await dropCaptcha.down(k);
    expect(Number(await exists())).toBe(1);
    await dropCaptcha.up(k);
    expect(Number(await exists())).toBe(0);
  });
});
