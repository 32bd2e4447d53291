import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordTokens } from '../../../src/domain/search-normalize';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';

/**
 * The server's tokens (pd_search_tokens, migration 0011) are the offline index's
 * (src/domain/search-normalize.ts wordTokens): the same text is found by the same words on a
 * shopper's phone and on a POS device with no network.
 */
describe.each(testEngines())('search tokens on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const sqlTokens = async (texts: string[]) => {
    const { rows } = await sql<{
      t: string;
    }>`select pd_search_tokens(x) as t from unnest(${texts}::text[]) with ordinality as u(x, i) order by i`.execute(
      server.open.db,
    );
    return rows.map((r) => [...new Set(r.t.split(/\s+/).filter(Boolean))].sort());
  };

  it('agrees with wordTokens on tricky names', async () => {
    const texts = [
      'K&N Air Filter 33-2304',
      'Fel-Pro Gasket',
      'WeatherTech FloorLiner',
      'BAKFlip MX4',
      'Bosch 0242236562',
      'A  B\tc',
      '',
      '--',
      'Z36 k750155 5100',
      'Rough Country 1.5" Leveling Kit',
    ];
    expect(await sqlTokens(texts)).toEqual(texts.map((t) => [...wordTokens(t)].sort()));
  });

  it('folds accents as wordTokens does (NFKD, marks removed), whatever the script', async () => {
    const texts = [
      'Bremsbeläge Vorderachse',
      'Pièce détachée Élan',
      'Señal Ångström Æsir',
      'Øl-Filter Straße',
      'ﬁlter ²',
      'Cafe\u0301 e\u0300',
      'Phụ tùng ô tô',
      'Çelik Şanzıman',
      'Tormozné doštičky',
      'ŁÓDŹ Żuraw',
      'BremsBeläge Écrou-Frein',
    ];
    expect(await sqlTokens(texts)).toEqual(texts.map((t) => [...wordTokens(t)].sort()));
  });

  it('agrees with wordTokens on every demo product name, brand and series', async () => {
    const { rows } = await sql<{ x: string }>`
      select name as x from products union select name from manufacturers union select name from series union select name from categories`.execute(
      server.open.db,
    );
    const texts = rows.map((r) => r.x);
    expect(await sqlTokens(texts)).toEqual(texts.map((t) => [...wordTokens(t)].sort()));
  });
});
