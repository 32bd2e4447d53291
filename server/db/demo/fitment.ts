/**
 * Demo fitment: compact rows (make, model, year range, optional sub model / body / bed / engine
 * and a note) pointing into the vehicle tree. Popular models get most of the parts, as in a real
 * parts catalog; trucks get truck parts; bed-length parts name the bed.
 */
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import type { LeafDef } from './categories';
import type { Rng } from './prng';
import type { ModelRef, VehicleTree } from './vehicles';

interface WeightedModels {
  models: ModelRef[];
  /** Running totals of the weights, for a binary-search pick. */
  cumulative: number[];
}

export interface FitmentPicker {
  all: WeightedModels;
  trucks: WeightedModels;
}

function weighted(models: ModelRef[]): WeightedModels {
  let total = 0;
  const cumulative = models.map((m) => (total += m.isPopular ? 12 : m.isTruck ? 3 : 1));
  return { models, cumulative };
}

export function fitmentPicker(tree: VehicleTree): FitmentPicker {
  const usable = tree.models.filter((m) => m.runs.length > 0);
  return { all: weighted(usable), trucks: weighted(usable.filter((m) => m.isTruck)) };
}

function pickModel(rng: Rng, pool: WeightedModels): ModelRef {
  const total = pool.cumulative[pool.cumulative.length - 1] ?? 0;
  const r = rng.float() * total;
  let lo = 0;
  let hi = pool.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((pool.cumulative[mid] ?? 0) > r) hi = mid;
    else lo = mid + 1;
  }
  return pool.models[lo]!;
}

export function buildFitment(
  rng: Rng,
  picker: FitmentPicker,
  productId: number,
  leaf: LeafDef,
): Insertable<DB['part_fitment']>[] {
  const truckOnly = leaf.fitment === 'truck' || leaf.fitment === 'bed';
  const pool = truckOnly && picker.trucks.models.length > 0 ? picker.trucks : picker.all;
  const count = rng.weighted([1, 2, 3, 4], [40, 30, 20, 10]);
  const rows: Insertable<DB['part_fitment']>[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < count; i++) {
    const model = pickModel(rng, pool);
    if (seen.has(model.modelId)) continue;
    seen.add(model.modelId);
    // A year range never spans a gap in production (Bronco 1996 -> 2021 is two ranges).
    const run = rng.weighted(
      model.runs,
      model.runs.map(([a, b]) => b - a + 1),
    );
    const span = Math.min(run[1] - run[0] + 1, rng.int(1, 10));
    const from = rng.int(run[0], run[1] - span + 1);
    const engineShare = leaf.engine ? 0.6 : 0.1;
    rows.push({
      product_id: productId,
      make_id: model.makeId,
      model_id: model.modelId,
      year_from: from,
      year_to: from + span - 1,
      sub_model_id: model.subModelIds.length && rng.chance(0.2) ? rng.pick(model.subModelIds) : null,
      body_type_id: null,
      bed_length_id:
        leaf.fitment === 'bed' && model.bedLengthIds.length && rng.chance(0.8) ? rng.pick(model.bedLengthIds) : null,
      engine_config_id:
        model.engineConfigIds.length && rng.chance(engineShare) ? rng.pick(model.engineConfigIds) : null,
      notes: leaf.notes && rng.chance(0.5) ? rng.pick(leaf.notes) : null,
    });
  }
  return rows;
}
