/**
 * Compact fitment, vehicle names and installers on a staff device (cache schema 4) against the
 * real server: the initial pull brings them, incremental pulls bring changes and deletions (a
 * fitment row moved to another product included), a device upgraded from schema 3 backfills them
 * without pulling the rest again, shoppers and old builds never get them, and validateFitment
 * answered from the device cache equals the server's answer for the demo catalog.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_4_TABLES } from '../../../src/contracts/sync-pull';
import type { PartsdeskDb } from '../../../src/db/database';
import type { FitTuple } from '../../../src/db/chunk-stores';
import { fitTuple } from '../../../src/db/fitment-chunks';
import { getMeta, setMeta } from '../../../src/db/meta';
import { cachedInstallers, lookupRows } from '../../../src/db/queries';
import type { Facets } from '../../../src/domain/fitment-facets';
import { DeviceFitment } from '../../../sync/device-fitment';
import type { SyncEngine } from '../../../sync/engine';
import { testEngines } from '../../support/engines';
import { JarClient, item } from '../fitment/support';
import { pullAll } from '../../../sync/pull';
import { domainRegistry } from '../../../sync/registry';
import { defaultStoreSettings } from '../../../src/domain/settings';
import {
  cashierAndShopper,
  clientTransport,
  signedIn,
  signedInDevice,
  startSyncServer,
  type SyncTestServer,
} from './support/sync-server';

type FitRow = { fitment_id: string; product_id: number } & Record<string, unknown>;

/** The device's fitment as 'productId:fitmentId' -> tuple. */
async function deviceFitment(db: PartsdeskDb): Promise<Map<string, FitTuple>> {
  const out = new Map<string, FitTuple>();
  await db.fitment.each((c) => {
    for (const [p, rows] of Object.entries(c.rows)) for (const [f, t] of Object.entries(rows)) out.set(`${p}:${f}`, t);
  });
  return out;
}

async function serverFitment(server: SyncTestServer): Promise<Map<string, FitTuple>> {
  const rows = await sql<FitRow>`select * from part_fitment`.execute(server.db);
  return new Map(rows.rows.map((r) => [`${r.product_id}:${r.fitment_id}`, fitTuple(r)]));
}

