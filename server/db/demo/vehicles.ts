/**
 * Demo vehicle reference (ACES-like): years, makes, models and base vehicles from the CSV shipped
 * beside this file; body types from its body_styles (pickups carry their cab style); invented
 * trims, bed lengths and engines; and the concrete configurations offered per base vehicle.
 * Returns the tree in memory so customers' vehicles and part fitment can point into it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { insertReturning, insertRows } from './bulk';
import type { Rng } from './prng';
import {
  BED_LENGTHS,
  CAB_NAMES,
  CAB_SUFFIXES,
  ENGINE_MFRS,
  FULL_SIZE,
  GENERIC_FAMILIES,
  GENERIC_TRIMS,
  HEAVY_DUTY,
  MODEL_RENAMES,
  TRIMS,
  type EngineFamilyDef,
} from './vehicle-data';
// The popular makes and models are the spec's (storefront.md §9), defined once in the domain.
import { POPULAR_MAKES, POPULAR_MODELS } from '../../../src/domain/constants';

export interface VehicleConfigRef {
  subModelId: number | null;
  bodyTypeId: number | null;
  bedLengthId: number | null;
  engineConfigId: number | null;
}

export interface BaseVehicleRef {
  baseVehicleId: number;
  year: number;
  model: ModelRef;
  configs: VehicleConfigRef[];
}

export interface ModelRef {
  modelId: number;
  makeId: number;
  make: string;
  name: string;
  isPopular: boolean;
  isTruck: boolean;
  /** Consecutive-year runs the model was sold in, e.g. [[1992, 1996], [2021, 2026]]. */
  runs: [number, number][];
  subModelIds: number[];
  engineConfigIds: number[];
  bedLengthIds: number[];
}

export interface VehicleTree {
  models: ModelRef[];
  baseVehicles: BaseVehicleRef[];
}

interface CsvRow {
  year: number;
  make: string;
  model: string;
  bodies: string[];
}

const CSV_NAME = 'us-vehicle-models-1992-2026.csv';

/**
 * The CSV beside this source file; from a bundled server (one file elsewhere in the project, e.g.
 * the tests' prebuilt server) the same file found from the project root above it.
 */
function csvFile(): string {
  const beside = fileURLToPath(new URL(`./${CSV_NAME}`, import.meta.url));
  if (fs.existsSync(beside)) return beside;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'server', 'db', 'demo', CSV_NAME);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return beside; // not found: the read names the expected file
  }
}

/** Parses the CSV (year,make,model,body_styles-as-JSON-list), folding cab styles into body types. */
export function readVehicleCsv(): CsvRow[] {
  const lines = fs.readFileSync(csvFile(), 'utf8').split(/\r?\n/).slice(1);
  const rows: CsvRow[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const [year, make, rawModel, styles] = splitCsvLine(line);
    if (!year || !make || rawModel === undefined) continue;
    const { model, cab } = normaliseModel(make, rawModel);
    let bodies = styles ? (JSON.parse(styles) as string[]) : [];
    if (cab) {
      const pickup = `${CAB_NAMES[cab] ?? cab} Pickup`;
      bodies = bodies.length === 0 ? [pickup] : bodies.map((b) => (b === 'Pickup' ? pickup : b));
    }
    rows.push({ year: Number(year), make, model, bodies });
  }
  return rows;
}

function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function normaliseModel(make: string, raw: string): { model: string; cab: string | null } {
  let model = raw.replace(/ \((Classic|Heritage)\)/, '');
  let cab: string | null = null;
  for (const suffix of CAB_SUFFIXES) {
    if (model === suffix || model.endsWith(` ${suffix}`)) {
      cab = suffix;
      model = model.slice(0, model.length - suffix.length).trim();
      break;
    }
  }
  model = MODEL_RENAMES[`${make}|${model}`] ?? model;
  return { model: model || 'Pickup', cab };
}

function runsOf(years: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const y of years) {
    const last = runs[runs.length - 1];
    if (last && last[1] === y - 1) last[1] = y;
    else runs.push([y, y]);
  }
  return runs;
}

const litersOf = (size: string) => /^(\d+(?:\.\d)?)L/.exec(size)?.[1] ?? '0.0';

