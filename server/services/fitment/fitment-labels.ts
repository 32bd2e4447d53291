import { sql, type Kysely } from 'kysely';
import { choiceIdsToName, FACET_NAME_TABLES, nameChoices, type PartJudgement } from '../../../src/domain/fitment';
import type { DB } from '../../db/schema';

/**
 * Names the choices of 'maybe' judgements and puts them in display order. fitment-rows.ts loads
 * ids only (naming every row made the parts query several times slower), so the choices arrive
 * with empty labels; only the few values a prompt shows are named here, in one query, and only
 * when some prompt asks for something other than a year (a year is its own label).
 */
export async function labelChoices(db: Kysely<DB>, judgements: PartJudgement[]): Promise<PartJudgement[]> {
  const wanted = choiceIdsToName(judgements);
  if (wanted.size === 0) return judgements;

  const selects = [...wanted].map(([key, ids]) => {
    const [table, id] = FACET_NAME_TABLES[key];
    return sql`select ${key}::text as key, ${sql.ref(id)}::text as id, name from ${sql.table(table)} where ${sql.ref(id)} = any(${[...ids]}::int[])`;
  });
  const rows = await sql<{ key: string; id: string; name: string }>`${sql.join(selects, sql` union all `)}`.execute(db);
  const names = new Map(rows.rows.map((r) => [`${r.key}:${r.id}`, r.name]));
  return nameChoices(judgements, (key, id) => names.get(`${key}:${id}`));
}
