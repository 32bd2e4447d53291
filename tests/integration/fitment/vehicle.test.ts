import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { JarClient, item } from './support';

describe.each(testEngines())("the shopper's vehicle on %s", (engine) => {
  let server: TestServer;
  let ford: number;
  let f150: number;
  let sub: { id: number; name: string };
  let engineIds: { mfr: number; family: number; size: number; sizeName: string };
  const ymm = () =>
    `add1=${item('Year', 2019, 'Year', '2019')}&add2=${item('MakeID', ford, 'Make', 'Ford')}&add3=${item('ModelID', f150, 'Model', 'F-150')}`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const db = server.open.db;
    ford = (await db.selectFrom('vehicle_makes').select('make_id').where('name', '=', 'Ford').executeTakeFirstOrThrow())
      .make_id;
    f150 = (
      await db.selectFrom('vehicle_models').select('model_id').where('name', '=', 'F-150').executeTakeFirstOrThrow()
    ).model_id;
    const s = await db
      .selectFrom('vehicle_submodels')
      .select(['sub_model_id', 'name'])
      .orderBy('sub_model_id')
      .executeTakeFirstOrThrow();
    sub = { id: s.sub_model_id, name: s.name };
    const e = await db
      .selectFrom('engine_configs as c')
      .innerJoin('engine_sizes as s', 's.engine_size_id', 'c.engine_size_id')
      .select(['c.engine_mfr_id', 'c.engine_family_id', 'c.engine_size_id', 's.name'])
      .orderBy('c.engine_config_id')
      .executeTakeFirstOrThrow();
    engineIds = { mfr: e.engine_mfr_id, family: e.engine_family_id, size: e.engine_size_id, sizeName: e.name };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('getVehicle with no cookie: no vehicle', async () => {
    const r = await new JarClient(server.url).get('/ymm/json/getVehicle');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ facets: {}, hasEngine: false, hasYmm: false, showUniversal: true, label: '' });
  });

  it('saveVehicle then getVehicle in the same cookie session; labels come from the catalog, not the client', async () => {
    const shopper = new JarClient(server.url);
    const saved = await shopper.get(
      `/ymm/json/saveVehicle?${ymm()}&add4=${item('SubModelID', sub.id, 'Sub Model', '<script>')}`,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ action: 'saved', hasYmm: true, hasEngine: false, redirect: '' });
    expect(saved.body.facets.MakeID).toEqual({
      api_field: 'MakeID',
      api_value: String(ford),
      label_field: 'Make',
      label_value: 'Ford',
    });
    expect(saved.body.facets.SubModelID.label_value).toBe(sub.name);
    expect(saved.body.label).toBe(`2019 Ford F-150 ${sub.name}`);
    const cookie = saved.setCookies.find((c) => c.startsWith('pd_vehicle='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=7776000/);

    const got = await shopper.get('/ymm/json/getVehicle');
    expect(got.body).toEqual({
      facets: saved.body.facets,
      hasEngine: false,
      hasYmm: true,
      showUniversal: true,
      label: saved.body.label,
    });

    // Only the cookie's sha256 is stored.
    const value = shopper.jar.get('pd_vehicle')!;
    const rows = await server.open.db.selectFrom('fitment_vehicles').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).toContain(createHash('sha256').update(value).digest('hex'));
    expect(rows.map((r) => r.id_hash)).not.toContain(value);
  });

  it("a second client does not see the first one's vehicle", async () => {
    const a = new JarClient(server.url);
    const b = new JarClient(server.url);
    await a.get(`/ymm/json/saveVehicle?${ymm()}`);
    expect((await b.get('/ymm/json/getVehicle')).body.hasYmm).toBe(false);
    await b.get(`/ymm/json/saveVehicle?add1=${item('Year', 2018)}`);
    expect((await a.get('/ymm/json/getVehicle')).body.facets.Year.api_value).toBe('2019');
    expect((await b.get('/ymm/json/getVehicle')).body.facets).toEqual({
      Year: { api_field: 'Year', api_value: '2018', label_field: 'Year', label_value: '2018' },
    });
  });

  it('a later save merges: a new sub model keeps the year/make/model; a new year drops what depended on the old one', async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?${ymm()}`);
    const more = await shopper.get(`/ymm/json/saveVehicle?add1=${item('SubModelID', sub.id)}`);
    expect(Object.keys(more.body.facets)).toEqual(['Year', 'MakeID', 'ModelID', 'SubModelID']);
    const year = await shopper.get(`/ymm/json/saveVehicle?add1=${item('Year', 2018)}`);
    expect(Object.keys(year.body.facets)).toEqual(['Year']);
  });

  it('an engine is saved through its three facets; a size not built in the family is refused', async () => {
    const shopper = new JarClient(server.url);
    const e = engineIds;
    const r = await shopper.get(
      `/ymm/json/saveVehicle?add1=${item('EngineMfrID', e.mfr)}&add2=${item('EngineFamilyID', e.family)}&add3=${item('EngineSizeID', e.size)}`,
    );
    expect(r.body).toMatchObject({ action: 'saved', hasEngine: true, hasYmm: false });
    expect(r.body.facets.EngineSizeID.label_value).toBe(e.sizeName);
    const bad = await shopper.get(
      `/ymm/json/saveVehicle?add1=${item('EngineMfrID', e.mfr)}&add2=${item('EngineFamilyID', 999999)}`,
    );
    expect(bad.status).toBe(400);
  });

  it('unknown ids, orphans and malformed items are 400 and leave the saved vehicle as it was', async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?${ymm()}`);
    const before = (await shopper.get('/ymm/json/getVehicle')).body;

    const unknownMake = await shopper.get(
      `/ymm/json/saveVehicle?add1=${item('Year', 2019)}&add2=${item('MakeID', 999999, 'Make', 'Fake')}`,
    );
    expect(unknownMake.status).toBe(400);
    expect(unknownMake.body).toMatchObject({
      error: 'unknown_facet',
      message: 'Make 999999 is not in the vehicle catalog for 2019.',
    });
    expect((await shopper.get(`/ymm/json/saveVehicle?add1=${item('Year', 1850)}`)).body.error).toBe('invalid_input');
    expect((await shopper.get(`/ymm/json/saveVehicle?add1=${item('Year', 1901)}`)).body.error).toBe('unknown_facet');
    expect((await shopper.get(`/ymm/json/saveVehicle?add1=${item('SubModelID', 999999)}`)).body.error).toBe(
      'unknown_facet',
    );
    expect((await shopper.get(`/ymm/json/saveVehicle?add1=Colour||1`)).body.message).toMatch(
      /Unknown vehicle facet "Colour"/,
    );
    expect(
      (await shopper.get(`/ymm/json/saveVehicle?add1=${item('Year', 2019)}&add2=${item('Year', 2018)}`)).body.message,
    ).toBe('Year is given twice.');
    expect((await shopper.get(`/ymm/json/saveVehicle?add1=${item('MakeID', 'x')}`)).status).toBe(400);
    expect((await shopper.get('/ymm/json/getVehicle')).body).toEqual(before);

    const fresh = new JarClient(server.url);
    const orphan = await fresh.get(`/ymm/json/saveVehicle?add1=${item('ModelID', f150)}`);
    expect(orphan.status).toBe(400);
    expect(orphan.body).toMatchObject({ error: 'invalid_vehicle', message: 'Choose a Make before a Model.' });
    expect(orphan.setCookies).toEqual([]);
  });

  it('a model of another make, or a make not sold that year, is refused', async () => {
    const shopper = new JarClient(server.url);
    const chevy = (
      await server.open.db
        .selectFrom('vehicle_makes')
        .select('make_id')
        .where('name', '=', 'Chevrolet')
        .executeTakeFirstOrThrow()
    ).make_id;
    const r = await shopper.get(
      `/ymm/json/saveVehicle?add1=${item('Year', 2019)}&add2=${item('MakeID', chevy)}&add3=${item('ModelID', f150)}`,
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`Model ${f150} is not in the vehicle catalog for 2019 Chevrolet.`);
  });

  it('remove_facet removes the facet and those that depend on it', async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(
      `/ymm/json/saveVehicle?${ymm()}&add4=${item('SubModelID', sub.id)}&add5=${item('EngineMfrID', engineIds.mfr)}`,
    );
    const sub1 = await shopper.get('/ymm/json/remove_facet?remove=SubModelID');
    expect(Object.keys(sub1.body.facets)).toEqual(['Year', 'MakeID', 'ModelID', 'EngineMfrID']);
    const make = await shopper.get('/ymm/json/remove_facet?remove=MakeID');
    expect(make.body).toMatchObject({ hasYmm: false });
    expect(Object.keys(make.body.facets)).toEqual(['Year', 'EngineMfrID']);
    expect(Object.keys((await shopper.get('/ymm/json/getVehicle')).body.facets)).toEqual(['Year', 'EngineMfrID']);
    expect((await shopper.get('/ymm/json/remove_facet?remove=Colour')).status).toBe(400);
    expect((await shopper.get('/ymm/json/remove_facet')).status).toBe(400);
    expect((await new JarClient(server.url).get('/ymm/json/remove_facet?remove=Year')).body.facets).toEqual({});
  });

  it('toggle_universal flips the flag and keeps it, even before any vehicle is chosen', async () => {
    const shopper = new JarClient(server.url);
    const off = await shopper.get('/ymm/json/toggle_universal');
    expect(off.body).toMatchObject({ showUniversal: false, hasYmm: false });
    expect(shopper.jar.has('pd_vehicle')).toBe(true);
    await shopper.get(`/ymm/json/saveVehicle?${ymm()}`);
    expect((await shopper.get('/ymm/json/getVehicle')).body).toMatchObject({ showUniversal: false, hasYmm: true });
    expect((await shopper.get('/ymm/json/toggle_universal')).body.showUniversal).toBe(true);
  });

  it('reset (and saveVehicle with no parameters) forgets the vehicle and clears the cookie', async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?${ymm()}`);
    const cookie = shopper.jar.get('pd_vehicle')!;
    const r = await shopper.get('/ymm/json/reset');
    expect(r.body).toEqual({ action: 'reset' });
    expect(shopper.jar.has('pd_vehicle')).toBe(false);
    expect((await shopper.get('/ymm/json/getVehicle')).body.facets).toEqual({});

    // The old cookie no longer names anything, even if replayed.
    const replay = new JarClient(server.url);
    replay.jar.set('pd_vehicle', cookie);
    expect((await replay.get('/ymm/json/getVehicle')).body.hasYmm).toBe(false);

    await shopper.get(`/ymm/json/saveVehicle?${ymm()}`);
    expect((await shopper.get('/ymm/json/saveVehicle')).body).toEqual({ action: 'reset' });
    expect((await shopper.get('/ymm/json/getVehicle')).body.hasYmm).toBe(false);
  });

  it('a cookie the server never issued is not adopted: saving mints a fresh one', async () => {
    const forger = new JarClient(server.url);
    const planted = 'A'.repeat(43);
    forger.jar.set('pd_vehicle', planted);
    expect((await forger.get('/ymm/json/getVehicle')).body.facets).toEqual({});
    await forger.get(`/ymm/json/saveVehicle?${ymm()}`);
    expect(forger.jar.get('pd_vehicle')).not.toBe(planted);
    expect((await forger.get('/ymm/json/getVehicle')).body.hasYmm).toBe(true);
    forger.jar.set('pd_vehicle', 'not a cookie;');
    expect((await forger.get('/ymm/json/getVehicle')).status).toBe(200);
  });

  it("the vehicle survives signing in (it is the browser's, not the account's)", async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?${ymm()}`);
    await shopper.login('shopper@example.com', 'shopper');
    expect((await shopper.get('/ymm/json/getVehicle')).body.hasYmm).toBe(true);
  });
});
