/**
 * A customer's garage from the storefront's fitment form (storefront.md §7 "Customer vehicle
 * (staff, from storefront)"): POST /api/customer_vehicle/add and getVehicleJson. The add is the
 * domain's `vehicle.create` run through the same server applier a sync push runs (server/commands/runner.ts), so
 * the counter's offline path and this online one share every rule ('A customer must be selected!',
 * the VIN format, the title length).
 */
import { randomUUID } from 'node:crypto';
import type { YmmChoice } from '../../../src/domain/mutations/records';
import { CUSTOMER_MUST_BE_SELECTED } from '../../../src/domain/forms/appointment';
import { ServiceError, notFound } from '../../errors';
import type { Actor } from '../../commands/actor';
import type { CommandRunner } from '../../commands/runner';

export interface AddVehicleInput {
  customer_id: string | number | null;
  title: string;
  vin: string;
  notes: string;
  ymm_data: Record<string, YmmChoice>;
}

export interface GarageVehicle {
  id: string;
  vehicle_id: number;
  customer_id: number;
  title: string;
  vin: string;
  notes: string;
  ymm_data: Record<string, YmmChoice>;
}

export const VEHICLE_ADDED = 'Success: the vehicle was added to the customer’s garage.';
export const VEHICLE_SAVED = 'Success: the vehicle was saved.';
export const VEHICLE_DELETED = 'Success: the vehicle was deleted.';
export const VEHICLE_NOT_FOUND = 'The vehicle could not be found.';

export type VehicleSort = 'title' | 'vin' | 'date_added';

export interface VehicleListQuery {
  customer_id: string | number;
  page: number;
  limit: number;
  sort: VehicleSort;
  order: 'asc' | 'desc';
}

/** §7 "Paged lists ... return results, totalPages, position (and data)". */
export interface VehicleListReply {
  results: number;
  totalPages: number;
  position: number;
  data: GarageVehicle[];
}

export interface EditVehicleInput extends Omit<AddVehicleInput, 'customer_id'> {
  vehicle_id: string | number;
  customer_id: string | number | null;
}

export class CustomerVehicleService {
  constructor(private readonly commands: CommandRunner) {}

  async add(actor: Actor, input: AddVehicleInput): Promise<{ success: string; vehicle: GarageVehicle }> {
    const ref = await this.customerRef(input.customer_id);
    const id = randomUUID();
    // 'A customer must be selected!' is the caller's mistake: 422 (server/commands/refusals.ts), never 500.
    await this.commands.transaction(actor, (tx) =>
      this.commands.run(tx, 'vehicle.create', {
        id,
        customer_ref: ref,
        title: input.title,
        vin: input.vin,
        notes: input.notes,
        ymm_data: input.ymm_data,
      }),
    );
    return { success: VEHICLE_ADDED, vehicle: await this.get(id) };
  }

  /** GET /api/customer_vehicle: one page of the customer's live vehicles (§9 default sort title ascending). */
  async list(q: VehicleListQuery): Promise<VehicleListReply> {
    const ref = await this.customerRef(q.customer_id);
    const db = this.commands.reader;
    const base = db
      .selectFrom('customer_vehicles as v')
      .innerJoin('customers as c', 'c.id', 'v.customer_id')
      .where('v.customer_id', '=', ref)
      .where('v.deleted_at', 'is', null);
    const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['v.id', 'v.vehicle_id', 'c.customer_id', 'v.title', 'v.vin', 'v.notes', 'v.ymm_data'])
      .orderBy(q.sort === 'date_added' ? 'v.date_added' : `v.${q.sort}`, q.order)
      .orderBy('v.vehicle_id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    const results = Number(n);
    return {
      results,
      totalPages: Math.max(1, Math.ceil(results / q.limit)),
      position: q.page,
      data: rows.map((r) => ({ ...r, ymm_data: (r.ymm_data ?? {}) as Record<string, YmmChoice> })),
    };
  }

  /** POST /api/customer_vehicle/edit: the vehicle must be the named customer's (else 404, nothing changes). */
  async edit(actor: Actor, input: EditVehicleInput): Promise<{ success: string; vehicle: GarageVehicle }> {
    const v = await this.owned(input.vehicle_id, input.customer_id);
    await this.commands.transaction(actor, (tx) =>
      this.commands.run(tx, 'vehicle.update', {
        vehicle_ref: v.id,
        title: input.title,
        vin: input.vin,
        notes: input.notes,
        ymm_data: input.ymm_data,
      }),
    );
    return { success: VEHICLE_SAVED, vehicle: await this.get(v.id) };
  }

  /** POST /api/customer_vehicle/delete (vehicleId; customer_id, when sent, must own it). */
  async delete(
    actor: Actor,
    vehicleId: string | number,
    customerId: string | number | null,
  ): Promise<{ success: string }> {
    const v = await this.owned(vehicleId, customerId);
    await this.commands.transaction(actor, (tx) => this.commands.run(tx, 'vehicle.delete', { vehicle_ref: v.id }));
    return { success: VEHICLE_DELETED };
  }

  /** A live vehicle by number or id, refused as not found when it is not `customerId`'s (when given). */
  private async owned(vehicleId: string | number, customerId: string | number | null): Promise<GarageVehicle> {
    const v = await this.get(vehicleId);
    if (customerId === null) return v;
    const ref = await this.customerRef(customerId);
    const owner = await this.commands.reader
      .selectFrom('customer_vehicles')
      .select('customer_id')
      .where('id', '=', v.id)
      .executeTakeFirstOrThrow();
    if (owner.customer_id !== ref) throw notFound(VEHICLE_NOT_FOUND);
    return v;
  }

  /** getVehicleJson: one vehicle by its number (vehicle_id) or its id. */
  async get(vehicleId: string | number): Promise<GarageVehicle> {
    const db = this.commands.reader;
    const row = await db
      .selectFrom('customer_vehicles as v')
      .innerJoin('customers as c', 'c.id', 'v.customer_id')
      .select(['v.id', 'v.vehicle_id', 'c.customer_id', 'v.title', 'v.vin', 'v.notes', 'v.ymm_data'])
      .where(typeof vehicleId === 'number' ? 'v.vehicle_id' : 'v.id', '=', vehicleId as never)
      .where('v.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound(VEHICLE_NOT_FOUND);
    return { ...row, ymm_data: (row.ymm_data ?? {}) as Record<string, YmmChoice> };
  }

  /** The customer's row id from its number or id; none or an unknown one is 'A customer must be selected!'. */
  private async customerRef(customer: string | number | null): Promise<string> {
    if (customer === null || customer === '' || customer === 0)
      throw new ServiceError('refused', 'customer_required', CUSTOMER_MUST_BE_SELECTED);
    const db = this.commands.reader;
    const row = await db
      .selectFrom('customers')
      .select('id')
      .where(typeof customer === 'number' ? 'customer_id' : 'id', '=', customer as never)
      .executeTakeFirst();
    if (!row) throw new ServiceError('refused', 'customer_required', CUSTOMER_MUST_BE_SELECTED);
    return row.id;
  }
}
