import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { JarClient } from './support';

describe.each(testEngines())('fitment option lists on %s', (engine) => {
  let server: TestServer;
  let guest: JarClient;
  let ford: number;
  beforeAll(async () => {
    server = await startTestServer(engine);
    guest = new JarClient(server.url);
    ford = (
      await server.open.db
        .selectFrom('vehicle_makes')
        .select('make_id')
        .where('name', '=', 'Ford')
        .executeTakeFirstOrThrow()
    ).make_id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('years: the years with vehicles, newest first', async () => {
    const r = await guest.get('/ymm/json/years');
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(20);
    expect(r.body).toEqual([...r.body].sort((a: number, b: number) => b - a));
    expect(r.body).toContain(2019);
  });

  it('makes?Year: popular makes first with is_popular (ymm_popular_sort on), then the rest by name', async () => {
    const r = await guest.get('/ymm/json/makes?Year=2019');
    expect(r.status).toBe(200);
    const makes = r.body as { MakeID: number; MakeName: string; is_popular: boolean }[];
    const popular = makes.filter((m) => m.is_popular).map((m) => m.MakeName);
    expect(popular).toEqual(['Chevrolet', 'Ford', 'GMC', 'Jeep', 'Ram', 'Toyota']);
    expect(makes.slice(0, popular.length).every((m) => m.is_popular)).toBe(true);
    const rest = makes.slice(popular.length).map((m) => m.MakeName);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en-US', { sensitivity: 'base', numeric: true })));
    expect(makes.find((m) => m.MakeName === 'Ford')?.MakeID).toBe(ford);
  });

  it('makes: plain alphabetical list without the popular flag when ymm_popular_sort is off', async () => {
    const db = server.open.db;
    await sql`update settings set value = jsonb_set(value, '{ymm_popular_sort}', '"0"') where key = 'fitment'`.execute(
      db,
    );
    try {
      const makes = (await guest.get('/ymm/json/makes?Year=2019')).body as { MakeName: string; is_popular: boolean }[];
      expect(makes.some((m) => m.is_popular)).toBe(false);
      expect(makes.map((m) => m.MakeName)).toEqual(
        makes
          .map((m) => m.MakeName)
          .sort((a, b) => a.localeCompare(b, 'en-US', { sensitivity: 'base', numeric: true })),
      );
    } finally {
      await sql`update settings set value = jsonb_set(value, '{ymm_popular_sort}', '"1"') where key = 'fitment'`.execute(
        db,
      );
    }
  });

  it("models?Year&MakeID: the make's models sold that year, popular first", async () => {
    const r = await guest.get(`/ymm/json/models?Year=2019&MakeID=${ford}`);
    expect(r.status).toBe(200);
    const models = r.body as { ModelID: number; ModelName: string; is_popular: boolean }[];
    expect(models.filter((m) => m.is_popular).map((m) => m.ModelName)).toEqual(
      expect.arrayContaining(['F-150', 'Mustang', 'Ranger']),
    );
    expect(models[0]!.is_popular).toBe(true);
    expect(models.map((m) => m.ModelName)).not.toContain('Camaro');
  });

  it('missing or malformed parameters are 400 with a message; unknown ids are an empty list', async () => {
    expect((await guest.get('/ymm/json/makes')).body).toMatchObject({
      error: 'invalid_input',
      message: 'Year is required.',
    });
    expect((await guest.get('/ymm/json/makes?Year=abc')).status).toBe(400);
    expect((await guest.get('/ymm/json/makes?Year=1850')).body).toEqual([]);
    expect((await guest.get('/ymm/json/models?Year=2019')).body.message).toBe('MakeID is required.');
    expect((await guest.get('/ymm/json/models?Year=2019&MakeID=-1')).body.message).toBe(
      'MakeID must be a positive whole number.',
    );
    expect((await guest.get('/ymm/json/models?Year=2019&MakeID=999999')).body).toEqual([]);
    expect((await guest.get('/ymm/json/choices?Year=2019&MakeID=1')).body.message).toBe('ModelID is required.');
    expect((await guest.get('/ymm/json/engine_family_sizes')).status).toBe(400);
    expect((await guest.get('/ymm/json/engine_sizes?EngineMfrID=1')).body.message).toBe('EngineFamilyID is required.');
  });

  it('choices: sub model, body type and bed length of the base vehicle, each narrowed by the other two', async () => {
    const db = server.open.db;
    // A pickup year with more than one body type and bed length, so narrowing shows.
    const base = (
      await sql<{ year: number; make_id: number; model_id: number }>`
select b.year, b.make_id, b.model_id from vehicle_configs c join base_vehicles b using (base_vehicle_id)
group by b.year, b.make_id, b.model_id
having count(distinct c.body_type_id) > 1 and count(distinct c.bed_length_id) > 1
order by b.year desc, b.model_id limit 1`.execute(db)
    ).rows[0]!;
    const q = `Year=${base.year}&MakeID=${base.make_id}&ModelID=${base.model_id}`;
    const all = (await guest.get(`/ymm/json/choices?${q}`)).body;
    expect(Object.keys(all).sort()).toEqual(['BedLengthID', 'BodyTypeID', 'SubModelID']);
    expect(all.SubModelID).toMatchObject({ label: 'Sub Model', name: 'SubModelID' });
    expect(all.BodyTypeID.label).toBe('Body Type');
    expect(all.BedLengthID.label).toBe('Bed Length');
    for (const list of Object.values<{ choices: Record<string, string>; options: { id: string; label: string }[] }>(
      all,
    )) {
      expect(Object.fromEntries(list.options.map((o) => [o.id, o.label]))).toEqual(list.choices);
      const labels = list.options.map((o) => o.label);
      expect(labels).toEqual(
        [...labels].sort((a, b) => a.localeCompare(b, 'en-US', { sensitivity: 'base', numeric: true })),
      );
    }

    const bodyId = Number(all.BodyTypeID.options[0].id);
    const narrowed = (await guest.get(`/ymm/json/choices?${q}&BodyTypeID=${bodyId}`)).body;
    const expected = await sql<{ sub_model_id: number }>`
select distinct c.sub_model_id from vehicle_configs c join base_vehicles b using (base_vehicle_id)
where b.year = ${base.year} and b.model_id = ${base.model_id} and c.body_type_id = ${bodyId} and c.sub_model_id is not null`.execute(
      db,
    );
    expect(Object.keys(narrowed.SubModelID.choices).map(Number).sort()).toEqual(
      expected.rows.map((r) => r.sub_model_id).sort(),
    );
    // Its own value never narrows its own list.
    expect(narrowed.BodyTypeID.choices).toEqual(all.BodyTypeID.choices);
    // Empty selects count as not chosen; a malformed one is refused.
    expect((await guest.get(`/ymm/json/choices?${q}&SubModelID=&BedLengthID=&BodyTypeID=`)).body).toEqual(all);
    expect((await guest.get(`/ymm/json/choices?${q}&SubModelID=abc`)).body.message).toBe(
      'SubModelID must be a positive whole number.',
    );
    expect((await guest.get(`/ymm/json/choices?Year=2019&MakeID=999999&ModelID=1`)).body).toEqual({});
  });

  it('engine lists: manufacturers, then families of one, then sizes of a family', async () => {
    const mfrs = (await guest.get('/ymm/json/engine_mfrs')).body as { EngineMfrID: number; EngineMfrName: string }[];
    expect(mfrs.length).toBeGreaterThan(0);
    const fordEngines = mfrs.find((m) => m.EngineMfrName === 'Ford')!;
    const families = (await guest.get(`/ymm/json/engine_family_sizes?EngineMfrID=${fordEngines.EngineMfrID}`)).body;
    expect(families.length).toBeGreaterThan(0);
    expect(Object.keys(families[0]).sort()).toEqual(['EngineFamilyID', 'EngineFamilyName']);
    const sizes = (
      await guest.get(
        `/ymm/json/engine_sizes?EngineMfrID=${fordEngines.EngineMfrID}&EngineFamilyID=${families[0].EngineFamilyID}`,
      )
    ).body;
    expect(sizes.length).toBeGreaterThan(0);
    expect(Object.keys(sizes[0]).sort()).toEqual(['EngineSizeID', 'EngineSizeName']);
    expect(
      (await guest.get(`/ymm/json/engine_sizes?EngineMfrID=999999&EngineFamilyID=${families[0].EngineFamilyID}`)).body,
    ).toEqual([]);
  });

  it('the older /catalog/index.php?route=ymm/json/... path answers the same lists', async () => {
    for (const [route, params] of [
      ['years', ''],
      ['makes', '&Year=2019'],
      ['models', `&Year=2019&MakeID=${ford}`],
    ] as const) {
      const old = await guest.get(`/catalog/index.php?route=ymm/json/${route}${params}`);
      expect(old.status).toBe(200);
      expect(old.body).toEqual((await guest.get(`/ymm/json/${route}?${params.slice(1)}`)).body);
    }
    const model = (await guest.get(`/ymm/json/models?Year=2019&MakeID=${ford}`)).body[0].ModelID;
    const choices = await guest.get(
      `/catalog/index.php?route=ymm/json/choices&Year=2019&MakeID=${ford}&ModelID=${model}`,
    );
    expect(choices.body).toEqual((await guest.get(`/ymm/json/choices?Year=2019&MakeID=${ford}&ModelID=${model}`)).body);
    expect((await guest.get('/catalog/index.php?route=ymm/json/makes')).status).toBe(400);
    expect((await guest.get('/catalog/index.php?route=ymm/json/saveVehicle')).status).toBe(404);
    expect((await guest.get('/catalog/index.php')).status).toBe(404);
  });
});
