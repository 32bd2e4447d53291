/**
 * GET /ymm/json/config: the form's tabs, labels and switches, public (every shopper's form shows
 * them), defaults for missing keys, and nothing beyond the listed keys.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { JarClient } from './support';

describe.each(testEngines())('fitment config on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers a guest with the shop's fitment settings", async () => {
    const r = await new JarClient(server.url).get('/ymm/json/config');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ymm_enabled: true,
      engine_family_enabled: true,
      vehicle_lookup_enabled: true,
      ymm_heading: 'Shop by Vehicle',
      ymm_tab_label: 'Year / Make / Model',
      engine_family_tab_label: 'Engine',
      ymm_page_refresh: false,
      require_fitment_confirmation: false,
      ymm_popular_sort: true,
      enable_choices: true,
      design: { form: null, text: null, button: null, hover: null, glow: null },
    });
  });

  it('passes design colours only as hex colours', async () => {
    const design = { form: '#F5F5F5', text: 'red', button: '#123', hover: '#abc;background:url(x)', glow: ' #ff8800 ' };
    await sql`update settings set value = ${JSON.stringify({ design })}::jsonb where key = 'fitment'`.execute(
      server.open.db,
    );
    const r = await new JarClient(server.url).get('/ymm/json/config');
    expect(r.body.design).toEqual({ form: '#F5F5F5', text: null, button: '#123', hover: null, glow: '#ff8800' });
  });

  it("missing keys take the spec's defaults ('Year/Make/Model', 'Engine'); '1' is on", async () => {
    await sql`update settings set value = ${JSON.stringify({ require_fitment_confirmation: '1', ymm_tab_label: '  ' })}::jsonb where key = 'fitment'`.execute(
      server.open.db,
    );
    const r = await new JarClient(server.url).get('/ymm/json/config');
    expect(r.body).toMatchObject({
      ymm_tab_label: 'Year/Make/Model',
      engine_family_tab_label: 'Engine',
      require_fitment_confirmation: true,
      ymm_enabled: true,
      ymm_page_refresh: false,
    });
  });
});
