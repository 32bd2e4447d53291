import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { JarClient, item, maybeBySubModel, type MaybeFixture } from './support';

interface Product {
  product_id: number;
  aaia: string;
  mpn: string;
  series_id: number | null;
  manufacturer_id: number;
  is_universal: boolean;
}

describe.each(testEngines())('validateFitment and getCatalogDetails on %s', (engine) => {
  let server: TestServer;
  let fx: MaybeFixture;
  let universal: Product;
  let products: Product[];
  const vehicleQuery = (f: MaybeFixture) =>
    `add1=${item('Year', f.year)}&add2=${item('MakeID', f.makeId)}&add3=${item('ModelID', f.modelId)}`;
  const parts = (ps: { aaia: string; mpn: string }[]) =>
    encodeURIComponent(ps.map((p) => `${p.aaia}~${p.mpn}`).join(','));

  beforeAll(async () => {
    server = await startTestServer(engine);
    const db = server.open.db;
    fx = await maybeBySubModel(db);
    products = await db
      .selectFrom('products')
      .select(['product_id', 'aaia', 'mpn', 'series_id', 'manufacturer_id', 'is_universal'])
      .where('status', '=', true)
      .orderBy('product_id')
      .execute();
    universal = await db
      .selectFrom('products')
      .select(['product_id', 'aaia', 'mpn', 'series_id', 'manufacturer_id', 'is_universal'])
      .where('is_universal', '=', true)
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('maybe -> yes: the prompt lists sub models; `add` answers for one call; saving makes it stick', async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?${vehicleQuery(fx)}`);
    const q = `/ymm/json/validateFitment?Parts=${parts([fx])}`;

    const maybe = (await shopper.get(q)).body;
    expect(maybe.parts).toHaveLength(1);
    const p = maybe.parts[0];
    expect(p).toMatchObject({
      BrandCode: fx.aaia,
      Part: fx.mpn,
      result: 'maybe',
      name: 'SubModelID',
      label: 'Sub Model',
    });
    const subName = (
      await server.open.db
        .selectFrom('vehicle_submodels')
        .select('name')
        .where('sub_model_id', '=', fx.subModelId)
        .executeTakeFirstOrThrow()
    ).name;
    expect(p.choices).toContainEqual({ id: String(fx.subModelId), label: subName });
    expect(p.choices.every((c: { label: string }) => c.label !== '')).toBe(true);
    const labels = p.choices.map((c: { label: string }) => c.label);
    expect(labels).toEqual(
      [...labels].sort((a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base', numeric: true })),
    );
    expect(maybe.vehicle).toMatchObject({ hasYmm: true, hasEngine: false, showUniversal: true });
    expect(maybe.facets.ModelID.api_value).toBe(String(fx.modelId));

    const withAdd = (await shopper.get(`${q}&add=${item('SubModelID', fx.subModelId, 'Sub Model', 'whatever')}`)).body;
    expect(withAdd.parts[0]).toMatchObject({ result: 'yes', choices: [], name: '', label: '' });
    expect(withAdd.facets.SubModelID.api_value).toBe(String(fx.subModelId));
    expect(withAdd.facets.SubModelID.label_value).not.toBe('whatever');

    // `add` is for that call only.
    expect((await shopper.get(q)).body.parts[0].result).toBe('maybe');
    await shopper.get(`/ymm/json/saveVehicle?add1=${item('SubModelID', fx.subModelId)}`);
    expect((await shopper.get(q)).body.parts[0].result).toBe('yes');
  });

  it('answers every result: universal, no, unknown, and keeps the order asked with repeats once', async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?${vehicleQuery(fx)}`);
    // A part with fitment data but none for this model.
    const elsewhere = (
      await sql<{ aaia: string; mpn: string }>`
select p.aaia, p.mpn from products p where p.status and not p.is_universal
  and exists (select 1 from part_fitment f where f.product_id = p.product_id)
  and not exists (select 1 from part_fitment f where f.product_id = p.product_id and f.model_id = ${fx.modelId})
order by p.product_id limit 1`.execute(server.open.db)
    ).rows[0]!;
    const asked = [universal, elsewhere, { aaia: 'ZZZZ', mpn: 'NO-SUCH-PART' }, fx, universal];
    const r = await shopper.get(`/ymm/json/validateFitment?Parts=${parts(asked)}`);
    expect(r.status).toBe(200);
    expect(r.body.parts.map((p: { Part: string; result: string }) => [p.Part, p.result])).toEqual([
      [universal.mpn, 'universal'],
      [elsewhere.mpn, 'no'],
      ['NO-SUCH-PART', 'unknown'],
      [fx.mpn, 'maybe'],
    ]);
    expect(r.body.parts[1]).toMatchObject({ choices: [], notes: [] });
  });

  it('with no vehicle a part with fitment data asks for a year, newest first', async () => {
    const r = await new JarClient(server.url).get(`/ymm/json/validateFitment?Parts=${parts([fx, universal])}`);
    const [p, u] = r.body.parts;
    expect(p).toMatchObject({ result: 'maybe', name: 'Year', label: 'Year' });
    expect(p.choices.map((c: { id: string }) => c.id)).toContain(String(fx.year));
    const years = p.choices.map((c: { id: string }) => Number(c.id));
    expect(years).toEqual([...years].sort((a: number, b: number) => b - a));
    expect(u.result).toBe('universal');
    expect(r.body.vehicle).toEqual({ label: '', hasYmm: false, hasEngine: false, showUniversal: true });
    expect(r.body.facets).toEqual({});
  });

  it('notes come from the fitment rows', async () => {
    const noted = (
      await sql<{ aaia: string; mpn: string; year_from: number; make_id: number; model_id: number; notes: string }>`
select p.aaia, p.mpn, f.year_from, f.make_id, f.model_id, f.notes from part_fitment f join products p using (product_id)
where f.notes is not null and f.sub_model_id is null and f.body_type_id is null and f.bed_length_id is null and f.engine_config_id is null
  and p.status order by f.fitment_id limit 1`.execute(server.open.db)
    ).rows[0]!;
    const shopper = new JarClient(server.url);
    const saved = await shopper.get(
      `/ymm/json/saveVehicle?add1=${item('Year', noted.year_from)}&add2=${item('MakeID', noted.make_id)}&add3=${item('ModelID', noted.model_id)}`,
    );
    expect(saved.status).toBe(200);
    const p = (await shopper.get(`/ymm/json/validateFitment?Parts=${parts([noted])}`)).body.parts[0];
    expect(p.result).toBe('yes');
    expect(p.notes).toContain(noted.notes);
  });

  it('malformed Parts and add are 400 with a clear message, never 500', async () => {
    const guest = new JarClient(server.url);
    const bad = async (query: string) => {
      const r = await guest.get(`/ymm/json/validateFitment${query}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_input');
      return r.body.message as string;
    };
    expect(await bad('')).toMatch(/Parts is required/);
    expect(await bad('?Parts=')).toMatch(/at least one part/);
    expect(await bad('?Parts=BBWW33-2304')).toMatch(/is not a part/);
    expect(
      await bad(`?Parts=${parts(Array.from({ length: 101 }, (_, i) => ({ aaia: 'ABCD', mpn: String(i) })))}`),
    ).toMatch(/At most 100 parts/);
    expect(await bad(`?Parts=${'A~1,'.repeat(3000)}`)).toMatch(/too long/i);
    expect(await bad('?Parts=A~1&Parts=B~2')).toMatch(/Parts is required/);
    expect(await bad(`?Parts=A~1&add=${item('Colour', 1)}`)).toMatch(/Unknown vehicle facet/);
    const unknownAdd = await guest.get(`/ymm/json/validateFitment?Parts=A~1&add=${item('Year', 1901)}`);
    expect(unknownAdd.status).toBe(400);
    expect(unknownAdd.body.error).toBe('unknown_facet');
    // Quotes, percent signs and SQL in a part number are data.
    const odd = await guest.get(
      `/ymm/json/validateFitment?Parts=${encodeURIComponent("A'B~1%'; drop table products; --")}`,
    );
    expect(odd.status).toBe(200);
    expect(odd.body.parts[0].result).toBe('unknown');
  });

  it('a brand code containing ~ cannot alias another part', async () => {
    const db = server.open.db;
    const maker = products[0]!.manufacturer_id;
    await db
      .insertInto('products')
      .values([
        { manufacturer_id: maker, aaia: 'AL~X', mpn: 'Y', name: 'Alias one', slug: 'alias-one', is_universal: true },
        { manufacturer_id: maker, aaia: 'AL', mpn: 'X~Y', name: 'Alias two', slug: 'alias-two' },
      ])
      .execute();
    try {
      const r = await new JarClient(server.url).get(`/ymm/json/validateFitment?Parts=${encodeURIComponent('AL~X~Y')}`);
      // Parsed as brand AL, part X~Y: the second product (no fitment data), never the universal first.
      expect(r.body.parts).toEqual([
        { BrandCode: 'AL', Part: 'X~Y', result: 'unknown', choices: [], label: '', name: '', notes: [] },
      ]);
    } finally {
      await db.deleteFrom('products').where('slug', 'in', ['alias-one', 'alias-two']).execute();
    }
  });

  it('100 parts in one call', async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?${vehicleQuery(fx)}`);
    const r = await shopper.get(`/ymm/json/validateFitment?Parts=${parts(products.slice(0, 100))}`);
    expect(r.status).toBe(200);
    expect(r.body.parts).toHaveLength(100);
    expect(r.body.parts.every((p: { result: string }) => ['yes', 'no', 'maybe', 'universal'].includes(p.result))).toBe(
      true,
    );
  });

  it('getCatalogDetails counts agree with validateFitment over the same series, category and brand', async () => {
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?${vehicleQuery(fx)}&add4=${item('SubModelID', fx.subModelId)}`);
    const product = products.find((p) => p.product_id === fx.productId)!;
    const category = (
      await server.open.db
        .selectFrom('product_categories')
        .select('category_id')
        .where('product_id', '=', product.product_id)
        .executeTakeFirstOrThrow()
    ).category_id;
    const inCategory = new Set(
      (
        await server.open.db
          .selectFrom('product_categories')
          .select('product_id')
          .where('category_id', '=', category)
          .execute()
      ).map((r) => r.product_id),
    );

    const r = await shopper.postForm('/ymm/json/getCatalogDetails', {
      product_id: product.product_id,
      aaia: product.aaia,
      mpn: product.mpn,
      category_id: category,
      manufacturer_id: product.manufacturer_id,
      series_id: product.series_id ?? '',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ aaia: product.aaia, mpn: product.mpn });
    const d = r.body.catalogDetails;
    expect(d.categoryUrl).toBe(`/product/catalog?category_id=${category}&fits=1`);
    expect(d.manufacturerUrl).toBe(`/product/catalog?manufacturer_id=${product.manufacturer_id}&fits=1`);
    expect(d.seriesUrl).toBe(product.series_id ? `/product/catalog?series_id=${product.series_id}&fits=1` : '');

    const fitting = new Set<number>();
    for (let i = 0; i < products.length; i += 100) {
      const page = products.slice(i, i + 100);
      const res = (await shopper.get(`/ymm/json/validateFitment?Parts=${parts(page)}`)).body.parts as {
        result: string;
      }[];
      res.forEach((p, j) => {
        if (p.result === 'yes' || p.result === 'universal') fitting.add(page[j]!.product_id);
      });
    }
    const count = (pred: (p: Product) => boolean) =>
      products.filter((p) => fitting.has(p.product_id) && pred(p)).length;
    expect(d.manufacturerCount).toBe(count((p) => p.manufacturer_id === product.manufacturer_id));
    expect(d.categoryCount).toBe(count((p) => inCategory.has(p.product_id)));
    expect(d.seriesCount).toBe(product.series_id ? count((p) => p.series_id === product.series_id) : 0);
    expect(d.manufacturerCount).toBeGreaterThan(0); // the fixture part itself fits

    // Each tile's listing holds exactly the parts it counted, and says which vehicle it is for.
    const listed = async (url: string) => {
      const r = await shopper.get(`/api/products/${url.slice(url.indexOf('?'))}&limit=100`);
      expect(r.status).toBe(200);
      return r.body as { total_items: number; fits_vehicle: string | null; products: { product_id: number }[] };
    };
    const byBrand = await listed(d.manufacturerUrl);
    expect(byBrand.total_items).toBe(d.manufacturerCount);
    expect(byBrand.fits_vehicle).toMatch(/\S+ \S+/);
    expect(byBrand.products.every((p) => fitting.has(p.product_id))).toBe(true);
    expect((await listed(d.categoryUrl)).total_items).toBe(d.categoryCount);
    // Without a vehicle `fits` narrows nothing.
    const all = await new JarClient(server.url).get(
      `/api/products/?manufacturer_id=${product.manufacturer_id}&fits=1&limit=1`,
    );
    expect(all.body.fits_vehicle).toBeNull();
    expect(all.body.total_items).toBe(products.filter((p) => p.manufacturer_id === product.manufacturer_id).length);

    // Hiding universal parts removes them from the counts.
    await shopper.get('/ymm/json/toggle_universal');
    const hidden = (
      await shopper.postForm('/ymm/json/getCatalogDetails', {
        product_id: product.product_id,
        category_id: category,
        manufacturer_id: product.manufacturer_id,
        series_id: 0,
      })
    ).body;
    expect(hidden.catalogDetails.manufacturerCount).toBe(
      count((p) => p.manufacturer_id === product.manufacturer_id && !p.is_universal),
    );
    expect(hidden.catalogDetails).toMatchObject({ seriesCount: 0, seriesUrl: '' });
  });

  it('getCatalogDetails: no vehicle gives zero counts; a malformed body is 400; a signed-in caller needs the CSRF token', async () => {
    const guest = new JarClient(server.url);
    const r = await guest.postForm('/ymm/json/getCatalogDetails', {
      product_id: fx.productId,
      aaia: fx.aaia,
      mpn: fx.mpn,
      category_id: 0,
      manufacturer_id: 1,
      series_id: 1,
    });
    expect(r.body.catalogDetails).toMatchObject({
      seriesCount: 0,
      categoryCount: 0,
      manufacturerCount: 0,
      categoryUrl: '',
    });
    expect((await guest.postForm('/ymm/json/getCatalogDetails', { product_id: 'abc' })).status).toBe(400);

    const shopper = new JarClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    expect((await shopper.postForm('/ymm/json/getCatalogDetails', { product_id: fx.productId })).status).toBe(200);
    const token = shopper.csrfToken;
    shopper.csrfToken = null;
    expect((await shopper.postForm('/ymm/json/getCatalogDetails', { product_id: fx.productId })).status).toBe(403);
    shopper.csrfToken = token;
  });
});