export async function seedVehicles(db: Kysely<DB>, rng: Rng): Promise<VehicleTree> {
  const rows = readVehicleCsv();

  // Aggregate: model key -> years and, per year, body types.
  const makeNames = [...new Set(rows.map((r) => r.make))].sort();
  const byModel = new Map<string, { make: string; name: string; years: Map<number, Set<string>> }>();
  for (const r of rows) {
    const key = `${r.make}|${r.model}`;
    let m = byModel.get(key);
    if (!m) byModel.set(key, (m = { make: r.make, name: r.model, years: new Map() }));
    const bodies = m.years.get(r.year) ?? new Set<string>();
    for (const b of r.bodies) bodies.add(b);
    m.years.set(r.year, bodies);
  }
  for (const [make, models] of Object.entries(POPULAR_MODELS)) {
    for (const name of models) {
      if (!byModel.has(`${make}|${name}`))
        throw new Error(`demo vehicles: popular model ${make} ${name} missing from the CSV`);
    }
  }
  const modelKeys = [...byModel.keys()].sort();
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
  const bodyNames = [...new Set(rows.flatMap((r) => r.bodies))].sort();

  await insertRows(
    db,
    'vehicle_years',
    years.map((year) => ({ year })),
  );
  const makeIds = new Map(
    (
      await insertReturning(
        db,
        'vehicle_makes',
        makeNames.map((name) => ({ name, is_popular: (POPULAR_MAKES as readonly string[]).includes(name) })),
        ['make_id', 'name'],
      )
    ).map((m) => [m.name, m.make_id]),
  );
  const modelRows = modelKeys.map((key) => {
    const m = byModel.get(key)!;
    return {
      make_id: makeIds.get(m.make)!,
      name: m.name,
      is_popular: POPULAR_MODELS[m.make]?.includes(m.name) ?? false,
    };
  });
  const modelIds = new Map(
    (await insertReturning(db, 'vehicle_models', modelRows, ['model_id', 'make_id', 'name'])).map((m) => [
      `${m.make_id}|${m.name}`,
      m.model_id,
    ]),
  );

  const named = (names: readonly string[]) => names.map((name) => ({ name }));
  const trimNames = [...new Set([...GENERIC_TRIMS, ...Object.values(TRIMS).flat()])].sort();
  const subModelIds = new Map(
    (await insertReturning(db, 'vehicle_submodels', named(trimNames), ['sub_model_id', 'name'])).map((r) => [
      r.name,
      r.sub_model_id,
    ]),
  );
  const bodyTypeIds = new Map(
    (await insertReturning(db, 'vehicle_body_types', named(bodyNames), ['body_type_id', 'name'])).map((r) => [
      r.name,
      r.body_type_id,
    ]),
  );
  const bedLengthIds = new Map(
    (await insertReturning(db, 'vehicle_bed_lengths', named(BED_LENGTHS), ['bed_length_id', 'name'])).map((r) => [
      r.name,
      r.bed_length_id,
    ]),
  );

  const engines = await seedEngines(db, makeNames);

  // Models with their trims and engines, chosen once per model so every year offers the same.
  const models = new Map<string, ModelRef>();
  for (const key of modelKeys) {
    const m = byModel.get(key)!;
    const makeId = makeIds.get(m.make)!;
    const yearList = [...m.years.keys()].sort((a, b) => a - b);
    const isTruck = [...m.years.values()].some((s) => [...s].some((b) => b.endsWith('Pickup')));
    const isPopular = POPULAR_MODELS[m.make]?.includes(m.name) ?? false;
    const trims = rng.sample(TRIMS[m.make] ?? GENERIC_TRIMS, isPopular || isTruck ? rng.int(3, 5) : rng.int(1, 3));
    const candidates = engines.forMake(m.make).filter((e) => engineFits(e.size, m.name));
    const pool = candidates.length > 0 ? candidates : engines.forMake(m.make);
    models.set(key, {
      modelId: modelIds.get(`${makeId}|${m.name}`)!,
      makeId,
      make: m.make,
      name: m.name,
      isPopular,
      isTruck,
      runs: runsOf(yearList),
      subModelIds: trims.map((t) => subModelIds.get(t)!),
      engineConfigIds: rng.sample(pool, rng.int(1, Math.min(3, pool.length))).map((e) => e.id),
      bedLengthIds: isTruck ? [...bedLengthIds.values()] : [],
    });
  }

  const baseRows = modelKeys.flatMap((key) => {
    const m = models.get(key)!;
    return [...byModel.get(key)!.years.keys()]
      .sort((a, b) => a - b)
      .map((year) => ({ year, make_id: m.makeId, model_id: m.modelId }));
  });
  const baseIds = new Map(
    (await insertReturning(db, 'base_vehicles', baseRows, ['base_vehicle_id', 'year', 'model_id'])).map((b) => [
      `${b.year}|${b.model_id}`,
      b.base_vehicle_id,
    ]),
  );

  const baseVehicles: BaseVehicleRef[] = [];
  const configRows: {
    base_vehicle_id: number;
    sub_model_id: number | null;
    body_type_id: number | null;
    bed_length_id: number | null;
    engine_config_id: number | null;
  }[] = [];
  for (const key of modelKeys) {
    const m = models.get(key)!;
    for (const [year, bodies] of [...byModel.get(key)!.years.entries()].sort((a, b) => a[0] - b[0])) {
      const baseVehicleId = baseIds.get(`${year}|${m.modelId}`)!;
      const bodyList = [...bodies].sort();
      const configs: VehicleConfigRef[] = [];
      const n = Math.max(m.subModelIds.length, bodyList.length);
      for (let i = 0; i < n; i++) {
        const body = bodyList.length ? bodyList[i % bodyList.length]! : null;
        const cfg: VehicleConfigRef = {
          subModelId: m.subModelIds[i % m.subModelIds.length] ?? null,
          bodyTypeId: body ? bodyTypeIds.get(body)! : null,
          bedLengthId: body?.endsWith('Pickup') ? rng.pick(m.bedLengthIds) : null,
          engineConfigId: m.engineConfigIds.length ? rng.pick(m.engineConfigIds) : null,
        };
        configs.push(cfg);
        configRows.push({
          base_vehicle_id: baseVehicleId,
          sub_model_id: cfg.subModelId,
          body_type_id: cfg.bodyTypeId,
          bed_length_id: cfg.bedLengthId,
          engine_config_id: cfg.engineConfigId,
        });
      }
      baseVehicles.push({ baseVehicleId, year, model: m, configs });
    }
  }
  await insertRows(db, 'vehicle_configs', configRows);
  return { models: [...models.values()], baseVehicles };
}