describe.each(testEngines())('fitment and installers on a staff device (%s)', (engine) => {
  let server: SyncTestServer;
  let device: SyncEngine;
  let db: PartsdeskDb;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    ({ device, db } = await signedInDevice(server, `fitment-${engine}`, 5000));
    expect(await device.syncNow()).toBe('ok');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds every fitment row grouped per product chunk, the vehicle names, and the installers with their location', async () => {
    const expected = await serverFitment(server);
    expect(expected.size).toBeGreaterThan(100);
    expect(await deviceFitment(db)).toEqual(expected);
    expect(await db.fitment.count()).toBeLessThan(expected.size / 20);
    const makes = Number(
      (await sql<{ n: string }>`select count(*)::text as n from vehicle_makes`.execute(server.db)).rows[0]!.n,
    );
    expect(
      await db.catalog.where('[table+k]').between(['vehicle_makes', ''], ['vehicle_makes', '\uffff']).count(),
    ).toBe(makes);
    const installers = await sql<{ user_id: number; firstname: string; lastname: string; location_id: number | null }>`
      select user_id, firstname, lastname, location_id from staff_users where role = 'installer' and status order by user_id`.execute(
      server.db,
    );
    expect(installers.rows.length).toBeGreaterThanOrEqual(2);
    const cached = await cachedInstallers(db);
    expect(cached.map((i) => i.user_id).sort((a, b) => a - b)).toEqual(installers.rows.map((r) => r.user_id));
    for (const r of installers.rows) {
      expect(cached).toContainEqual({
        user_id: r.user_id,
        wholename: `${r.firstname} ${r.lastname}`,
        location_id: r.location_id,
        status: true,
      });
    }
    // Never anything but the four columns: no username, no password hash.
    for (const row of await lookupRows<Record<string, unknown>>(db, 'installers'))
      expect(Object.keys(row).sort()).toEqual(['location_id', 'status', 'user_id', 'wholename']);
    const first = installers.rows[0]!;
    expect((await cachedInstallers(db, first.location_id ?? undefined)).map((i) => i.user_id)).toContain(first.user_id);
  });

  it('brings fitment changes, deletions and a row moved to another product on the next pull', async () => {
    const two = await sql<FitRow>`select * from part_fitment order by fitment_id limit 3`.execute(server.db);
    const [a, b, c] = two.rows;
    await sql`update part_fitment set year_to = year_to + 1, notes = 'Changed here' where fitment_id = ${a!.fitment_id}`.execute(
      server.db,
    );
    await sql`delete from part_fitment where fitment_id = ${b!.fitment_id}`.execute(server.db);
    const other = await sql<{
      product_id: number;
    }>`select product_id from products where product_id <> ${c!.product_id} order by product_id desc limit 1`.execute(
      server.db,
    );
    await sql`update part_fitment set product_id = ${other.rows[0]!.product_id} where fitment_id = ${c!.fitment_id}`.execute(
      server.db,
    );
    await sql`insert into part_fitment (product_id, make_id, model_id, year_from, year_to) values (${a!.product_id}, ${a!.make_id}, ${a!.model_id}, 2001, 2003)`.execute(
      server.db,
    );
    expect(await device.syncNow()).toBe('ok');
    const held = await deviceFitment(db);
    expect(held).toEqual(await serverFitment(server));
    expect(held.has(`${c!.product_id}:${c!.fitment_id}`)).toBe(false);
    expect(held.get(`${other.rows[0]!.product_id}:${c!.fitment_id}`)).toBeDefined();
  });

  it('keeps installers current: role changed away, a new one, a deletion, a deactivation', async () => {
    const [ivan, marcus] = (
      await sql<{ user_id: number }>`select user_id from staff_users where role = 'installer' order by user_id`.execute(
        server.db,
      )
    ).rows;
    await sql`update staff_users set role = 'cashier' where user_id = ${ivan!.user_id}`.execute(server.db);
    await sql`update staff_users set status = false where user_id = ${marcus!.user_id}`.execute(server.db);
    const added = await sql<{ user_id: number }>`
      insert into staff_users (username, password_hash, firstname, lastname, role, location_id)
      values ('fit-installer', 'x', 'Nina', 'Brandt', 'installer', (select min(location_id) from locations)) returning user_id`.execute(
      server.db,
    );
    const gone = await sql<{ user_id: number }>`
      insert into staff_users (username, password_hash, firstname, lastname, role) values ('fit-gone', 'x', 'Otto', 'Gone', 'installer') returning user_id`.execute(
      server.db,
    );
    expect(await device.syncNow()).toBe('ok');
    expect((await lookupRows<{ user_id: number }>(db, 'installers')).map((r) => r.user_id)).toContain(
      gone.rows[0]!.user_id,
    );
    await sql`delete from staff_users where user_id = ${gone.rows[0]!.user_id}`.execute(server.db);
    expect(await device.syncNow()).toBe('ok');
    const all = await lookupRows<{ user_id: number; status: boolean }>(db, 'installers');
    expect(all.map((r) => r.user_id)).not.toContain(ivan!.user_id);
    expect(all.map((r) => r.user_id)).not.toContain(gone.rows[0]!.user_id);
    expect(all.find((r) => r.user_id === marcus!.user_id)?.status).toBe(false);
    expect((await cachedInstallers(db)).map((i) => i.wholename)).toEqual(['Nina Brandt']);
    expect(added.rows[0]!.user_id).toBeGreaterThan(0);
  });

  it('a device upgraded from schema 3 backfills only the new tables, up to its cookie, then continues', async () => {
    const cookie = await getMeta(db, 'cookie');
    const chunksBefore = await db.productChunks.count();
    // The state right after the Dexie upgrade: new stores empty, the rest as pulled, backfill set.
    await db.transaction('rw', db.fitment, db.catalog, db.lookups, db.meta, async () => {
      await db.fitment.clear();
      for (const t of SCHEMA_4_TABLES) {
        const range = ['catalog', 'lookups'].map((s) =>
          (s === 'catalog' ? db.catalog : db.lookups).where('[table+k]').between([t, ''], [t, '\uffff']),
        );
        for (const r of range) await r.delete();
      }
      await setMeta(db, 'backfill', { tables: [...SCHEMA_4_TABLES], cookie: 0, upTo: cookie, done: 0, total: 0 });
    });
    // A change above the cookie comes with the main pull, after the backfill.
    const f = (await sql<FitRow>`select * from part_fitment order by fitment_id desc limit 1`.execute(server.db))
      .rows[0]!;
    await sql`update part_fitment set notes = 'After the cookie' where fitment_id = ${f.fitment_id}`.execute(server.db);
    // What each request brought, by table: the backfill pages only the new tables, the main pull the change after the cookie.
    const cashier = await signedIn(server.url, 'cashier', 'cashier');
    const seen: { path: string; tables: Set<string> }[] = [];
    const transport = clientTransport(cashier);
    const outcome = await pullAll(
      db,
      async (req) => {
        const r = await transport(req);
        const body = r.body as { changes: { table: string }[]; packed?: { table: string }[] };
        seen.push({
          path: req.path,
          tables: new Set([...body.changes.map((c) => c.table), ...(body.packed ?? []).map((b) => b.table)]),
        });
        return r;
      },
      {
        clientId: await getMeta(db, 'clientId'),
        limit: 1000,
        registry: domainRegistry,
        settings: () => defaultStoreSettings,
      },
    );
    expect(outcome.kind).toBe('done');
    expect(await getMeta(db, 'backfill')).toBeNull();
    const backfills = seen.filter((s) => s.path.includes('&tables='));
    expect(backfills.length).toBeGreaterThan(0);
    expect(backfills.every((s) => s.path.includes(`&upTo=${cookie}`))).toBe(true);
    for (const s of backfills) for (const t of s.tables) expect(SCHEMA_4_TABLES).toContain(t);
    expect(backfills.flatMap((s) => [...s.tables])).toContain('part_fitment');
    const main = seen.filter((s) => !s.path.includes('&tables='));
    expect(main.flatMap((s) => [...s.tables])).toEqual(['part_fitment']);
    expect(await deviceFitment(db)).toEqual(await serverFitment(server));
    expect((await deviceFitment(db)).get(`${f.product_id}:${f.fitment_id}`)?.[8]).toBe('After the cookie');
    expect((await cachedInstallers(db)).map((i) => i.wholename)).toEqual(['Nina Brandt']);
    expect(await db.productChunks.count()).toBe(chunksBefore);
  });

  it('shoppers, guests and builds before schema 4 never get fitment, vehicle names or installers', async () => {
    const { cashier, shopper } = await cashierAndShopper(server);
    const tablesOf = async (c: typeof cashier, q: string) => {
      const seen = new Set<string>();
      let cookie = 0;
      for (;;) {
        const r = await c.get(`/sync/pull?clientId=${crypto.randomUUID()}&cookie=${cookie}&limit=20000&pack=1${q}`);
        expect(r.status).toBe(200);
        for (const ch of r.body.changes as { table: string }[]) seen.add(ch.table);
        for (const b of (r.body.packed ?? []) as { table: string }[]) seen.add(b.table);
        cookie = r.body.cookie;
        if (!r.body.more) return seen;
      }
    };
    const mine = await tablesOf(shopper, '&schema=4');
    const staffOld = await tablesOf(cashier, '');
    const staffNew = await tablesOf(cashier, '&schema=4');
    for (const t of SCHEMA_4_TABLES) {
      expect(mine.has(t)).toBe(false);
      expect(staffOld.has(t)).toBe(false);
    }
    expect(staffNew.has('part_fitment')).toBe(true);
    expect(staffNew.has('installers')).toBe(true);
    // A shopper asking for the backfill gets nothing of it either.
    const r = await shopper.get(
      `/sync/pull?clientId=${crypto.randomUUID()}&cookie=0&schema=4&tables=part_fitment,installers&upTo=999999999`,
    );
    expect(r.status).toBe(200);
    expect(r.body.changes).toEqual([]);
    const guest = await new JarClient(server.url).get(
      `/sync/pull?clientId=${crypto.randomUUID()}&cookie=0&schema=4&tables=installers`,
    );
    expect(guest.status).toBe(401);
  });
});

