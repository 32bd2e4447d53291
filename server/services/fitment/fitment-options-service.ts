import type { Kysely } from 'kysely';
import { FACET_LABELS } from '../../../src/domain/fitment-facets';
import { sortChoices, type FitmentChoice } from '../../../src/domain/fitment';
import type { DB } from '../../db/schema';
import { readFitmentSettings } from './fitment-settings';
import type {
  ChoiceList,
  ChoicesQuery,
  ChoicesReply,
  EngineFamilyOption,
  EngineMfrOption,
  EngineSizeOption,
  MakeOption,
  ModelOption,
} from '../../../src/contracts/fitment/option-lists';

/**
 * The fitment form's option lists (storefront.md §3 "Vehicle option lists", §4 "Fitment cascade").
 * Lists only offer what exists: makes sold in the year, models of the make in the year, choices
 * from the base vehicle's configurations. An id that names nothing gives an empty list (the
 * cascade simply has nothing to offer), a missing or malformed one is refused by the route.
 *
 * Popular vs All (§9): when ymm_popular_sort is on, popular rows carry is_popular and come first
 * (by name), then the others by name; the client shows the popular rows under 'Popular' and every
 * row under 'All'. When it is off, is_popular is false everywhere and the list is by name.
 */
export class FitmentOptionsService {
  constructor(private readonly db: Kysely<DB>) {}

  async years(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('vehicle_years as y')
      .select('y.year')
      .where((eb) => eb.exists(eb.selectFrom('base_vehicles as b').select('b.year').whereRef('b.year', '=', 'y.year')))
      .orderBy('y.year', 'desc')
      .execute();
    return rows.map((r) => r.year);
  }

  async makes(year: number): Promise<MakeOption[]> {
    const [settings, rows] = await Promise.all([
      readFitmentSettings(this.db),
      this.db
        .selectFrom('vehicle_makes as m')
        .select(['m.make_id', 'm.name', 'm.is_popular'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('base_vehicles as b')
              .select('b.make_id')
              .where('b.year', '=', year)
              .whereRef('b.make_id', '=', 'm.make_id'),
          ),
        )
        .execute(),
    ]);
    return popularFirst(
      rows.map((r) => ({ MakeID: r.make_id, MakeName: r.name, is_popular: settings.popularSort && r.is_popular })),
      (r) => r.MakeName,
    );
  }

  async models(year: number, makeId: number): Promise<ModelOption[]> {
    const [settings, rows] = await Promise.all([
      readFitmentSettings(this.db),
      this.db
        .selectFrom('base_vehicles as b')
        .innerJoin('vehicle_models as m', 'm.model_id', 'b.model_id')
        .select(['m.model_id', 'm.name', 'm.is_popular'])
        .where('b.year', '=', year)
        .where('b.make_id', '=', makeId)
        .execute(),
    ]);
    return popularFirst(
      rows.map((r) => ({ ModelID: r.model_id, ModelName: r.name, is_popular: settings.popularSort && r.is_popular })),
      (r) => r.ModelName,
    );
  }