/** Whether an engine size suits a model: V8s for full-size, diesels for heavy duty only. */
function engineFits(size: string, model: string): boolean {
  const diesel = size.includes('Diesel');
  const v8 = size.includes('V8');
  if (HEAVY_DUTY.test(model)) return diesel || v8;
  if (diesel) return false;
  if (FULL_SIZE.test(model)) return v8 || size.includes('V6');
  return !v8;
}

interface EngineRef {
  id: number;
  size: string;
}

async function seedEngines(db: Kysely<DB>, makes: string[]): Promise<{ forMake(make: string): EngineRef[] }> {
  const groups = new Map<string, readonly EngineFamilyDef[]>();
  const mfrOfMake = new Map<string, string>();
  for (const def of ENGINE_MFRS) {
    groups.set(def.name, def.families);
    for (const make of def.makes) mfrOfMake.set(make, def.name);
  }
  for (const make of makes) {
    if (!mfrOfMake.has(make)) {
      groups.set(make, GENERIC_FAMILIES);
      mfrOfMake.set(make, make);
    }
  }
  const mfrNames = [...groups.keys()].sort();
  const mfrIds = new Map(
    (
      await insertReturning(
        db,
        'engine_manufacturers',
        mfrNames.map((name) => ({ name })),
        ['engine_mfr_id', 'name'],
      )
    ).map((r) => [r.name, r.engine_mfr_id]),
  );
  const familyRows = mfrNames.flatMap((mfr) =>
    groups.get(mfr)!.map((f) => ({ engine_mfr_id: mfrIds.get(mfr)!, name: f.name })),
  );
  const familyIds = new Map(
    (await insertReturning(db, 'engine_families', familyRows, ['engine_family_id', 'engine_mfr_id', 'name'])).map(
      (r) => [`${r.engine_mfr_id}|${r.name}`, r.engine_family_id],
    ),
  );
  const sizeNames = [...new Set(mfrNames.flatMap((mfr) => groups.get(mfr)!.flatMap((f) => f.sizes)))].sort();
  const sizeIds = new Map(
    (
      await insertReturning(
        db,
        'engine_sizes',
        sizeNames.map((name) => ({ name, liters: litersOf(name) })),
        ['engine_size_id', 'name'],
      )
    ).map((r) => [r.name, r.engine_size_id]),
  );

  const configRows = mfrNames.flatMap((mfr) => {
    const mfrId = mfrIds.get(mfr)!;
    return groups.get(mfr)!.flatMap((f) =>
      f.sizes.map((size) => ({
        engine_mfr_id: mfrId,
        engine_family_id: familyIds.get(`${mfrId}|${f.name}`)!,
        engine_size_id: sizeIds.get(size)!,
      })),
    );
  });
  const configs = await insertReturning(db, 'engine_configs', configRows, [
    'engine_config_id',
    'engine_family_id',
    'engine_size_id',
  ]);
  const sizeName = new Map([...sizeIds].map(([name, id]) => [id, name]));
  const familyMfr = new Map(familyRows.map((f) => [familyIds.get(`${f.engine_mfr_id}|${f.name}`)!, f.engine_mfr_id]));
  const byMfr = new Map<number, EngineRef[]>();
  for (const c of [...configs].sort((a, b) => a.engine_config_id - b.engine_config_id)) {
    const mfrId = familyMfr.get(c.engine_family_id)!;
    const list = byMfr.get(mfrId) ?? [];
    list.push({ id: c.engine_config_id, size: sizeName.get(c.engine_size_id)! });
    byMfr.set(mfrId, list);
  }
  return { forMake: (make) => byMfr.get(mfrIds.get(mfrOfMake.get(make)!)!) ?? [] };
}
