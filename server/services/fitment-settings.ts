import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The fitment configuration (storefront.md §3 "Fitment configuration") as the server uses it,
 * read from the `settings` row 'fitment'. Flags may be stored as true, 1 or '1' (the spec writes
 * ymm_popular_sort as '1'); anything else is off. A missing key takes the default below.
 */
export interface FitmentSettings {
  popularSort: boolean;
  enableChoices: boolean;
  enableSubModel: boolean;
  enableBodyType: boolean;
  enableBedLength: boolean;
  /** Where a saved vehicle sends a shopper on the home page; '' = stay. */
  redirect: string;
}

const DEFAULT_REDIRECT = '/product/catalog';

const flag = (v: unknown, def: boolean): boolean => (v === undefined || v === null ? def : v === true || v === 1 || v === '1' || v === 'true');

export async function readFitmentSettings(db: Kysely<DB>): Promise<FitmentSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'fitment').executeTakeFirst();
  const s = (row?.value && typeof row.value === 'object' ? row.value : {}) as Record<string, unknown>;
  const redirect = s.ymm_redirect;
  return {
    popularSort: flag(s.ymm_popular_sort, false),
    enableChoices: flag(s.enable_choices, true),
    enableSubModel: flag(s.enable_sub_model, true),
    enableBodyType: flag(s.enable_body_type, true),
    enableBedLength: flag(s.enable_bed_length, true),
    // ymm_redirect is either a switch (to the catalog) or a same-site path; never an outside URL.
    redirect: typeof redirect === 'string' && /^\/(?!\/)/.test(redirect) ? redirect : flag(redirect, false) ? DEFAULT_REDIRECT : '',
  };
}
