import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ENGINE_KEYS, YMM_KEYS, facetId, type FacetKey, type Facets } from '../../../src/domain/fitment-facets';
import type { FitmentRow, PartFacts, PartRef } from '../../../src/domain/fitment';
import type { DB } from '../../db/schema';

interface Row {
  ref: string;
  product_id: number | null;
  is_universal: boolean | null;
  has_fitment: boolean | null;
  year_from: number | null;
  year_to: number | null;
  make_id: number | null;
  model_id: number | null;
  sub_model_id: number | null;
  body_type_id: number | null;
  bed_length_id: number | null;
  engine_mfr_id: number | null;
  engine_family_id: number | null;
  engine_size_id: number | null;
  notes: string | null;
}

/** `{aaia}~{mpn}`: the Parts parameter's own spelling, and the expression products_part_ref_idx indexes. */
export const partKey = (p: PartRef) => `${p.aaia}~${p.mpn}`;

/**
 * Loads, in ONE query, every requested part with the fitment rows that do not conflict with the
 * vehicle. The parts travel as one text array, so the statement is the same
 * for 1 or 100 parts.
 *
 * Plan notes (measured, docs/decisions/fitment.md "validateFitment: the result of a part"): parts
 * are found through the expression index on `aaia || '~' || mpn` (0004), not `mpn = $1`, because
 * the planner prefers the trigram GIN index products_mpn_trgm_idx for text equality and each such
 * probe costs ~2.5 ms instead of ~0.01 ms. A brand code is never split by '~' (the parser cuts at
 * the first one), and `p.aaia` is checked too so a brand code containing '~' cannot alias another
 * part.
 *
 * The rows carry ids only, their names left '' (fitment-labels.ts names the few a 'maybe' prompt
 * shows): joining or sub-selecting eight name tables made planning alone cost ~9 ms on PGlite,
 * against ~0.5 ms for this statement.
 *
 * Must stay true: the SQL narrowing only drops rows that CONFLICT with a chosen facet (src/domain/
 * fitment.ts says those never change the answer). It narrows by year/make/model and by sub model,
 * body type and bed length; engine conflicts are left to the domain. In engine-only mode
 * year/make/model are not narrowed (they are waived). Disabled products count as not in the catalog.
 */
export async function loadPartFacts(
  db: Kysely<DB>,
  parts: readonly PartRef[],
  facets: Facets,
): Promise<Map<string, PartFacts>> {
  const rows = await sql<Row>`
select q.ref, p.product_id, p.is_universal,
  exists (select 1 from part_fitment x where x.product_id = p.product_id) as has_fitment,
  f.year_from, f.year_to, f.make_id, f.model_id, f.sub_model_id, f.body_type_id, f.bed_length_id,
  ec.engine_mfr_id, ec.engine_family_id, ec.engine_size_id, f.notes
from unnest(${parts.map(partKey)}::text[]) as q(ref)
left join products p on p.aaia || '~' || p.mpn = q.ref and p.aaia = split_part(q.ref, '~', 1) and p.status
left join part_fitment f on f.product_id = p.product_id and not p.is_universal and ${narrowing(facets)}
left join engine_configs ec on ec.engine_config_id = f.engine_config_id
`.execute(db);

  const out = new Map<string, PartFacts>();
  for (const r of rows.rows) {
    const key = r.ref;
    let facts = out.get(key);
    if (!facts) {
      facts = {
        known: r.product_id !== null,
        universal: r.is_universal === true,
        hasFitmentData: r.has_fitment === true,
        rows: [],
      };
      out.set(key, facts);
    }
    const row = toFitmentRow(r);
    if (row) (facts.rows as FitmentRow[]).push(row);
  }
  return out;
}

function toFitmentRow(r: Row): FitmentRow | null {
  if (r.year_from === null || r.year_to === null || r.make_id === null || r.model_id === null) return null;
  const ref = (id: number | null) => (id === null ? null : { id, name: '' });
  return {
    yearFrom: r.year_from,
    yearTo: r.year_to,
    make: { id: r.make_id, name: '' },
    model: { id: r.model_id, name: '' },
    subModel: ref(r.sub_model_id),
    bodyType: ref(r.body_type_id),
    bedLength: ref(r.bed_length_id),
    engine:
      r.engine_mfr_id !== null && r.engine_family_id !== null && r.engine_size_id !== null
        ? {
            mfr: { id: r.engine_mfr_id, name: '' },
            family: { id: r.engine_family_id, name: '' },
            size: { id: r.engine_size_id, name: '' },
          }
        : null,
    notes: r.notes,
  };
}

/** Conditions on `f` that drop only rows conflicting with the chosen facets. */
function narrowing(facets: Facets): RawBuilder<unknown> {
  const id = (k: FacetKey) => {
    const f = facets[k];
    return f ? facetId(f) : undefined;
  };
  const conds: RawBuilder<unknown>[] = [sql`true`];
  const engineOnly = YMM_KEYS.every((k) => id(k) === undefined) && ENGINE_KEYS.some((k) => id(k) !== undefined);
  if (!engineOnly) {
    const year = id('Year');
    const make = id('MakeID');
    const model = id('ModelID');
    if (make !== undefined) conds.push(sql`f.make_id = ${make}`);
    if (model !== undefined) conds.push(sql`f.model_id = ${model}`);
    if (year !== undefined) conds.push(sql`f.year_from <= ${year} and f.year_to >= ${year}`);
  }
  const optional = [
    ['SubModelID', sql.ref('f.sub_model_id')],
    ['BodyTypeID', sql.ref('f.body_type_id')],
    ['BedLengthID', sql.ref('f.bed_length_id')],
  ] as const;
  for (const [key, col] of optional) {
    const v = id(key);
    if (v !== undefined) conds.push(sql`(${col} is null or ${col} = ${v})`);
  }
  return sql`(${sql.join(conds, sql` and `)})`;
}