describe.each(testEngines())('validateFitment from the device cache equals the server (%s)', (engine) => {
  let server: SyncTestServer;
  let db: PartsdeskDb;
  let refs: string[];

  beforeAll(async () => {
    server = await startSyncServer(engine);
    // A disabled part is not in the catalog on either side.
    await sql`update products set status = false where product_id = (select min(product_id) from products where not is_universal)`.execute(
      server.db,
    );
    const signed = await signedInDevice(server, `fitment-answers-${engine}`, 5000);
    db = signed.db;
    expect(await signed.device.syncNow()).toBe('ok');
    const parts = await sql<{ aaia: string; mpn: string }>`select aaia, mpn from products order by product_id`.execute(
      server.db,
    );
    refs = [...parts.rows.map((p) => `${p.aaia}~${p.mpn}`), 'NOPE~12345'];
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Vehicles taken from the demo fitment: year/make/model, with sub model, bed, engine; partial; engine only. */
  async function vehicles(): Promise<string[][]> {
    const pick = async (where: string) =>
      (
        await sql<{
          year_from: number;
          make_id: number;
          model_id: number;
          sub_model_id: number | null;
          bed_length_id: number | null;
          engine_mfr_id: number | null;
          engine_family_id: number | null;
          engine_size_id: number | null;
        }>`
          select f.year_from, f.make_id, f.model_id, f.sub_model_id, f.bed_length_id, ec.engine_mfr_id, ec.engine_family_id, ec.engine_size_id
          from part_fitment f left join engine_configs ec on ec.engine_config_id = f.engine_config_id where ${sql.raw(where)} order by f.fitment_id limit 2`.execute(
          server.db,
        )
      ).rows;
    const out: string[][] = [[]];
    for (const r of await pick('true')) {
      out.push([item('Year', r.year_from)]);
      out.push([item('Year', r.year_from), item('MakeID', r.make_id)]);
      out.push([item('Year', r.year_from), item('MakeID', r.make_id), item('ModelID', r.model_id)]);
    }
    for (const r of await pick('f.sub_model_id is not null'))
      out.push([
        item('Year', r.year_from),
        item('MakeID', r.make_id),
        item('ModelID', r.model_id),
        item('SubModelID', r.sub_model_id!),
      ]);
    for (const r of await pick('f.bed_length_id is not null'))
      out.push([
        item('Year', r.year_from),
        item('MakeID', r.make_id),
        item('ModelID', r.model_id),
        item('BedLengthID', r.bed_length_id!),
      ]);
    for (const r of await pick('f.engine_config_id is not null')) {
      const engineItems = [
        item('EngineMfrID', r.engine_mfr_id!),
        item('EngineFamilyID', r.engine_family_id!),
        item('EngineSizeID', r.engine_size_id!),
      ];
      out.push([item('Year', r.year_from), item('MakeID', r.make_id), item('ModelID', r.model_id), ...engineItems]);
      out.push(engineItems);
    }
    return out;
  }

  it('gives the same result, choices, labels and notes for every demo part and a sample of vehicles', async () => {
    const fitment = new DeviceFitment(db);
    const results = new Map<string, number>();
    for (const v of await vehicles()) {
      const shopper = new JarClient(server.url);
      let facets: Facets = {};
      if (v.length) {
        const saved = await shopper.get(`/ymm/json/saveVehicle?${v.map((it, i) => `add${i + 1}=${it}`).join('&')}`);
        expect(saved.status).toBe(200);
        facets = saved.body.facets as Facets;
      }
      for (let i = 0; i < refs.length; i += 100) {
        const batch = refs.slice(i, i + 100);
        const server = await shopper.get(`/ymm/json/validateFitment?Parts=${encodeURIComponent(batch.join(','))}`);
        expect(server.status).toBe(200);
        expect(server.body.facets).toEqual(facets);
        const mine = await fitment.validate(batch, facets);
        expect(mine).toEqual(server.body.parts);
        for (const p of mine) results.set(p.result, (results.get(p.result) ?? 0) + 1);
      }
    }
    // The sample covers every answer.
    for (const r of ['yes', 'no', 'maybe', 'unknown', 'universal']) expect(results.get(r) ?? 0).toBeGreaterThan(0);
  });
});
