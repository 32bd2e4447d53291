// Column blocks stored as they came (src/db/tables.ts applyServerChanges with `blocks`, tuple
// chunks) leave exactly what the same pages in row form leave: every product row, stock row,
// category link and fitment tuple reads back the same, over random pages of inserts, updates and
// deletions of the grouped tables (property-based, fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PackedBlock, RowChange } from '../../../src/contracts/sync-pull';
import { categoryLinks, stockRows } from '../../../src/db/catalog-links';
import type { PartsdeskDb } from '../../../src/db/database';
import { FIT_COLUMNS, fitmentOf } from '../../../src/db/fitment-chunks';
import { productRows } from '../../../src/db/product-chunks';
import { applyServerChanges, pullStores } from '../../../src/db/tables';
import { freshDb } from '../sync/support';

const COLS: Record<string, { key: string[]; cols: string[] }> = {
  products: { key: ['product_id'], cols: ['product_id', 'name', 'price', 'status', 'version'] },
  product_stock: { key: ['product_id', 'location_id'], cols: ['product_id', 'location_id', 'quantity', 'version'] },
  product_categories: { key: ['product_id', 'category_id'], cols: ['product_id', 'category_id', 'version'] },
  part_fitment: {
    key: ['product_id', 'fitment_id'],
    cols: ['product_id', 'fitment_id', ...FIT_COLUMNS, 'notes', 'version'],
  },
};
const TABLES = Object.keys(COLS);

/** One server row of `table` for product p and second id s (location, category, fitment), value n. */
function rowOf(table: string, p: number, s: number, n: number): Record<string, unknown> {
  switch (table) {
    case 'products':
      return { product_id: p, name: `Part ${p} v${n}`, price: `${n}.99`, status: n % 3 !== 0 };
    case 'product_stock':
      return { product_id: p, location_id: s, quantity: n };
    case 'product_categories':
      return { product_id: p, category_id: s };
    default:
      return {
        product_id: p,
        fitment_id: s,
        year_from: 2000 + (n % 10),
        year_to: 2010,
        make_id: n,
        model_id: 1,
        sub_model_id: n % 2 ? null : 4,
        body_type_id: null,
        bed_length_id: null,
        engine_config_id: null,
        notes: n % 2 ? 'Front' : null,
      };
  }
}
const keyOf = (table: string, p: number, s: number) => (table === 'products' ? String(p) : `${p}:${s}`);

/** A random edit: table, product (spread over 3 chunks), second id, value, or a deletion. */
const edit = fc.record({
  table: fc.constantFrom(...TABLES),
  p: fc.integer({ min: 1, max: 200 }),
  s: fc.integer({ min: 1, max: 3 }),
  n: fc.integer({ min: 1, max: 50 }),
  del: fc.boolean(),
});

/**
 * Pages as the server sends them: each key's newest change in the page, versions rising; as rows
 * (everything in `changes`) and as blocks (tombstones in `changes`, live rows in a block per table).
 */
function pagesOf(edits: { table: string; p: number; s: number; n: number; del: boolean }[][]) {
  let version = 0;
  return edits.map((page) => {
    const newest = new Map<string, RowChange>();
    for (const e of page) {
      const key = keyOf(e.table, e.p, e.s);
      const c: RowChange = {
        table: e.table,
        key,
        version: ++version,
        row: e.del ? null : rowOf(e.table, e.p, e.s, e.n),
      };
      newest.delete(`${e.table}/${key}`);
      newest.set(`${e.table}/${key}`, c);
    }
    const rows = [...newest.values()];
    const blocks: PackedBlock[] = TABLES.map((table) => ({
      table,
      ...COLS[table]!,
      rows: rows
        .filter((c) => c.table === table && c.row)
        .map((c) => COLS[table]!.cols.map((col) => (col === 'version' ? c.version : c.row![col]))),
    })).filter((b) => b.rows.length > 0);
    return { rows, tombstones: rows.filter((c) => !c.row), blocks };
  });
}

async function readAll(db: PartsdeskDb) {
  const ids = Array.from({ length: 200 }, (_, i) => i + 1);
  return {
    products: await productRows(db, ids),
    stock: await Promise.all(ids.map((id) => stockRows(db, id))),
    categories: [...(await categoryLinks(db)).entries()].map(([p, cs]) => [p, [...cs].sort()]).sort(),
    fitment: [...(await fitmentOf(db, ids)).entries()],
  };
}

describe('column blocks stored as tuples', () => {
  it('read back exactly as the same pages in row form', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(edit, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 5 }),
        async (edits) => {
          const asRows = freshDb('rows');
          const asBlocks = freshDb('blocks');
          for (const page of pagesOf(edits)) {
            await asRows.transaction('rw', pullStores(asRows), () => applyServerChanges(asRows, page.rows));
            await asBlocks.transaction('rw', pullStores(asBlocks), () =>
              applyServerChanges(asBlocks, page.tombstones, page.blocks),
            );
          }
          expect(await readAll(asBlocks)).toEqual(await readAll(asRows));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a product row read back has no version, whichever form stored it', async () => {
    const db = freshDb();
    const block: PackedBlock = { table: 'products', ...COLS.products!, rows: [[5, 'Filter', '9.50', true, 12]] };
    await db.transaction('rw', pullStores(db), () => applyServerChanges(db, [], [block]));
    expect((await productRows(db, [5]))[0]).toEqual({ product_id: 5, name: 'Filter', price: '9.50', status: true });
  });
});
