import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { FitmentConfig } from '../../../src/contracts/fitment/config';

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

const flag = (v: unknown, def: boolean): boolean =>
  v === undefined || v === null ? def : v === true || v === 1 || v === '1' || v === 'true';

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
    redirect:
      typeof redirect === 'string' && /^\/(?!\/)/.test(redirect)
        ? redirect
        : flag(redirect, false)
          ? DEFAULT_REDIRECT
          : '',
  };
}

export const DESIGN_COLOURS = ['form', 'text', 'button', 'hover', 'glow'] as const;
export type DesignColour = (typeof DESIGN_COLOURS)[number];

/** Only hex colours pass: the value lands in a style attribute, so nothing else may (no url(), no ';'). */
const colour = (v: unknown): string | null =>
  typeof v === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(v.trim()) ? v.trim() : null;

function design(v: unknown): Record<DesignColour, string | null> {
  const d = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return Object.fromEntries(DESIGN_COLOURS.map((k) => [k, colour(d[k])])) as Record<DesignColour, string | null>;
}

const text = (v: unknown, def: string): string =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 80) : def;

export async function readFitmentClientConfig(db: Kysely<DB>): Promise<FitmentConfig> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'fitment').executeTakeFirst();
  const s = (row?.value && typeof row.value === 'object' ? row.value : {}) as Record<string, unknown>;
  return {
    ymm_enabled: flag(s.ymm_enabled, true),
    engine_family_enabled: flag(s.engine_family_enabled, true),
    vehicle_lookup_enabled: flag(s.vehicle_lookup_enabled, true),
    ymm_heading: text(s.ymm_heading, 'Shop By Vehicle'),
    ymm_tab_label: text(s.ymm_tab_label, 'Year/Make/Model'),
    engine_family_tab_label: text(s.engine_family_tab_label, 'Engine'),
    // Off by default: the single-page app updates badges in place rather than reloading.
    ymm_page_refresh: flag(s.ymm_page_refresh, false),
    require_fitment_confirmation: flag(s.require_fitment_confirmation, true),
    ymm_popular_sort: flag(s.ymm_popular_sort, false),
    enable_choices: flag(s.enable_choices, true),
    design: design(s.design),
  };
}
