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
export const VEHICLE_NOT_FOUND = 'The vehicle could not be found.';

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
