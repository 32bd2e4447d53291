import { sql, type Kysely } from 'kysely';
import type { FacetKey } from '../../src/domain/fitment-facets';
import { sortChoices, type PartJudgement } from '../../src/domain/fitment';
import type { DB } from '../db/schema';

/** Where each facet's names live (constants: the only text spliced into SQL here). */
const NAME_TABLES: Readonly<Record<Exclude<FacetKey, 'Year'>, readonly [table: string, id: string]>> = {
  MakeID: ['vehicle_makes', 'make_id'],
  ModelID: ['vehicle_models', 'model_id'],
  SubModelID: ['vehicle_submodels', 'sub_model_id'],
  BodyTypeID: ['vehicle_body_types', 'body_type_id'],
  BedLengthID: ['vehicle_bed_lengths', 'bed_length_id'],
  EngineMfrID: ['engine_manufacturers', 'engine_mfr_id'],
  EngineFamilyID: ['engine_families', 'engine_family_id'],
  EngineSizeID: ['engine_sizes', 'engine_size_id'],
};

/**
 * Names the choices of 'maybe' judgements and puts them in display order. fitment-rows.ts loads
 * ids only (naming every row made the parts query several times slower), so the choices arrive
 * with empty labels; only the few values a prompt shows are named here, in one query, and only
 * when some prompt asks for something other than a year (a year is its own label).
 */
export async function labelChoices(db: Kysely<DB>, judgements: PartJudgement[]): Promise<PartJudgement[]> {
  const wanted = new Map<Exclude<FacetKey, 'Year'>, Set<number>>();
  for (const j of judgements) {
    if (j.result !== 'maybe' || j.name === '' || j.name === 'Year') continue;
    const ids = wanted.get(j.name) ?? new Set<number>();
    for (const c of j.choices) ids.add(Number(c.id));
    wanted.set(j.name, ids);
  }
  if (wanted.size === 0) return judgements;

  const selects = [...wanted].map(([key, ids]) => {
    const [table, id] = NAME_TABLES[key];
    return sql`select ${key}::text as key, ${sql.ref(id)}::text as id, name from ${sql.table(table)} where ${sql.ref(id)} = any(${[...ids]}::int[])`;
  });
  const rows = await sql<{ key: string; id: string; name: string }>`${sql.join(selects, sql` union all `)}`.execute(db);
  const names = new Map(rows.rows.map((r) => [`${r.key}:${r.id}`, r.name]));

  return judgements.map((j) => {
    if (j.result !== 'maybe' || j.name === '' || j.name === 'Year') return j;
    const key = j.name;
    return { ...j, choices: sortChoices(key, j.choices.map((c) => ({ id: c.id, label: names.get(`${key}:${c.id}`) ?? c.label }))) };
  });
}
