import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  searchAutocompleteReplySchema,
  type SearchAutocompleteReply,
} from '../../../src/contracts/search-autocomplete';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';

interface Part {
  product_id: number;
  mpn: string;
  name: string;
  slug: string;
  brand: string;
  aaia_code: string;
}

describe.each(testEngines())('search autocomplete on %s', (engine) => {
  let server: TestServer;
  let guest: TestClient;
  let kn: Part;
  const ac = async (q: string, extra = ''): Promise<SearchAutocompleteReply> => {
    const r = await guest.get(`/api/search/autocomplete?q=${encodeURIComponent(q)}${extra}`);
    expect(r.status).toBe(200);
    return searchAutocompleteReplySchema.parse(r.body);
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    guest = new TestClient(server.url);
    // A hyphenated K&N part: the brand whose name is all punctuation trouble.
    const { rows } = await sql<Part>`
      select p.product_id, p.mpn, p.name, p.slug, m.name as brand, m.aaia_code from products p
        join manufacturers m on m.manufacturer_id = p.manufacturer_id
       where m.name = 'K&N' and p.mpn like '%-%' and p.status order by p.product_id limit 1`.execute(server.open.db);
    kn = rows[0]!;
    expect(kn).toBeDefined();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('finds a part number as written, without punctuation, brand-prefixed and with the brand as a word', async () => {
    const bare = kn.mpn.replace(/[^A-Za-z0-9]/g, '');
    for (const q of [kn.mpn, bare, `KN-${kn.mpn}`, `${kn.aaia_code}${bare}`, `k&n ${kn.mpn}`, kn.mpn.toLowerCase()]) {
      const r = await ac(q);
      expect(r.parts[0], q).toMatchObject({ product_id: kn.product_id });
      if (q !== `k&n ${kn.mpn}`) expect(r.parts[0]!.match, q).toBe('part-number');
    }
  });

  it('links hits to /{slug} with the queryID, and Show More to the search page', async () => {
    const r = await ac(kn.mpn);
    expect(r.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(r.parts[0]!.url).toBe(`/${kn.slug}?queryID=${r.queryID}`);
    expect(r.show_more_url).toBe(
      `/index.php?route=product/search&search=${encodeURIComponent(kn.mpn)}&queryID=${r.queryID}`,
    );
    expect(r.parts[0]!.price === null || /^\d+\.\d{2}$/.test(r.parts[0]!.price)).toBe(true);
  });

  it('lists part-number prefixes shortest first, before name matches', async () => {
    const prefix = kn.mpn.replace(/[^A-Za-z0-9]/g, '').slice(0, 3);
    const r = await ac(prefix, '&limit=20');
    const kinds = r.parts.map((p) => p.match);
    expect(kinds[0]).toMatch(/^part-number/);
    // Tiers never go backwards.
    const order = ['part-number', 'part-number-prefix', 'name', 'any-field'];
    for (let i = 1; i < kinds.length; i++)
      expect(order.indexOf(kinds[i]!)).toBeGreaterThanOrEqual(order.indexOf(kinds[i - 1]!));
  });

  it('answers 5 parts on a phone and 8 over 1199 px (§9), and sections with brands, series, categories', async () => {
    expect((await ac('filter', '&width=390')).parts.length).toBeLessThanOrEqual(5);
    const wide = await ac('filter', '&width=1440');
    expect(wide.parts.length).toBe(Math.min(8, wide.total));
    expect(wide.total).toBeGreaterThan(0);
    const brand = await ac('k&n');
    expect(brand.brands[0]).toMatchObject({ name: 'K&N' });
    expect(brand.brands[0]!.url).toMatch(/^\/[a-z0-9-]+\?queryID=/);
    const sections = await ac('brake');
    expect(sections.categories.length).toBeGreaterThan(0);
    // A category named like the query comes before one that only holds matching parts.
    expect(sections.categories[0]!.name.toLowerCase()).toContain('brake');
    expect(sections.categories[0]!.url).toMatch(/^\/[a-z0-9-]+\?queryID=/);
  });

  it('follows catalog changes at once: new, renamed and disabled parts', async () => {
    const db = server.open.db;
    await db
      .updateTable('products')
      .set({ name: 'Zyxwv Cold Air Intake' })
      .where('product_id', '=', kn.product_id)
      .execute();
    expect((await ac('zyxw')).parts.map((p) => p.product_id)).toEqual([kn.product_id]);
    expect((await ac('zyxw')).parts[0]!.match).toBe('name');
    await db.updateTable('products').set({ status: false }).where('product_id', '=', kn.product_id).execute();
    expect((await ac('zyxw')).total).toBe(0);
    expect((await ac(kn.mpn)).parts.map((p) => p.product_id)).not.toContain(kn.product_id);
    await db
      .updateTable('products')
      .set({ status: true, name: kn.name })
      .where('product_id', '=', kn.product_id)
      .execute();
    expect((await ac(kn.mpn)).parts[0]!.product_id).toBe(kn.product_id);
  });

  it('refuses empty or over-long text with a clear 400, and survives query syntax', async () => {
    for (const q of ['', '   ']) {
      const r = await guest.get(`/api/search/autocomplete?q=${encodeURIComponent(q)}`);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain('Type something to search for.');
    }
    const long = await guest.get(`/api/search/autocomplete?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Search text is limited to 100 characters.');
    expect((await guest.get('/api/search/autocomplete')).status).toBe(400);
    for (const q of ["'", "a' & !b", '\\', ':*', '%_', '---', 'ñ', '(|)', "o'reilly"]) {
      const r = await guest.get(`/api/search/autocomplete?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
    }
    expect((await ac('---')).total).toBe(0);
  });

  it('answers guests, shoppers and staff alike (search is public, §6)', async () => {
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    const staff = new TestClient(server.url);
    await staff.login('cashier', 'cashier');
    for (const c of [shopper, staff]) {
      const r = await c.get(`/api/search/autocomplete?q=${encodeURIComponent(kn.mpn)}`);
      expect(r.status).toBe(200);
      expect(r.body.parts[0].product_id).toBe(kn.product_id);
    }
  });

  it('ranks the search listing (/api/products/?search=) the same way', async () => {
    const r = await guest.get(`/api/products/?search=${encodeURIComponent(`KN-${kn.mpn}`)}&sort=relevance`);
    expect(r.status).toBe(200);
    expect(r.body.products[0].product_id).toBe(kn.product_id);
    const words = await guest.get('/api/products/?search=filter&sort=relevance&limit=15');
    const auto = await ac('filter', '&limit=15');
    expect(words.body.total_items).toBe(auto.total);
    expect(words.body.products.map((p: { product_id: number }) => p.product_id)).toEqual(
      auto.parts.map((p) => p.product_id),
    );
  });

  it('finds accented names by their plain letters and by accents, as the device index does', async () => {
    const brand = await server.open.db
      .selectFrom('manufacturers')
      .select(['manufacturer_id'])
      .orderBy('manufacturer_id')
      .executeTakeFirstOrThrow();
    const { product_id } = await server.open.db
      .insertInto('products')
      .values({
        aaia: 'ACCT',
        mpn: 'ACC-0016',
        name: 'Bremsbeläge Vorderachse Sécurité',
        manufacturer_id: brand.manufacturer_id,
        slug: `bremsbelaege-${Date.now()}`,
        price: '49.90',
        msrp: '49.90',
      })
      .returning('product_id')
      .executeTakeFirstOrThrow();
    try {
      for (const q of ['bremsbelag', 'Bremsbeläge', 'BREMSBELÄ', 'securite vorder', 'sécu']) {
        const r = await ac(q, '&limit=50');
        expect(
          r.parts.map((p) => p.product_id),
          q,
        ).toContain(product_id);
      }
      // Renamed: the folded tokens follow the name.
      await server.open.db
        .updateTable('products')
        .set({ name: 'Frein à disque' })
        .where('product_id', '=', product_id)
        .execute();
      expect((await ac('frein a disq', '&limit=50')).parts.map((p) => p.product_id)).toContain(product_id);
      expect((await ac('bremsbelag', '&limit=50')).parts.map((p) => p.product_id)).not.toContain(product_id);
    } finally {
      await server.open.db.deleteFrom('products').where('product_id', '=', product_id).execute();
    }
  });
});