  /**
   * Sub model, body type and bed length of the base vehicle's configurations. Each list is narrowed
   * by the other two when chosen (a 'Crew Cab' narrows the bed lengths to those built with it) and
   * never by its own value, so the shopper can still change it. Empty or disabled lists are left out.
   */
  async choices(q: ChoicesQuery): Promise<ChoicesReply> {
    const [settings, configs] = await Promise.all([
      readFitmentSettings(this.db),
      this.db
        .selectFrom('vehicle_configs as c')
        .innerJoin('base_vehicles as b', 'b.base_vehicle_id', 'c.base_vehicle_id')
        .leftJoin('vehicle_submodels as s', 's.sub_model_id', 'c.sub_model_id')
        .leftJoin('vehicle_body_types as t', 't.body_type_id', 'c.body_type_id')
        .leftJoin('vehicle_bed_lengths as l', 'l.bed_length_id', 'c.bed_length_id')
        .select([
          'c.sub_model_id',
          's.name as sub_name',
          'c.body_type_id',
          't.name as body_name',
          'c.bed_length_id',
          'l.name as bed_name',
        ])
        .where('b.year', '=', q.Year)
        .where('b.make_id', '=', q.MakeID)
        .where('b.model_id', '=', q.ModelID)
        .execute(),
    ]);
    if (!settings.enableChoices) return {};
    const lists = [
      { key: 'SubModelID', on: settings.enableSubModel, id: (c: Cfg) => c.sub_model_id, name: (c: Cfg) => c.sub_name },
      { key: 'BodyTypeID', on: settings.enableBodyType, id: (c: Cfg) => c.body_type_id, name: (c: Cfg) => c.body_name },
      {
        key: 'BedLengthID',
        on: settings.enableBedLength,
        id: (c: Cfg) => c.bed_length_id,
        name: (c: Cfg) => c.bed_name,
      },
    ] as const;
    const chosen = { SubModelID: q.SubModelID, BodyTypeID: q.BodyTypeID, BedLengthID: q.BedLengthID };
    const reply: ChoicesReply = {};
    for (const list of lists) {
      if (!list.on) continue;
      const others = lists.filter((l) => l.key !== list.key);
      const byId = new Map<string, FitmentChoice>();
      for (const c of configs) {
        const id = list.id(c);
        if (id === null) continue;
        if (others.some((o) => chosen[o.key] !== undefined && o.id(c) !== chosen[o.key])) continue;
        byId.set(String(id), { id: String(id), label: list.name(c) ?? '' });
      }
      if (byId.size === 0) continue;
      const options = sortChoices(list.key, [...byId.values()]);
      const entry: ChoiceList = {
        choices: Object.fromEntries(options.map((o) => [o.id, o.label])),
        options,
        label: FACET_LABELS[list.key],
        name: list.key,
      };
      reply[list.key] = entry;
    }
    return reply;
  }

  async engineMfrs(): Promise<EngineMfrOption[]> {
    const rows = await this.db
      .selectFrom('engine_manufacturers')
      .select(['engine_mfr_id', 'name'])
      .orderBy('name')
      .execute();
    return rows.map((r) => ({ EngineMfrID: r.engine_mfr_id, EngineMfrName: r.name }));
  }

  async engineFamilies(mfrId: number): Promise<EngineFamilyOption[]> {
    const rows = await this.db
      .selectFrom('engine_families')
      .select(['engine_family_id', 'name'])
      .where('engine_mfr_id', '=', mfrId)
      .orderBy('name')
      .execute();
    return rows.map((r) => ({ EngineFamilyID: r.engine_family_id, EngineFamilyName: r.name }));
  }

  async engineSizes(mfrId: number, familyId: number): Promise<EngineSizeOption[]> {
    const rows = await this.db
      .selectFrom('engine_configs as c')
      .innerJoin('engine_sizes as s', 's.engine_size_id', 'c.engine_size_id')
      .select(['s.engine_size_id', 's.name'])
      .distinct()
      .where('c.engine_mfr_id', '=', mfrId)
      .where('c.engine_family_id', '=', familyId)
      .execute();
    return rows
      .map((r) => ({ EngineSizeID: r.engine_size_id, EngineSizeName: r.name }))
      .sort((a, b) => collator.compare(a.EngineSizeName, b.EngineSizeName));
  }
}

interface Cfg {
  sub_model_id: number | null;
  sub_name: string | null;
  body_type_id: number | null;
  body_name: string | null;
  bed_length_id: number | null;
  bed_name: string | null;
}

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

function popularFirst<T extends { is_popular: boolean }>(rows: T[], name: (r: T) => string): T[] {
  return [...rows].sort((a, b) => Number(b.is_popular) - Number(a.is_popular) || collator.compare(name(a), name(b)));
}
