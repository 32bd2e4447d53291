/**
 * Part validation from the device cache (cache schema 4), for a staff device offline: the same
 * rule as the server's /ymm/json/validateFitment (src/domain/fitment.ts judgePart, then
 * nameChoices), fed from the cached products, compact fitment (fitment-chunks.ts) and vehicle
 * name tables (`catalog` store) instead of SQL. Facts as the server loads them
 * (server/services/fitment/fitment-rows.ts): a disabled product is not in the catalog; an engine
 * configuration the cache lacks leaves the row open on engine; rows that conflict with the vehicle
 * are kept (judgePart ignores them, the server drops them in SQL first).
 */
import { validatedPart, type ValidatedPart } from '../contracts/fitment/validate-fitment';
import {
  FACET_NAME_TABLES,
  choiceIdsToName,
  judgePart,
  nameChoices,
  type FitmentRow,
  type PartFacts,
  type PartRef,
} from '../domain/fitment';
import type { Facets } from '../domain/fitment-facets';
import type { PartsdeskDb } from './database';
import type { FitTuple } from './chunk-stores';
import { fitmentOf } from './fitment-chunks';
import { eachProductBatch, productRows } from './product-chunks';

/** `{aaia}~{mpn}`, the Parts parameter's spelling (the server matches the same text). */
export const partRefKey = (p: PartRef): string => `${p.aaia}~${p.mpn}`;

/** Every cached product by `{aaia}~{mpn}` (one pass over the product chunks). */
export async function partRefIndex(db: PartsdeskDb): Promise<Map<string, number>> {
  const refs = new Map<string, number>();
  await eachProductBatch(db, (rows) => {
    for (const r of rows) refs.set(`${String(r.aaia)}~${String(r.mpn)}`, Number(r.product_id));
  });
  return refs;
}

type EngineParts = { mfr: number; family: number; size: number };

const NONE: PartFacts = { known: false, universal: false, hasFitmentData: false, rows: [] };
const ref = (id: number) => ({ id, name: '' });
const optional = (id: number) => (id === 0 ? null : ref(id));

function rowOf(t: FitTuple, engines: ReadonlyMap<number, EngineParts>): FitmentRow {
  const engine = t[7] === 0 ? undefined : engines.get(t[7]);
  return {
    yearFrom: t[0],
    yearTo: t[1],
    make: ref(t[2]),
    model: ref(t[3]),
    subModel: optional(t[4]),
    bodyType: optional(t[5]),
    bedLength: optional(t[6]),
    engine: engine ? { mfr: ref(engine.mfr), family: ref(engine.family), size: ref(engine.size) } : null,
    notes: t[8],
  };
}

/**
 * Judges `parts` against `facets` from the cache, in the order asked (as the server's reply
 * lists them). `productIdOf` finds a part's product id (partRefIndex, kept by the caller).
 */
export async function validateFromCache(
  db: PartsdeskDb,
  productIdOf: (ref: string) => number | undefined,
  parts: readonly PartRef[],
  facets: Facets,
): Promise<ValidatedPart[]> {
  const ids = parts.map((p) => productIdOf(partRefKey(p)));
  const known = [...new Set(ids.filter((id): id is number => id !== undefined))];
  const [products, fitment] = await Promise.all([productRows(db, known), fitmentOf(db, known)]);
  const productById = new Map(known.map((id, i) => [id, products[i]]));
  const configIds = new Set<number>();
  for (const tuples of fitment.values()) for (const t of tuples) if (t[7] !== 0) configIds.add(t[7]);
  const configs = await db.catalog.bulkGet(
    [...configIds].map((id) => ['engine_configs', String(id)] as [string, string]),
  );
  const engines = new Map<number, EngineParts>();
  for (const c of configs) {
    if (!c) continue;
    engines.set(Number(c.row.engine_config_id), {
      mfr: Number(c.row.engine_mfr_id),
      family: Number(c.row.engine_family_id),
      size: Number(c.row.engine_size_id),
    });
  }

  const judged = parts.map((_, i) => {
    const id = ids[i];
    const row = id === undefined ? undefined : productById.get(id);
    if (id === undefined || !row || row.status === false) return judgePart(NONE, facets);
    const tuples = fitment.get(id) ?? [];
    const universal = row.is_universal === true;
    return judgePart(
      {
        known: true,
        universal,
        hasFitmentData: tuples.length > 0,
        rows: universal ? [] : tuples.map((t) => rowOf(t, engines)),
      },
      facets,
    );
  });

  const wanted = choiceIdsToName(judged);
  const keys: [string, string][] = [];
  for (const [facet, set] of wanted) for (const id of set) keys.push([FACET_NAME_TABLES[facet][0], String(id)]);
  const found = keys.length ? await db.catalog.bulkGet(keys) : [];
  const names = new Map<string, string>();
  found.forEach((r, i) => {
    if (r && typeof r.row.name === 'string') names.set(`${keys[i]![0]}:${keys[i]![1]}`, r.row.name);
  });
  const labelled = nameChoices(judged, (facet, id) => names.get(`${FACET_NAME_TABLES[facet][0]}:${id}`));

  return parts.map((p, i) => validatedPart(p, labelled[i]!));
}
