import type { Kysely } from 'kysely';
import {
  FACET_KEYS,
  FACET_LABELS,
  FACET_PARENT,
  facetId,
  makeFacet,
  orphanFacet,
  type FacetKey,
  type Facets,
} from '../../../src/domain/fitment-facets';
import type { DB } from '../../db/schema';
import { ServiceError } from '../../errors';

/**
 * Checks a vehicle's facets against the reference tables and rewrites their labels from them.
 * A make must be sold in the chosen year, a model must be the make's and sold in that year, an
 * engine family must be the manufacturer's and a size must be built in that family; sub model,
 * body type and bed length must exist. Whatever the client sent as label is ignored, so a saved
 * vehicle always reads as the catalog names it.
 *
 * Refusals are 400 `unknown_facet` naming the facet: a vehicle with an id that names nothing would
 * be a vehicle no part can fit, saved silently.
 */
export class FitmentFacetResolver {
  constructor(private readonly db: Kysely<DB>) {}

  async resolve(facets: Facets): Promise<Facets> {
    const orphan = orphanFacet(facets);
    if (orphan) {
      const parent = FACET_PARENT[orphan]!;
      throw new ServiceError(
        'invalid',
        'invalid_vehicle',
        `Choose a ${FACET_LABELS[parent]} before a ${FACET_LABELS[orphan]}.`,
        {
          [orphan]: [`Choose a ${FACET_LABELS[parent]} first.`],
        },
      );
    }
    const id = (k: FacetKey) => {
      const f = facets[k];
      return f ? facetId(f) : undefined;
    };
    const out: Facets = {};
    for (const key of FACET_KEYS) {
      const value = id(key);
      if (value === undefined) continue;
      const name = await this.nameOf(key, value, id);
      if (name === undefined) {
        throw new ServiceError(
          'invalid',
          'unknown_facet',
          `${FACET_LABELS[key]} ${value} is not in the vehicle catalog${context(key, out)}.`,
          {
            [key]: [`Unknown ${FACET_LABELS[key]}.`],
          },
        );
      }
      out[key] = makeFacet(key, value, name);
    }
    return out;
  }

  private async nameOf(
    key: FacetKey,
    value: number,
    id: (k: FacetKey) => number | undefined,
  ): Promise<string | undefined> {
    const db = this.db;
    switch (key) {
      case 'Year': {
        const r = await db
          .selectFrom('base_vehicles')
          .select('year')
          .where('year', '=', value)
          .limit(1)
          .executeTakeFirst();
        return r ? String(r.year) : undefined;
      }
      case 'MakeID': {
        const r = await db
          .selectFrom('vehicle_makes as m')
          .innerJoin('base_vehicles as b', 'b.make_id', 'm.make_id')
          .select('m.name')
          .where('m.make_id', '=', value)
          .where('b.year', '=', id('Year')!)
          .limit(1)
          .executeTakeFirst();
        return r?.name;
      }
      case 'ModelID': {
        const r = await db
          .selectFrom('vehicle_models as m')
          .innerJoin('base_vehicles as b', 'b.model_id', 'm.model_id')
          .select('m.name')
          .where('m.model_id', '=', value)
          .where('b.make_id', '=', id('MakeID')!)
          .where('b.year', '=', id('Year')!)
          .limit(1)
          .executeTakeFirst();
        return r?.name;
      }
      case 'SubModelID':
        return (
          await db.selectFrom('vehicle_submodels').select('name').where('sub_model_id', '=', value).executeTakeFirst()
        )?.name;
      case 'BodyTypeID':
        return (
          await db.selectFrom('vehicle_body_types').select('name').where('body_type_id', '=', value).executeTakeFirst()
        )?.name;
      case 'BedLengthID':
        return (
          await db
            .selectFrom('vehicle_bed_lengths')
            .select('name')
            .where('bed_length_id', '=', value)
            .executeTakeFirst()
        )?.name;
      case 'EngineMfrID':
        return (
          await db
            .selectFrom('engine_manufacturers')
            .select('name')
            .where('engine_mfr_id', '=', value)
            .executeTakeFirst()
        )?.name;
      case 'EngineFamilyID':
        return (
          await db
            .selectFrom('engine_families')
            .select('name')
            .where('engine_family_id', '=', value)
            .where('engine_mfr_id', '=', id('EngineMfrID')!)
            .executeTakeFirst()
        )?.name;
      case 'EngineSizeID': {
        const r = await db
          .selectFrom('engine_configs as c')
          .innerJoin('engine_sizes as s', 's.engine_size_id', 'c.engine_size_id')
          .select('s.name')
          .where('c.engine_size_id', '=', value)
          .where('c.engine_mfr_id', '=', id('EngineMfrID')!)
          .where('c.engine_family_id', '=', id('EngineFamilyID')!)
          .limit(1)
          .executeTakeFirst();
        return r?.name;
      }
    }
  }
}

/** ' for 2019 Ford' from the already resolved parents (never from client text). */
function context(key: FacetKey, resolved: Facets): string {
  if (key === 'SubModelID' || key === 'BodyTypeID' || key === 'BedLengthID') return '';
  const chain: string[] = [];
  for (let p = FACET_PARENT[key]; p; p = FACET_PARENT[p]) {
    const label = resolved[p]?.label_value;
    if (label) chain.unshift(label);
  }
  return chain.length ? ` for ${chain.join(' ')}` : '';
}
