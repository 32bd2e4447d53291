/** Customer vehicles: add (a customer must be selected), edit, delete (a tombstone). */
import { CUSTOMER_MUST_BE_SELECTED } from '../forms/appointment';
import { vehicleFormSchema } from '../forms/vehicle';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { parseOrRefuse } from './first-issue';
import type { Vehicle } from './records';
import { applied, type Mutator } from './types';

export const VEHICLE_NOT_FOUND = 'The vehicle could not be found.';

export const createVehicle: Mutator<MutationArgs<'vehicle.create'>> = (state, args, ctx) => {
  if (args.customer_ref === null || !state.customer || state.customer.id !== args.customer_ref) {
    return refuse('customer_required', CUSTOMER_MUST_BE_SELECTED);
  }
  if (state.vehicle) return refuse('duplicate_id', 'This vehicle already exists.');
  const form = parseOrRefuse(vehicleFormSchema, args);
  if (!form.ok) return form;
  const vehicle: Vehicle = {
    id: args.id,
    vehicle_id: null,
    customer_ref: args.customer_ref,
    title: form.value.title,
    vin: form.value.vin,
    notes: form.value.notes,
    ymm_data: form.value.ymm_data,
    created_at: ctx.now,
    updated_at: ctx.now,
    deleted_at: null,
  };
  return applied({ vehicle });
};

export const updateVehicle: Mutator<MutationArgs<'vehicle.update'>> = (state, args, ctx) => {
  const v = state.vehicle;
  if (!v || v.id !== args.vehicle_ref || v.deleted_at !== null) return refuse('not_found', VEHICLE_NOT_FOUND);
  const form = parseOrRefuse(vehicleFormSchema, { ...args, customer_ref: v.customer_ref });
  if (!form.ok) return form;
  const { title, vin, notes, ymm_data } = form.value;
  return applied({ vehicle: { ...v, title, vin, notes, ymm_data, updated_at: ctx.now } });
};

export const deleteVehicle: Mutator<MutationArgs<'vehicle.delete'>> = (state, args, ctx) => {
  const v = state.vehicle;
  if (!v || v.id !== args.vehicle_ref || v.deleted_at !== null) return refuse('not_found', VEHICLE_NOT_FOUND);
  return applied({ vehicle: { ...v, deleted_at: ctx.now, updated_at: ctx.now } });
};
