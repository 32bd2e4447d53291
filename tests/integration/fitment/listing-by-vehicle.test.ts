/**
 * Shop by Vehicle on the listing (docs/decisions/fitment.md "Listings narrowed to the vehicle"):
 * once a whole vehicle is chosen, GET /api/products/ lists only the parts that fit it (the same set
 * the 'Find Products That Fit' tiles count) and says how many there are out of how many; `fits=0`
 * shows every part and says how many fit; a year alone narrows nothing; the reply is the browser's
 * own (private, Vary: Cookie, a vehicle key for the service worker). Cards carry their stock line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_KEY_HEADER } from '../../../src/contracts/vehicle-key';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { JarClient, item, maybeBySubModel, type MaybeFixture } from './support';

interface Listing {
  total_items: number;
  fits_vehicle: string | null;
  vehicle: string | null;
  all_items: number | null;
  fitting_items: number | null;
  products: { product_id: number; aaia: string; mpn: string; stock_status: string; stock_text: string }[];
}

describe.each(testEngines())('listings narrowed to the shopper vehicle on %s', (engine) => {
  let server: TestServer;
  let fx: MaybeFixture;
  const vehicleQuery = (f: MaybeFixture) =>
    `add1=${item('Year', f.year)}&add2=${item('MakeID', f.makeId)}&add3=${item('ModelID', f.modelId)}`;
  /** The listing as `client` gets it, with the headers that say who may keep it. */
  const list = async (client: JarClient, query: string) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (client.jar.size) headers.cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${server.url}/api/products/${query}`, { headers });
    expect(res.status).toBe(200);
    return { body: (await res.json()) as Listing, headers: res.headers };
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await maybeBySubModel(server.open.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('narrows by default once a whole vehicle is chosen; fits=0 shows all and says how many fit', async () => {
    const guest = new JarClient(server.url);
    const all = await list(guest, '?limit=1');
    expect(all.body).toMatchObject({ fits_vehicle: null, vehicle: null, all_items: null, fitting_items: null });
    expect(all.headers.get('cache-control') ?? '').not.toMatch(/private/);
    expect(all.headers.get('vary')).toMatch(/Cookie/i);
    expect(all.headers.get(VEHICLE_KEY_HEADER)).toBeNull();

    const shopper = new JarClient(server.url);
    expect((await shopper.get(`/ymm/json/saveVehicle?${vehicleQuery(fx)}`)).status).toBe(200);
    const narrowed = await list(shopper, '?limit=100');
    const label = narrowed.body.fits_vehicle;
    expect(label).toMatch(/\S+ \S+ \S+/);
    expect(narrowed.body).toMatchObject({ vehicle: label, all_items: all.body.total_items, fitting_items: null });
    expect(narrowed.body.total_items).toBeGreaterThan(0);
    expect(narrowed.body.total_items).toBeLessThan(all.body.total_items);
    expect(narrowed.headers.get('cache-control')).toMatch(/private/);
    const key = narrowed.headers.get(VEHICLE_KEY_HEADER);
    expect(key).toMatch(/^[A-Za-z0-9_-]{16}$/);

    // The same set as the explicit filter (the tiles' links), and every listed part fits.
    expect((await list(shopper, '?limit=1&fits=1')).body.total_items).toBe(narrowed.body.total_items);
    const refs = encodeURIComponent(narrowed.body.products.map((p) => `${p.aaia}~${p.mpn}`).join(','));
    const judged = (await shopper.get(`/ymm/json/validateFitment?Parts=${refs}`)).body.parts as { result: string }[];
    expect(judged.every((p) => p.result === 'yes' || p.result === 'universal')).toBe(true);

    // The toggle: every part again, with the fitting count for "Show only the n parts that fit".
    const shown = await list(shopper, '?limit=1&fits=0');
    expect(shown.body).toMatchObject({
      total_items: all.body.total_items,
      fits_vehicle: null,
      vehicle: label,
      all_items: null,
      fitting_items: narrowed.body.total_items,
    });
    expect(shown.headers.get(VEHICLE_KEY_HEADER)).toBe(key);

    // Filters still apply inside the narrowing.
    const brand = (await list(guest, '?limit=1')).body.products[0]!;
    const brandId = (
      await server.open.db
        .selectFrom('products')
        .select('manufacturer_id')
        .where('product_id', '=', brand.product_id)
        .executeTakeFirstOrThrow()
    ).manufacturer_id;
    const byBrand = await list(shopper, `?manufacturer_id=${brandId}&limit=1`);
    expect(byBrand.body.all_items).toBe((await list(guest, `?manufacturer_id=${brandId}&limit=1`)).body.total_items);
    expect(byBrand.body.total_items).toBeLessThanOrEqual(byBrand.body.all_items!);
  });

  it('a year alone narrows nothing and names no vehicle; a reset vehicle lists everything again', async () => {
    const guest = new JarClient(server.url);
    const everything = (await list(guest, '?limit=1')).body.total_items;
    const shopper = new JarClient(server.url);
    await shopper.get(`/ymm/json/saveVehicle?add1=${item('Year', fx.year)}`);
    expect((await list(shopper, '?limit=1')).body).toMatchObject({
      total_items: everything,
      fits_vehicle: null,
      vehicle: null,
    });
    await shopper.get(`/ymm/json/saveVehicle?${vehicleQuery(fx)}`);
    expect((await list(shopper, '?limit=1')).body.total_items).toBeLessThan(everything);
    await shopper.get('/ymm/json/saveVehicle');
    const reset = await list(shopper, '?limit=1');
    expect(reset.body).toMatchObject({ total_items: everything, fits_vehicle: null, vehicle: null });
    expect(reset.headers.get(VEHICLE_KEY_HEADER)).toBeNull();
  });

  it("cards carry the stock line: in stock, the product's own out-of-stock text, or Out of Stock", async () => {
    const db = server.open.db;
    const [a, b, c] = (await list(new JarClient(server.url), '?limit=3&sort=mpn')).body.products;
    const setStock = async (productId: number, quantity: number, oos: string | null) => {
      await db.updateTable('product_stock').set({ quantity: 0 }).where('product_id', '=', productId).execute();
      const loc = await db
        .selectFrom('product_stock')
        .select('location_id')
        .where('product_id', '=', productId)
        .executeTakeFirst();
      if (loc && quantity > 0)
        await db
          .updateTable('product_stock')
          .set({ quantity })
          .where('product_id', '=', productId)
          .where('location_id', '=', loc.location_id)
          .execute();
      await db.updateTable('products').set({ oos_text: oos }).where('product_id', '=', productId).execute();
      return loc !== undefined;
    };
    const stocked = await setStock(a!.product_id, 3, null);
    await setStock(b!.product_id, 0, 'This part ships from our distributor in 3-5 business days.');
    await setStock(c!.product_id, 0, '  ');
    const cards = (await list(new JarClient(server.url), '?limit=3&sort=mpn')).body.products;
    if (stocked) expect(cards[0]).toMatchObject({ stock_status: 'in_stock', stock_text: '3 in Stock' });
    expect(cards[1]).toMatchObject({
      stock_status: 'distributor',
      stock_text: 'This part ships from our distributor in 3-5 business days.',
    });
    expect(cards[2]).toMatchObject({ stock_status: 'out_of_stock', stock_text: 'Out of Stock' });
  });
});
