/**
 * Parts picked (and, where the test needs it, set up) in a private copy of the seeded database
 * before its server starts, for the POS catalog tests: what each part costs in the catalog is read
 * here, so the tests compare the server's order with the catalog, not with what a page showed.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../../server/db/database';
import type { TestDatabaseConfig } from '../../support/engines';

export interface Part {
  product_id: number;
  name: string;
  mpn: string;
  slug: string;
  price: string;
}

export interface LaborPart extends Part {
  labor: { labor_id: number; title: string; rate: string; minutes: number };
}

export interface OptionedPart extends Part {
  option: { product_option_id: number; name: string };
  /** A value that costs extra, and its price. */
  value: { product_option_value_id: number; name: string; price: string };
}

export interface CatalogParts {
  plain: Part;
  labor: LaborPart;
  card: Part;
  instant: Part;
  optioned: OptionedPart;
  /** No stock in any store, with its own out-of-stock sentence. */
  short: Part & { oos_text: string };
}

export const SHORT_TEXT = 'Special order: ships from the distributor in 5 days.';

/** Picks the parts, gives each 40 in every store (the short one 0), and returns their catalog facts. */
export async function setUpCatalogParts(db: TestDatabaseConfig): Promise<CatalogParts> {
  const open = await openDatabase({ dataDir: db.dataDir });
  try {
    const k = open.db;
    const base = k
      .selectFrom('products as p')
      .select([
        'p.product_id',
        'p.name',
        'p.mpn',
        'p.slug',
        sql<string>`p.price::text`.as('price'),
        'p.labor_id',
        'p.labor_time',
      ])
      .where('p.status', '=', true)
      .where('p.is_orderable', '=', true)
      .where('p.disable_pricing', '=', false)
      .orderBy('p.product_id');
    const noOptions = await base
      .where(sql<boolean>`not exists (select 1 from product_options o where o.product_id = p.product_id)`)
      .execute();
    const withLabor = noOptions.find((p) => p.labor_id !== null && (p.labor_time ?? 0) > 0);
    const others = noOptions.filter((p) => p !== withLabor);
    if (!withLabor || others.length < 4) throw new Error('the demo data has too few plain parts');
    const [plain, card, instant, short] = others as [
      (typeof others)[0],
      (typeof others)[0],
      (typeof others)[0],
      (typeof others)[0],
    ];
    const type = await k
      .selectFrom('labor_types')
      .select(['labor_id', 'title', sql<string>`amount::text`.as('amount')])
      .where('labor_id', '=', withLabor.labor_id!)
      .executeTakeFirstOrThrow();

    const opt = await k
      .selectFrom('product_options as o')
      .innerJoin('product_option_values as v', 'v.product_option_id', 'o.product_option_id')
      .innerJoin('products as p', 'p.product_id', 'o.product_id')
      .select([
        'o.product_id',
        'o.product_option_id',
        'o.name as option_name',
        'v.product_option_value_id',
        'v.name as value_name',
        sql<string>`v.price::text`.as('value_price'),
      ])
      .where('p.status', '=', true)
      .where('p.is_orderable', '=', true)
      .where('v.price', '>', '0')
      .where('v.price_prefix', '=', '+')
      .orderBy('o.product_id')
      .executeTakeFirstOrThrow();
    const optionedRow = (await base.where('p.product_id', '=', opt.product_id).execute())[0]!;

    const stocked = [plain, card, instant, withLabor, optionedRow].map((p) => p.product_id);
    await k.updateTable('product_stock').set({ quantity: 40 }).where('product_id', 'in', stocked).execute();
    await k.updateTable('product_stock').set({ quantity: 0 }).where('product_id', '=', short.product_id).execute();
    await k.updateTable('products').set({ oos_text: SHORT_TEXT }).where('product_id', '=', short.product_id).execute();

    const part = (p: (typeof noOptions)[0]): Part => ({
      product_id: p.product_id,
      name: p.name,
      mpn: p.mpn,
      slug: p.slug,
      price: p.price,
    });
    return {
      plain: part(plain),
      card: part(card),
      instant: part(instant),
      short: { ...part(short), oos_text: SHORT_TEXT },
      labor: {
        ...part(withLabor),
        labor: { labor_id: type.labor_id, title: type.title, rate: type.amount, minutes: withLabor.labor_time! },
      },
      optioned: {
        ...part(optionedRow),
        option: { product_option_id: opt.product_option_id, name: opt.option_name },
        value: { product_option_value_id: opt.product_option_value_id, name: opt.value_name, price: opt.value_price },
      },
    };
  } finally {
    await open.close();
  }
}
